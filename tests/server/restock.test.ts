// Restocking over HTTP against the built app (run `npm run build` first): the dashboard's count of missing
// products, starting a run, moving it along as a staff member, and what staff, a skipped step and another
// host are refused. The database is read only for what a run, the stock and its ledger hold.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replacements } from "~/platform/db/schema";
import { type Browser, signedInBrowser } from "../support/accounts";
import { startCheckoutServer } from "../support/checkout-server";
import { FIXTURE_PASSWORD, hostEmail, tableRows, visibleText } from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import { pdfText } from "../support/qr-decode";
import { download } from "../support/qr-http";
import { currentOf, fetcherPost, historyOfRun, memberOf, movementsOfRun } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();

const AUTH_SECRET = "restock-screens-test-secret-0123456789abcdef";
const FORBIDDEN_PAGE = "Você não tem permissão para ver esta página";
const PICK_ONE = "Selecione pelo menos um produto para repor";
const NOT_FOUND = "Reposição não encontrada";
const STATUS_FAILED = "Erro ao atualizar status";
const CANNOT_SKIP = "Uma reposição 'Em processamento' não pode passar para 'Entregue'.";
const EMPTY_HINT =
  "Uma reposição leva aos imóveis os produtos que estão abaixo do esperado: você marca o que vai, imprime a lista de separação e acompanha até a entrega.";

