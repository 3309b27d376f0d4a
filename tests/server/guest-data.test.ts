// 'Dados de hóspedes' (issue 24, LGPD) over HTTP against the built app: the owner finds a guest by email,
// exports their data as JSON and CSV, and anonymizes them; managers and staff are refused; another host with
// a guest of the same email sees only their own; the guest's own request from the receipt's link (in their
// language) is refused with a wrong email, recorded with its 15 days, shown to the owners and emailed to them.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataRequestPath } from "~/domain/guests/data-request-link.server";
import { orders } from "~/platform/db/schema";
import { Browser, type Page, signedInBrowser, uniqueIp, waitForMails } from "../support/accounts";
import { startCheckoutServer } from "../support/checkout-server";
import {
  FIXTURE_PASSWORD,
  HTTP_BUYER,
  hostEmail,
  paidByCard,
  teamMember,
  visibleText,
} from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import { shopFixture } from "../support/shop-fixtures";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();

const AUTH_SECRET = "guest-data-test-secret-0123456789abcdefgh";
// The test signs the receipt's links as the server does.
process.env.AUTH_SECRET = AUTH_SECRET;

const FORBIDDEN_PAGE = "Você não tem permissão para ver esta página";
const short = (id: string) => id.slice(0, 8);

/** A POST as this browser that keeps the answer's headers (a download's type and name). */
async function postFor(browser: Browser, path: string, fields: Record<string, string>) {
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${browser.server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie,
      origin: browser.server.url,
      "content-type": "application/x-www-form-urlencoded",
      ...(browser.ip ? { "x-forwarded-for": browser.ip } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

describe.runIf(available)("'Dados de hóspedes' and the guest's own request over HTTP", () => {
  let running: ShopServer;
  let owner: Browser;
  let ownerEmail: string;
  let mine: { id: string };
  let theirs: { id: string };
  let otherOwner: Browser;
  let ip = 0;
  const guestIp = () => `203.0.113.${++ip}`;
  const text = (page: Page | { body: string }) => visibleText(page.body);

  beforeAll(async () => {
    running = await startCheckoutServer([{ name: "Vinho", priceCents: 5000, stock: 10 }], {
      env: { AUTH_SECRET },
    });
    const { db, shop, server } = running;
    // Another host whose guest gave the very same email.
    const other = await shopFixture(db, [{ name: "Vinho", priceCents: 5000, stock: 10 }]);
    mine = await paidByCard(server.url, db, shop, guestIp(), { Vinho: 1 });
    theirs = await paidByCard(server.url, db, other, guestIp(), { Vinho: 2 });
    ownerEmail = await hostEmail(db, shop);
    owner = await signedInBrowser(server, ownerEmail, FIXTURE_PASSWORD);
    otherOwner = await signedInBrowser(server, await hostEmail(db, other), FIXTURE_PASSWORD);
  }, 120_000);
  afterAll(() => running?.stop());

  it("the owner finds the guest by email, phone or CPF; another host finds only their own", async () => {
    for (const q of [HTTP_BUYER.email.toUpperCase(), "+55 11 98765-4321", HTTP_BUYER.cpf]) {
      const page = await owner.get(`/hospedes?${new URLSearchParams({ q })}`);
      expect(page.status, q).toBe(200);
      expect(text(page), q).toContain(short(mine.id));
      expect(text(page), q).not.toContain(short(theirs.id));
    }
    const page = await owner.get(`/hospedes?q=${HTTP_BUYER.email}`);
    expect(text(page)).toContain(HTTP_BUYER.fullName);
    expect(text(page)).toContain("12345678909");
    const other = await otherOwner.get(`/hospedes?q=${HTTP_BUYER.email}`);
    expect(text(other)).toContain(short(theirs.id));
    expect(text(other)).not.toContain(short(mine.id));
    expect(text(await owner.get("/hospedes?q=ninguem@example.com"))).toContain(
      "Nenhum pedido desta organização tem esse e-mail, telefone ou CPF.",
    );
  });

  it("exports JSON and CSV downloads holding the guest's orders", async () => {
    const json = await postFor(owner, "/hospedes/exportar.json", { q: HTTP_BUYER.email });
    expect(json.status).toBe(200);
    expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(json.headers.get("content-disposition")).toMatch(
      /^attachment; filename="dados-hospede-[\d-]+\.json"$/,
    );
    const exported = JSON.parse(json.body) as {
      orders: {
        id: string;
        buyer: { email: string };
        items: { name: string }[];
        payments: { status: string }[];
      }[];
    };
    expect(exported.orders.map((o) => o.id)).toEqual([mine.id]);
    expect(exported.orders[0]?.buyer.email).toBe(HTTP_BUYER.email);
    expect(exported.orders[0]?.items.map((i) => i.name)).toEqual(["Vinho"]);
    expect(exported.orders[0]?.payments.map((p) => p.status)).toEqual(["approved"]);

    const csv = await postFor(owner, "/hospedes/exportar.csv", { q: HTTP_BUYER.email });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="dados-hospede-[\d-]+\.csv"$/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^Pedido;Data;Imóvel;Status;Pagamento;Total \(R\$\);Nome;E-mail;Telefone;CPF/);
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain(mine.id);
    expect(lines[1]).toContain(HTTP_BUYER.email);
    // Recorded as answered by the owner.
    expect(text(await owner.get("/hospedes"))).toMatch(/Cópia dos dados · registrado pelo proprietário/);
    // The other host exports nothing of it.
    const none = await postFor(otherOwner, "/hospedes/exportar.json", { q: "123.456.789-09" });
    expect(JSON.parse(none.body).orders.map((o: { id: string }) => o.id)).toEqual([theirs.id]);
  });

  it("managers and staff are refused the page and the downloads", async () => {
    for (const role of ["manager", "staff"] as const) {
      const member = await teamMember(running.db, running.shop.organizationId, role);
      const browser = await signedInBrowser(running.server, member.email, member.password);
      const page = await browser.get(`/hospedes?q=${HTTP_BUYER.email}`);
      expect(page.status, role).toBe(403);
      expect(text(page), role).toContain(FORBIDDEN_PAGE);
      expect(text(page), role).not.toContain(short(mine.id));
      expect((await postFor(browser, "/hospedes/exportar.json", { q: HTTP_BUYER.email })).status, role).toBe(
        403,
      );
      const anonymize = await browser.post("/hospedes", { intent: "anonymize", q: HTTP_BUYER.email });
      expect(anonymize.status, role).toBe(403);
      expect(text(await owner.get("/dashboard"))).toContain("Dados de hóspedes");
      expect(text(await browser.get("/dashboard")), role).not.toContain("Dados de hóspedes");
    }
    const [row] = await running.db.select().from(orders).where(eq(orders.id, mine.id));
    expect(row?.buyerEmail).toBe(HTTP_BUYER.email);
  });

  it("the guest's link: in their language, a wrong email refused, the request shown to the owners and emailed", async () => {
    const guest = new Browser(running.server, { ip: uniqueIp() });
    const path = dataRequestPath(mine.id);
    const pt = await guest.get(path);
    expect(pt.status).toBe(200);
    expect(text(pt)).toContain(`Pedido ${short(mine.id)}`);
    expect(text(pt)).toContain("Receber uma cópia dos meus dados");
    expect(text(pt)).not.toContain(HTTP_BUYER.email);
    const es = await guest.get(path, { "accept-language": "es-AR,es;q=0.9" });
    expect(es.body).toContain('lang="es"');
    expect(text(es)).toContain("Tus datos");
    expect(text(es)).toContain("Borrar mis datos");
    const forged = await guest.get(`${path.slice(0, -3)}AAA`);
    expect(forged.status).toBe(404);
    expect(text(forged)).toContain("Link inválido");

    const wrong = await guest.post(
      path,
      { email: "outra@example.com", kind: "erasure" },
      { "accept-language": "es" },
    );
    expect(wrong.status).toBe(400);
    expect(text(wrong)).toContain("Este no es el correo de este pedido");
    expect(text(await owner.get("/hospedes"))).toContain("Nenhum pedido de hóspede esperando resposta.");

    const asked = await guest.post(path, { email: HTTP_BUYER.email.toUpperCase(), kind: "erasure" });
    expect(asked.status).toBe(200);
    expect(text(asked)).toContain("Pedido recebido");
    expect(text(asked)).toContain("Ele responde em até 15 dias.");
    // The same again is not a second request.
    expect((await guest.post(path, { email: HTTP_BUYER.email, kind: "erasure" })).status).toBe(200);
    const listed = text(await owner.get("/hospedes"));
    expect(listed).toContain(`Apagar os dados · pedido do hóspede Pedido ${short(mine.id)}`);
    expect(listed.match(/Prazo: \d\d\/\d\d\/\d{4} \(faltam 15 dias\)/g)).toHaveLength(1);
    const [mail] = await waitForMails(
      running.server,
      ownerEmail,
      "Pedido de dados de um hóspede: Apagar os dados",
    );
    expect(mail?.text).toContain(short(mine.id));
    expect(mail?.text).toContain("/hospedes");
  });

  it("'Anonimizar' erases the guest's data and answers their request; the other host's guest stays", async () => {
    const confirm = await owner.get(
      `/hospedes?${new URLSearchParams({ q: HTTP_BUYER.email, anonimizar: "1" })}`,
    );
    expect(text(confirm)).toContain("Anonimizar os dados deste hóspede?");
    const done = await owner.post(`/hospedes?${new URLSearchParams({ q: HTTP_BUYER.email })}`, {
      intent: "anonymize",
      q: HTTP_BUYER.email,
    });
    expect(done.status).toBe(200);
    expect(text(done)).toContain("Dados anonimizados em 1 pedido.");
    const [row] = await running.db.select().from(orders).where(eq(orders.id, mine.id));
    expect(row).toMatchObject({
      buyerName: "Hóspede anonimizado",
      buyerEmail: null,
      buyerPhone: null,
      buyerCpf: null,
    });
    const page = text(await owner.get("/hospedes"));
    expect(page).toContain("Nenhum pedido de hóspede esperando resposta.");
    expect(page).toContain("Apagar os dados · pedido do hóspede");
    expect(page).toContain("Dados anonimizados");
    const sales = text(await owner.get("/sales"));
    expect(sales).not.toContain(HTTP_BUYER.email);
    expect(sales).not.toContain(HTTP_BUYER.fullName);
    const [other] = await running.db.select().from(orders).where(eq(orders.id, theirs.id));
    expect(other?.buyerEmail).toBe(HTTP_BUYER.email);
    // The guest's link now says so.
    const guest = new Browser(running.server, { ip: uniqueIp() });
    expect(text(await guest.get(dataRequestPath(mine.id)))).toContain(
      "Os dados deste pedido já foram apagados.",
    );
  });
});
