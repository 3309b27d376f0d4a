// Estoque over HTTP against the built app (PostgreSQL): /inventory with its filters in the URL and the alert
// level saved from it, the stock history and its CSV, a restocking run's picking list as a PDF, what staff
// may do, and another host kept out of all of it, whatever ids it puts in URLs and forms.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceReplacement } from "~/domain/restock/advance-replacement.server";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import type { Actor } from "~/domain/team/permissions";
import { member, propertyProducts, stays, stockCounts, stockMovements } from "~/platform/db/schema";
import { Browser, signedInBrowser, uniqueIp } from "../support/accounts";
import { FIXTURE_PASSWORD, fetchAs, hostEmail, teamMember, visibleText } from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import { shopFixture } from "../support/shop-fixtures";
import { type ShopServer, startShopServer } from "../support/shop-server";

const available = await postgresAvailable();
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** The visible text of each item of the lists whose label starts with `label`, in page order. */
function listItems(html: string, label: string): string[] {
  const items: string[] = [];
  for (
    let at = html.indexOf(`aria-label="${label}`);
    at >= 0;
    at = html.indexOf(`aria-label="${label}`, at + 1)
  ) {
    const ends = [html.indexOf("</ul>", at), html.indexOf("</ol>", at)].filter((i) => i >= 0);
    const list = html.slice(at, Math.min(...ends));
    for (const item of list.matchAll(/<li[\s\S]*?<\/li>/g)) items.push(visibleText(item[0]));
  }
  return items;
}