describe.runIf(available)("restocking over HTTP", () => {
  let running: ShopServer;
  let owner: Browser;
  let staff: Browser;
  let stranger: Browser;
  let staffUserId: string;
  /** A run of water and coffee that the tests move along. */
  let runId = "";

  beforeAll(async () => {
    // Expected 5 each (shopFixture): 3 waters and 5 coffees are missing; the tea is full, the juice not
    // counted.
    running = await startCheckoutServer(
      [
        { name: "Água", priceCents: 450, stock: 2 },
        { name: "Café", priceCents: 800, stock: 0 },
        { name: "Chá", priceCents: 600, stock: 5 },
        { name: "Suco", priceCents: 700, stock: null },
      ],
      { env: { AUTH_SECRET } },
    );
    const { db, shop } = running;
    owner = await signedIn(await hostEmail(db, shop), FIXTURE_PASSWORD);
    const member = await memberOf(db, shop.organizationId, "staff");
    staffUserId = member.actor.userId;
    staff = await signedIn(member.email, member.password);
    // Another host, whose one product is full.
    const otherShop = await shopFixture(db, [{ name: "Vinho", priceCents: 5000, stock: 5 }]);
    stranger = await signedIn(await hostEmail(db, otherShop), FIXTURE_PASSWORD);
  });
  afterAll(() => running?.stop());

  const signedIn = (email: string, password: string) => signedInBrowser(running.server, email, password);

  const line = (name: string) => `${running.shop.propertyId}:${running.shop.productIds[name] ?? ""}`;
  const stockOf = (name: string) =>
    currentOf(running.db, running.shop.propertyId, running.shop.productIds[name] ?? "");

  async function runsOfShop() {
    return running.db
      .select({ id: replacements.id, status: replacements.status })
      .from(replacements)
      .where(eq(replacements.organizationId, running.shop.organizationId));
  }

  async function statusOf(id: string) {
    const [row] = await running.db
      .select({ status: replacements.status })
      .from(replacements)
      .where(eq(replacements.id, id));
    return row?.status;
  }

  /** The link (its visible text) a page has to this address, if any. */
  function linkTo(html: string, href: string): string | undefined {
    const at = html.indexOf(`href="${href}"`);
    if (at < 0) return undefined;
    const start = html.lastIndexOf("<a", at);
    return visibleText(html.slice(start, html.indexOf("</a>", at) + 4));
  }

  /** 'Marcar como: …' as the page sends it (its fetcher posts to the route's data URL). */
  const advance = (browser: Browser, from: string, to: string) =>
    fetcherPost(browser, `/replacements/${runId}`, { intent: "advance", from, to });

  it("the dashboard says how many products are missing, with a link to start a run", async () => {
    const page = await owner.get("/dashboard");
    expect(page.status).toBe(200);
    expect(visibleText(page.body)).toContain("2 produtos estão faltando nos seus imóveis.");
    expect(linkTo(page.body, "/replacements/create")).toBe(
      "2 produtos estão faltando nos seus imóveis. Iniciar uma reposição",
    );
    // Staff read runs too; the other host's products are all there.
    expect(visibleText((await staff.get("/dashboard")).body)).toContain("2 produtos estão faltando");
    const theirs = await stranger.get("/dashboard");
    expect(theirs.status).toBe(200);
    expect(visibleText(theirs.body)).not.toContain("faltando");
    expect(linkTo(theirs.body, "/replacements/create")).toBeUndefined();
  });

  it("keeps staff out of starting a run: 403 for the page and its POST, nothing created", async () => {
    const page = await staff.get("/replacements/create");
    expect(page.status).toBe(403);
    expect(visibleText(page.body)).toContain(FORBIDDEN_PAGE);
    expect(visibleText(page.body)).not.toContain("Água");

    const post = await staff.post("/replacements/create", { line: line("Água") });
    expect(post.status).toBe(403);
    expect(await runsOfShop()).toEqual([]);
    // Nor is there a button to start one on the list.
    const list = await staff.get("/replacements");
    expect(list.status).toBe(200);
    const text = visibleText(list.body);
    expect(text).not.toContain("Iniciar uma reposição");
    // The empty list explains what a run is; only those who may start one are offered it.
    expect(text).toContain(`Nenhuma reposição encontrada ${EMPTY_HINT}`);
    expect(text).not.toContain("Nova reposição");
    const ownerList = visibleText((await owner.get("/replacements")).body);
    expect(ownerList).toContain(`Nenhuma reposição encontrada ${EMPTY_HINT} Nova reposição`);
    expect(linkTo((await owner.get("/replacements")).body, "/replacements/create")).toBe(
      "Iniciar uma reposição",
    );
  });

  it("refuses an owner's run with nothing ticked (400), then starts one with the ticked products", async () => {
    const page = await owner.get("/replacements/create");
    expect(page.status).toBe(200);
    const text = visibleText(page.body);
    expect(text).toContain("Água Casa ");
    expect(text).toContain("2 / 5 · repor 3");
    expect(text).toContain("0 / 5 · repor 5");
    expect(text).not.toContain("Chá");
    expect(text).not.toContain("Suco");

    const empty = await owner.post("/replacements/create", {});
    expect(empty.status).toBe(400);
    expect(visibleText(empty.body)).toContain(PICK_ONE);
    expect(await runsOfShop()).toEqual([]);

    // Form fields as the page posts them: one `line` per ticked card.
    const body = new URLSearchParams([
      ["line", line("Água")],
      ["line", line("Café")],
    ]);
    const created = await fetch(`${running.server.url}/replacements/create`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: running.server.url,
        "content-type": "application/x-www-form-urlencoded",
        cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        "x-forwarded-for": owner.ip ?? "",
      },
      body: body.toString(),
    });
    await created.body?.cancel();
    expect(created.status).toBe(302);
    const location = created.headers.get("location") ?? "";
    expect(location).toMatch(/^\/replacements\/[0-9a-f-]{36}$/);
    expect(created.headers.get("set-cookie")).toContain("estadia_flash=replacement-created");
    runId = location.split("/").pop() ?? "";
    expect(await runsOfShop()).toEqual([{ id: runId, status: "processing" }]);

    const detail = visibleText((await owner.get(location)).body);
    // The host's first run: numbered per organization.
    expect(detail).toContain("Reposição #1");
    expect(detail).toContain("Em processamento");
    expect(detail).toContain("Marcar como: Produtos separados");
    // By product: each card with its total.
    expect(detail).toMatch(/Água Total: 3/);
    expect(detail).toMatch(/Café Total: 5/);

    // The water and the coffee are on their way: nothing is left to restock.
    const dashboard = visibleText((await owner.get("/dashboard")).body);
    expect(dashboard).not.toContain("faltando");
    const list = await owner.get("/replacements");
    const row = tableRows(list.body).find((r) => r.startsWith("Reposição #1"));
    expect(row).toContain("2 produtos · 1 imóvel");
    expect(row).toContain("Em processamento");
    // The picking list is titled with the number too.
    const pdf = await download(owner, `/replacements/${runId}/lista.pdf`);
    expect(pdf.headers.get("content-disposition")).toBe('inline; filename="reposicao-1-por-produto.pdf"');
    expect(pdfText(pdf.bytes)[0]).toContain("Lista de separação · Reposição #1");
  });

  it("refuses to skip steps (processing → delivered): 409 with the reason, nothing changes", async () => {
    expect(runId).not.toBe("");
    // What the page's button sends (a fetcher: the route's `.data` answer), and a plain form post.
    const skipped = await advance(owner, "processing", "delivered");
    expect([400, 409]).toContain(skipped.status);
    expect(skipped).toMatchObject({ ok: false, message: `${STATUS_FAILED}: ${CANNOT_SKIP}` });
    const plain = await owner.post(`/replacements/${runId}`, {
      intent: "advance",
      from: "processing",
      to: "delivered",
    });
    expect([400, 409]).toContain(plain.status);
    expect(visibleText(plain.body)).toContain("Em processamento");
    expect(visibleText(plain.body)).toContain("Marcar como: Produtos separados");
    expect(await statusOf(runId)).toBe("processing");
    expect(await stockOf("Água")).toBe(2);
    expect(await stockOf("Café")).toBe(0);
    expect(await movementsOfRun(running.db, runId)).toEqual([]);
    expect((await historyOfRun(running.db, runId)).map((h) => h.move)).toEqual(["∅→processing"]);
  });

  it("shows another host 'Reposição não encontrada' (404) and its POST changes nothing", async () => {
    const page = await stranger.get(`/replacements/${runId}`);
    expect(page.status).toBe(404);
    const text = visibleText(page.body);
    expect(text).toContain(NOT_FOUND);
    expect(text).not.toContain("Água");
    expect(text).not.toContain("Em processamento");

    const moved = await advance(stranger, "processing", "separated_for_replacement");
    expect(moved).toMatchObject({ status: 404, ok: false, message: `${STATUS_FAILED}: ${NOT_FOUND}` });
    const plain = await stranger.post(`/replacements/${runId}`, {
      intent: "advance",
      from: "processing",
      to: "separated_for_replacement",
    });
    expect(plain.status).toBe(404);
    expect(visibleText(plain.body)).toContain(NOT_FOUND);
    expect(await statusOf(runId)).toBe("processing");
    expect((await historyOfRun(running.db, runId)).map((h) => h.move)).toEqual(["∅→processing"]);
    const theirs = await stranger.get("/replacements");
    expect(theirs.body).not.toContain(runId);
    expect(visibleText(theirs.body)).not.toContain("Reposição #1");
  });

  it("lets staff open the run and move it to 'Entregue', which adds the stock once", async () => {
    const page = await staff.get(`/replacements/${runId}`);
    expect(page.status).toBe(200);
    expect(visibleText(page.body)).toContain("Marcar como: Produtos separados");
    // Cancelling is for owners and managers: no button, and the POST is refused.
    expect(visibleText(page.body)).not.toContain("Cancelar reposição");
    expect(await advance(staff, "processing", "cancelled")).toMatchObject({ status: 403, ok: false });
    expect(await statusOf(runId)).toBe("processing");

    const steps = [
      ["processing", "separated_for_replacement", "Separado", "Marcar como: Em trânsito"],
      ["separated_for_replacement", "in_transit", "Em trânsito", "Marcar como: Entregue"],
    ] as const;
    for (const [from, to, label, nextButton] of steps) {
      const moved = await advance(staff, from, to);
      expect(moved, `${from} → ${to}`).toMatchObject({
        status: 200,
        ok: true,
        message: `Status atualizado para: ${label}`,
      });
      expect(await statusOf(runId)).toBe(to);
      const after = visibleText((await staff.get(`/replacements/${runId}`)).body);
      expect(after).toContain(label);
      expect(after).toContain(nextButton);
      // Nothing reaches the stock before delivery.
      expect(await stockOf("Água")).toBe(2);
    }

    const delivered = await advance(staff, "in_transit", "delivered");
    expect(delivered).toMatchObject({ status: 200, ok: true, message: "Status atualizado para: Entregue" });
    expect(await statusOf(runId)).toBe("delivered");
    expect(await stockOf("Água")).toBe(5);
    expect(await stockOf("Café")).toBe(5);
    const moves = await movementsOfRun(running.db, runId);
    expect(moves.map((m) => [m.reason, m.old, m.new, m.actorUserId]).sort()).toEqual(
      [
        ["restock", 0, 5, staffUserId],
        ["restock", 2, 5, staffUserId],
      ].sort(),
    );

    // Pressed again (a second tab): told it is delivered, the stock is not added twice.
    const again = await advance(staff, "in_transit", "delivered");
    expect(again).toMatchObject({ status: 200, ok: true, message: "Status atualizado para: Entregue" });
    expect(await stockOf("Água")).toBe(5);
    expect(await movementsOfRun(running.db, runId)).toHaveLength(2);
    expect((await historyOfRun(running.db, runId)).map((h) => h.move)).toEqual([
      "∅→processing",
      "processing→separated_for_replacement",
      "separated_for_replacement→in_transit",
      "in_transit→delivered",
    ]);

    const done = visibleText((await staff.get(`/replacements/${runId}`)).body);
    expect(done).toContain("Entregue");
    expect(done).toContain("Todos os produtos foram entregues.");
    expect(done).not.toContain("Marcar como");
    const row = tableRows((await owner.get("/replacements")).body).find((r) => r.startsWith("Reposição #1"));
    expect(row).toContain("Entregue");
    // Nothing is missing now: the dashboard says nothing, the create page has nothing to offer.
    expect(visibleText((await owner.get("/dashboard")).body)).not.toContain("faltando");
    expect(visibleText((await owner.get("/replacements/create")).body)).toContain(
      "Nenhum produto para repor",
    );
  });
});