describe.runIf(available)("Estoque over HTTP", () => {
  let running: ShopServer;
  let owner: Browser;
  let staff: Browser;
  let stranger: Browser;
  let ownerActor: Actor;
  let strangerShop: Awaited<ReturnType<typeof shopFixture>>;
  let runId = "";
  let runNumber = 0;
  const scratch = mkdtempSync(path.join(tmpdir(), "estadia-inventory-http-"));

  const productId = (name: string) => running.shop.productIds[name] ?? "";

  const signedIn = (email: string, password: string) => signedInBrowser(running.server, email, password);

  async function alertOf(name: string) {
    const [row] = await running.db
      .select({ alert: propertyProducts.alertQuantity })
      .from(propertyProducts)
      .where(
        and(
          eq(propertyProducts.propertyId, running.shop.propertyId),
          eq(propertyProducts.productId, productId(name)),
        ),
      );
    return row?.alert;
  }

  function pdfText(bytes: Uint8Array): string {
    const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(file, bytes);
    return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(
      /[ \t]+/g,
      " ",
    );
  }

  beforeAll(async () => {
    // Expected 5 for every product (the fixture's target): the default alert level is 1.
    running = await startShopServer([
      { name: "Água mineral", priceCents: 500, stock: 1, category: "Bebidas" },
      { name: "Café", priceCents: 900, stock: 5, category: "Bebidas" },
      { name: "Toalha extra", priceCents: 2000, stock: null },
    ]);
    const { db, shop } = running;
    const [m] = await db.select().from(member).where(eq(member.organizationId, shop.organizationId));
    ownerActor = { userId: m?.userId ?? "", organizationId: shop.organizationId, role: "owner" };
    owner = await signedIn(await hostEmail(db, shop), FIXTURE_PASSWORD);
    const team = await teamMember(db, shop.organizationId, "staff");
    staff = await signedIn(team.email, team.password);
    strangerShop = await shopFixture(db, [{ name: "Vinho do vizinho", priceCents: 100, stock: 0 }]);
    stranger = await signedIn(await hostEmail(db, strangerShop), FIXTURE_PASSWORD);
    ({ id: runId, number: runNumber } = await createReplacement(db, ownerActor, [
      { propertyId: shop.propertyId, productId: productId("Água mineral") },
    ]));
  });
  afterAll(async () => {
    rmSync(scratch, { recursive: true, force: true });
    await running?.stop();
  });

  describe("/inventory", () => {
    it("shows each product of the property with its quantities, what is missing and what is low", async () => {
      const page = await owner.get("/inventory");
      expect(page.status).toBe(200);
      const rows = listItems(page.body, "Produtos de Casa ");
      expect(rows).toEqual([
        expect.stringMatching(
          /^Água mineral Bebidas Atual: 1 Esperado: 5 Situação: Faltam 4 Estoque baixo Nível de alerta de Água mineral em Casa \S+ Salvar$/,
        ),
        expect.stringMatching(/^Café Bebidas Atual: 5 Esperado: 5 Situação: Completo Nível de alerta/),
        expect.stringMatching(/^Toalha extra Atual: Sem limite Esperado: 5 Situação: Nível de alerta/),
      ]);
      const text = visibleText(page.body);
      expect(text).toContain("Em falta 1");
      expect(text).toContain("No nível de alerta 1");
      expect(page.body).toContain('href="/inventory"');
    });

    it("filters to what is missing and by category, with the filters in the URL", async () => {
      const missing = listItems((await owner.get("/inventory?falta=1")).body, "Produtos de Casa ");
      expect(missing.map((r) => r.split(" ")[0])).toEqual(["Água"]);
      const page = await owner.get("/inventory?falta=1");
      const ticked = /<input type="checkbox"[^>]*name="falta"[^>]*checked=""/;
      expect(page.body).toMatch(ticked);
      expect((await owner.get("/inventory")).body).not.toMatch(ticked);
      const none = await owner.get(`/inventory?imovel=${strangerShop.propertyId}`);
      expect(visibleText(none.body)).toContain("Nenhum produto encontrado para os filtros selecionados");
    });

    it("saves the alert level from the row, and empties it back to the default", async () => {
      const fields = (value: string) => ({
        intent: "alert",
        propertyId: running.shop.propertyId,
        productId: productId("Café"),
        alertQuantity: value,
      });
      expect((await owner.post("/inventory", fields("5"))).status).toBe(200);
      expect(await alertOf("Café")).toBe(5);
      const low = listItems((await owner.get("/inventory")).body, "Produtos de").find((r) =>
        r.startsWith("Café"),
      );
      expect(low).toContain("Estoque baixo");
      expect((await owner.post("/inventory", fields("-2"))).status).toBe(400);
      expect(await alertOf("Café")).toBe(5);
      expect((await owner.post("/inventory", fields(""))).status).toBe(200);
      expect(await alertOf("Café")).toBeNull();
    });

    it("lets staff see the stock but not change alert levels", async () => {
      const page = await staff.get("/inventory");
      expect(page.status).toBe(200);
      expect(visibleText(page.body)).toContain("Água mineral");
      expect(page.body).not.toContain('name="alertQuantity"');
      const res = await staff.post("/inventory", {
        intent: "alert",
        propertyId: running.shop.propertyId,
        productId: productId("Água mineral"),
        alertQuantity: "0",
      });
      expect(res.status).toBe(403);
      expect(await alertOf("Água mineral")).toBeNull();
    });

    it("shows another host nothing of this one and refuses its alert levels as not found", async () => {
      const page = await stranger.get(`/inventory?imovel=${running.shop.propertyId}`);
      expect(page.status).toBe(200);
      expect(page.body).not.toContain("Água mineral");
      expect(page.body).not.toContain(productId("Água mineral"));
      for (const [propertyId, product] of [
        [running.shop.propertyId, productId("Água mineral")],
        [strangerShop.propertyId, productId("Água mineral")],
      ]) {
        const res = await stranger.post("/inventory", {
          intent: "alert",
          propertyId: propertyId ?? "",
          productId: product ?? "",
          alertQuantity: "3",
        });
        expect(res.status).toBe(404);
        expect(res.body).not.toContain("Água mineral");
      }
      expect(await alertOf("Água mineral")).toBeNull();
    });
  });

  describe("the stock history", () => {
    it("tells who changed what and why, links a restock to its run, and exports the same filter as CSV", async () => {
      // The owner counts the coffee; the run brings water.
      const saved = await owner.post(`/properties/${running.shop.propertyId}/products`, {
        intent: "save",
        productId: productId("Café"),
        [`current.${productId("Café")}`]: "7",
        [`expected.${productId("Café")}`]: "5",
      });
      expect(saved.status).toBe(200);
      await advanceReplacement(running.db, ownerActor, {
        id: runId,
        from: "processing",
        to: "separated_for_replacement",
      });
      await advanceReplacement(running.db, ownerActor, {
        id: runId,
        from: "separated_for_replacement",
        to: "in_transit",
      });
      await advanceReplacement(running.db, ownerActor, { id: runId, from: "in_transit", to: "delivered" });

      const page = await staff.get("/inventory/historico");
      expect(page.status).toBe(200);
      const rows = listItems(page.body, "Movimentações");
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatch(
        new RegExp(
          `^Data: \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d Imóvel: Casa \\S+ Produto: Água mineral Motivo: Reposição Reposição #${runNumber} Quem: Anfitrião \\S+ Quantidade: 1 → para 5$`,
        ),
      );
      expect(rows[1]).toMatch(/ Produto: Café Motivo: Ajuste Quem: Anfitrião \S+ Quantidade: 5 → para 7$/);
      expect(page.body).toContain(`href="/replacements/${runId}"`);

      const only = listItems(
        (await staff.get("/inventory/historico?motivo=adjustment")).body,
        "Movimentações",
      );
      expect(only).toHaveLength(1);
      expect(only[0]).toContain("Café");

      const csv = await fetchAs(staff, "/inventory/historico.csv?motivo=restock");
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
      expect(csv.headers.get("content-disposition")).toMatch(/^attachment/);
      expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = csv.body
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      expect(lines[0]).toBe("Data;Imóvel;Produto;Motivo;Referência;Quem;Antes;Depois");
      expect(lines.slice(1)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d;Casa \\S+;Água mineral;Reposição;Reposição ${runId};Anfitrião \\S+;1;5$`,
          ),
        ),
      ]);
    });

    it("shows 50 movements a page with 'Carregar mais', and every one of them in the CSV", async () => {
      await running.db.insert(stockMovements).values(
        Array.from({ length: 60 }, (_, i) => ({
          organizationId: running.shop.organizationId,
          propertyId: running.shop.propertyId,
          productId: productId("Toalha extra"),
          oldQuantity: i,
          newQuantity: i + 1,
          reason: "loss",
          actorUserId: ownerActor.userId,
          createdAt: new Date(Date.UTC(2026, 0, 1, 12, i)),
        })),
      );
      const page = await owner.get("/inventory/historico?motivo=loss");
      const items = listItems(page.body, "Movimentações");
      expect(items).toHaveLength(50);
      expect(items[0]).toMatch(/Motivo: Perda .* Quantidade: 59 → para 60$/);
      expect(visibleText(page.body)).toContain("Carregar mais");
      const csv = await fetchAs(owner, "/inventory/historico.csv?motivo=loss");
      expect(
        csv.body
          .replace(/^\uFEFF/, "")
          .trimEnd()
          .split("\r\n"),
      ).toHaveLength(61);
      const one = await owner.get("/inventory/historico?motivo=adjustment");
      expect(listItems(one.body, "Movimentações")).toHaveLength(1);
      expect(visibleText(one.body)).not.toContain("Carregar mais");
    });

    it("shows another host none of it, page or CSV, whatever the filters say", async () => {
      const query = `imovel=${running.shop.propertyId}&produto=${productId("Café")}`;
      const page = await stranger.get(`/inventory/historico?${query}`);
      expect(page.status).toBe(200);
      expect(visibleText(page.body)).toContain("Nenhuma movimentação encontrada");
      const csv = await fetchAs(stranger, `/inventory/historico.csv?${query}`);
      expect(
        csv.body
          .replace(/^\uFEFF/, "")
          .trimEnd()
          .split("\r\n"),
      ).toHaveLength(1);
      expect(csv.body).not.toContain("Café");
    });
  });

  describe("the picking list PDF", () => {
    it("is a PDF grouped by product or by property, for every member", async () => {
      const byProduct = await fetchAs(staff, `/replacements/${runId}/lista.pdf?agrupar=produto`);
      expect(byProduct.status).toBe(200);
      expect(byProduct.headers.get("content-type")).toBe("application/pdf");
      expect(byProduct.headers.get("content-disposition")).toBe(
        `inline; filename="reposicao-${runNumber}-por-produto.pdf"`,
      );
      const text = pdfText(byProduct.bytes);
      expect(runNumber).toBe(1);
      expect(text).toContain(`Lista de separação · Reposição #${runNumber}`);
      expect(text).toContain("Status: Entregue");
      expect(text).toMatch(/Água mineral\n\s*Total: 4 unidades\n\s*Casa \S+ 4 un\./);

      const byProperty = await fetchAs(owner, `/replacements/${runId}/lista.pdf?agrupar=imovel`);
      expect(pdfText(byProperty.bytes)).toMatch(
        /Kit Casa \S+\n\s*Rua A, 1 · Total: 4 unidades\n\s*4 Água mineral\n\s*Água mineral 4 un\./,
      );
    });

    it("is the 404 for another host's run, an unknown one or a malformed id", async () => {
      for (const [browser, id] of [
        [stranger, runId],
        [owner, UNKNOWN_ID],
        [owner, "nao-e-um-id"],
      ] as const) {
        const res = await fetchAs(browser, `/replacements/${id}/lista.pdf`);
        expect(res.status, id).toBe(404);
        expect(res.headers.get("content-type")).not.toBe("application/pdf");
        expect(res.body).not.toContain("Água mineral");
      }
    });
  });

  describe("losses and the stock count ('Conferência')", () => {
    const house = () => running.shop.propertyId;
    const countOf = async (name: string) => {
      const [row] = await running.db
        .select({ current: propertyProducts.currentQuantity })
        .from(propertyProducts)
        .where(
          and(eq(propertyProducts.propertyId, house()), eq(propertyProducts.productId, productId(name))),
        );
      return row?.current;
    };
    const count = (browser: Browser, water: string, coffee: string, lossReason = "broken") =>
      browser.post(`/properties/${house()}/conferencia`, {
        [`counted.${productId("Água mineral")}`]: water,
        [`counted.${productId("Café")}`]: coffee,
        lossReason,
      });

    it("asks the stock sheet why a quantity went down, and links to the count", async () => {
      const sheet = `/properties/${house()}/products`;
      const page = await staff.get(sheet);
      expect(page.body).toContain(`href="/properties/${house()}/conferencia"`);
      // Without JavaScript the reason is asked on every counted row (required only when lower).
      expect(page.body).toContain(`name="lossReason.${productId("Café")}"`);
      expect(page.body).not.toContain(`name="lossReason.${productId("Toalha extra")}"`);
      const lower = (reason: string | undefined) =>
        staff.post(sheet, {
          intent: "save",
          productId: productId("Café"),
          [`current.${productId("Café")}`]: "6",
          [`expected.${productId("Café")}`]: "5",
          ...(reason === undefined ? {} : { [`lossReason.${productId("Café")}`]: reason }),
        });
      const refused = await lower(undefined);
      expect(refused.status).toBe(400);
      expect(refused.body).toContain("Diga por que a quantidade baixou.");
      expect(await countOf("Café")).toBe(7);
      expect((await lower("host_use")).status).toBe(200);
      expect(await countOf("Café")).toBe(6);
    });

    it("lets staff count the property's counted products on one page, and shows them no money", async () => {
      const page = await staff.get(`/properties/${house()}/conferencia`);
      expect(page.status).toBe(200);
      // Each line may say its own reason (issue 49); left on '(abaixo)', the count's reason applies.
      const reasons =
        "Motivo das faltas (abaixo) Consumido sem pagar Vencido Quebrado Uso do anfitrião Ajuste de contagem";
      expect(listItems(page.body, "Produtos a conferir")).toEqual([
        `Água mineral : Quantidade contada No sistema: 5 ${reasons}`,
        `Café : Quantidade contada No sistema: 6 ${reasons}`,
      ]);
      expect(page.body).toMatch(/<option value="consumed_unpaid" selected="">Consumido sem pagar<\/option>/);
      const done = await count(staff, "3", "7");
      expect(done.status).toBe(200);
      const text = visibleText(done.body);
      expect(text).toContain("Conferência concluída");
      expect(text).toContain("2 produtos conferidos 2 unidades faltando 1 unidade a mais");
      expect(text).not.toContain("R$");
      expect([await countOf("Água mineral"), await countOf("Café")]).toEqual([3, 7]);
      const history = listItems((await staff.get("/inventory/historico?motivo=loss")).body, "Movimentações");
      expect(history[0]).toMatch(/Produto: Água mineral Motivo: Perda · Quebrado .* Quantidade: 5 → para 3$/);
      const csv = await fetchAs(
        staff,
        `/inventory/historico.csv?motivo=loss&produto=${productId("Água mineral")}`,
      );
      expect(csv.body).toMatch(/;Água mineral;Perda · Quebrado;;Equipe \S+;5;3\r\n$/);
    });

    it("shows owners the value at average cost, and 'sem custo' when it is unknown", async () => {
      await running.db
        .update(propertyProducts)
        .set({ averageCostCents: 150 })
        .where(eq(propertyProducts.productId, productId("Água mineral")));
      const done = await count(owner, "1", "8", "expired");
      expect(done.status).toBe(200);
      expect(visibleText(done.body)).toContain(
        "2 produtos conferidos 2 unidades faltando R$ 3,00 1 unidade a mais sem custo",
      );
    });

    it("is the 404 for another host, page and form, and changes nothing", async () => {
      expect((await stranger.get(`/properties/${house()}/conferencia`)).status).toBe(404);
      const res = await count(stranger, "0", "0");
      expect(res.status).toBe(404);
      expect(res.body).not.toContain("Água mineral");
      expect([await countOf("Água mineral"), await countOf("Café")]).toEqual([1, 8]);
    });
  });

  describe("'Conferir saída' (the turnover count of a stay)", () => {
    const house = () => running.shop.propertyId;
    async function stayIn(organizationId: string, propertyId: string) {
      const [row] = await running.db
        .insert(stays)
        .values({
          organizationId,
          propertyId,
          kind: "stay",
          source: "direct",
          checkIn: "2026-12-03",
          checkOut: "2026-12-08",
        })
        .returning({ id: stays.id });
      return row?.id ?? "";
    }

    it("opens the property's count for the stay from the stay's page and records it on that stay", async () => {
      const stayId = await stayIn(running.shop.organizationId, house());
      const path = `/properties/${house()}/conferencia?estadia=${stayId}`;
      expect((await staff.get(`/estadias/${stayId}`)).body).toContain(`href="${path}"`);
      const page = await staff.get(path);
      expect(page.status).toBe(200);
      expect(visibleText(page.body)).toContain("Conferir saída");
      expect(visibleText(page.body)).toContain("Estadia de 03/12/2026 a 08/12/2026");
      expect(page.body).toContain(`name="stayId" value="${stayId}"`);
      const clientId = /name="clientId" value="([^"]+)"/.exec(page.body)?.[1] ?? "";
      const fields = {
        [`counted.${productId("Café")}`]: "0",
        lossReason: "consumed_unpaid",
        stayId,
        clientId,
        takenAt: new Date(Date.now() - 30_000).toISOString(),
      };
      const before = await running.db.select().from(stockCounts).where(eq(stockCounts.stayId, stayId));
      expect(before).toEqual([]);
      expect((await staff.post(`/properties/${house()}/conferencia`, fields)).status).toBe(200);
      // The answer was lost and the phone sends it again: one count.
      expect((await staff.post(`/properties/${house()}/conferencia`, fields)).status).toBe(200);
      const counts = await running.db.select().from(stockCounts).where(eq(stockCounts.stayId, stayId));
      expect(counts).toHaveLength(1);
      expect(counts[0]?.clientId).toBe(clientId);
    });

    it("is the 404 for another host's stay or one of another property, in the address and in the form", async () => {
      const theirs = await stayIn(strangerShop.organizationId, strangerShop.propertyId);
      expect((await owner.get(`/properties/${house()}/conferencia?estadia=${theirs}`)).status).toBe(404);
      expect((await owner.get(`/properties/${house()}/conferencia?estadia=nao-e-id`)).status).toBe(404);
      const mine = await stayIn(running.shop.organizationId, house());
      expect(
        (await stranger.get(`/properties/${strangerShop.propertyId}/conferencia?estadia=${mine}`)).status,
      ).toBe(404);
      const res = await owner.post(`/properties/${house()}/conferencia`, {
        [`counted.${productId("Café")}`]: "0",
        lossReason: "consumed_unpaid",
        stayId: theirs,
      });
      expect(res.status).toBe(404);
      expect(await running.db.select().from(stockCounts).where(eq(stockCounts.stayId, theirs))).toEqual([]);
    });
  });

  it("keeps signed-out visitors out of every inventory address", async () => {
    const anonymous = new Browser(running.server, { ip: uniqueIp() });
    for (const url of [
      "/inventory",
      "/inventory/historico",
      "/inventory/historico.csv",
      `/replacements/${runId}/lista.pdf`,
      `/properties/${running.shop.propertyId}/conferencia`,
    ]) {
      const res = await anonymous.get(url);
      expect(res.status, url).toBe(302);
      expect(res.location, url).toMatch(/^\/auth\?redirectTo=/);
    }
  });
});
