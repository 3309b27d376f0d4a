// The money screens over HTTP against the built app (sandbox payments and payouts): Vendas with its filters
// and CSV, Saques and the wallet's statement through a withdrawal paid on /dev/payments, refunds from
// Vendas, another host kept out of it all, what managers and staff may do, and forged payout
// notifications refused. The database is read only for what the ledgers hold (money, stock, events).
import { createHmac } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  orders,
  paymentEvents,
  properties,
  propertyProducts,
  refunds,
  walletMovements,
  wallets,
  withdrawals,
} from "~/platform/db/schema";
import { createSandboxPayouts } from "~/platform/payouts/sandbox-payouts.server";
import { STATUS_OF_KIND } from "~/routes/refusal.server";
import { type Browser, signedInBrowser } from "../support/accounts";
import { startCheckoutServer, WEBHOOK_APPLIED } from "../support/checkout-server";
import {
  brl,
  FIXTURE_PASSWORD,
  fetchAs,
  hostEmail,
  paidByCard,
  paidByPix,
  pendingPixOrder,
  saleCard,
  settleTransfer,
  teamMember,
  visibleText,
} from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import type { RunningServer } from "../support/server-process";
import { shopFixture } from "../support/shop-fixtures";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();

const AUTH_SECRET = "money-screens-test-secret-0123456789abcdef";
const FORBIDDEN_PAGE = "Você não tem permissão para ver esta página";
const NO_SALES = "Nenhuma venda encontrada";
const CPF_KEY = "529.982.247-25";
const CSV_HEADER =
  "Pedido;Data;Status;Imóvel;Pagamento;Itens;Total (R$);Bruto (R$);Taxa do provedor (R$);Taxa Estadia (R$);Reembolso (R$);Líquido (R$);Comprador;E-mail;Telefone";
const STATEMENT_CSV_HEADER =
  "Tipo;Referência;Data;Bruto (R$);Taxa do provedor (R$);Taxa Estadia (R$);Líquido (R$);Status";
/** The sandbox's fee (3,99 %), rounded half up. */
const fee = (cents: number) => Math.floor((cents * 399 + 5000) / 10000);
// A new host is in its free days: Estadia takes nothing here (money-legible.test.ts has both fees). Refunding
// an unreleased card sale with Estadia's fee fails today (payments/refund-order.server.ts does not give that
// fee back).
const platformFee = (_cents: number) => 0;
const net = (cents: number) => cents - fee(cents) - platformFee(cents);
/** Cents as the CSVs write them: 1234 → "12,34". */
const csvCents = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
const short = (id: string) => id.slice(0, 8);

type Order = Awaited<ReturnType<typeof paidByPix>>;

describe.runIf(available)("the money screens over HTTP (sandbox payments and payouts)", () => {
  let running: ShopServer;
  let server: RunningServer;
  let owner: Browser;
  /** Two PIX sales, one card sale, and an order nobody paid. */
  let pixWine: Order;
  let pixGranola: Order;
  let cardGranola: Order;
  let unpaid: Order;
  let walletId: string;
  let ipCounter = 0;
  const guestIp = () => `203.0.113.${++ipCounter}`;

  beforeAll(async () => {
    running = await startCheckoutServer(
      [
        { name: "Vinho", priceCents: 5000, stock: 10 },
        { name: "Granola", priceCents: 1650, stock: 9 },
      ],
      { env: { AUTH_SECRET } },
    );
    server = running.server;
    const { db, shop } = running;
    pixWine = await paidByPix(server.url, db, shop, guestIp(), { Vinho: 2 });
    pixGranola = await paidByPix(server.url, db, shop, guestIp(), { Granola: 1 });
    cardGranola = await paidByCard(server.url, db, shop, guestIp(), { Granola: 2 });
    unpaid = await pendingPixOrder(server.url, db, shop, guestIp(), { Vinho: 1 });
    const [wallet] = await db.select().from(wallets).where(eq(wallets.propertyId, shop.propertyId));
    if (!wallet) throw new Error("the sales made no wallet");
    walletId = wallet.id;
    owner = await signedIn(await hostEmail(db, shop), FIXTURE_PASSWORD);
  });
  afterAll(() => running?.stop());

  const signedIn = (email: string, password: string) => signedInBrowser(server, email, password);

  /** The wallet's balances as its ledger sums them, bucket by bucket. */
  async function ledgerOf(id: string) {
    const rows = await running.db
      .select({
        bucket: walletMovements.bucket,
        sum: sql<number>`sum(${walletMovements.amountCents})::bigint`,
      })
      .from(walletMovements)
      .where(eq(walletMovements.walletId, id))
      .groupBy(walletMovements.bucket);
    const of = (bucket: string) => Number(rows.find((r) => r.bucket === bucket)?.sum ?? 0);
    return {
      available: of("available"),
      pending: of("pending"),
      reserved: of("reserved"),
      withdrawn: of("withdrawn"),
    };
  }

  async function statusOf(orderId: string) {
    const [row] = await running.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId));
    return row?.status;
  }

  async function stockOf(name: string) {
    const [row] = await running.db
      .select({ current: propertyProducts.currentQuantity })
      .from(propertyProducts)
      .where(
        and(
          eq(propertyProducts.propertyId, running.shop.propertyId),
          eq(propertyProducts.productId, running.shop.productIds[name] ?? ""),
        ),
      );
    return row?.current;
  }

  async function withdrawalsOfWallet() {
    return running.db.select().from(withdrawals).where(eq(withdrawals.walletId, walletId));
  }

  /** The withdrawal form of the wallet as /withdrawals?carteira= shows it: its one-time request key. */
  async function withdrawalForm(browser: Browser) {
    const page = await browser.get(`/withdrawals?carteira=${walletId}`);
    expect(page.status).toBe(200);
    const requestKey = /name="requestKey" value="([^"]+)"/.exec(page.body)?.[1];
    if (!requestKey) throw new Error("no withdrawal form on the page");
    return { page, fields: { walletId, requestKey, pixKeyType: "cpf", pixKey: CPF_KEY, remember: "on" } };
  }

  const paidOrders = () => [pixWine, pixGranola, cardGranola];

  /** The visible text of the statement line whose heading starts with `title` ('Saque #1234abcd'). */
  function statementLine(html: string, title: string): string | undefined {
    return html
      .split("<article")
      .slice(1)
      .map((part) => visibleText(`<article${part.slice(0, part.indexOf("</article>"))}`))
      .find((text) => text.startsWith(title));
  }

  describe("Vendas", () => {
    it("lists the sales with their short ids and statuses, filters by status, property and date, and exports the paid ones", async () => {
      const all = await owner.get("/sales");
      expect(all.status).toBe(200);
      for (const order of paidOrders()) {
        const card = saleCard(all.body, order.id);
        expect(card, order.id).toContain(`#${short(order.id)}`);
        expect(card, order.id).toContain("Pago");
        expect(card, order.id).not.toContain(order.id);
      }
      expect(saleCard(all.body, unpaid.id)).toContain("Pendente");
      expect(visibleText(all.body)).toContain(`#${short(unpaid.id)}`);

      const paid = await owner.get("/sales?status=paid");
      expect(paid.status).toBe(200);
      for (const order of paidOrders()) expect(saleCard(paid.body, order.id)).toContain("Pago");
      expect(visibleText(paid.body)).not.toContain(short(unpaid.id));
      expect(saleCard(paid.body, unpaid.id)).toBeUndefined();

      // Another property of the same host, which sold nothing.
      const [other] = await running.db
        .insert(properties)
        .values({
          organizationId: running.shop.organizationId,
          name: "Casa sem vendas",
          address: "Rua B, 2",
          hash: `sem-vendas-${Date.now()}`,
        })
        .returning({ id: properties.id });
      for (const path of [`/sales?imovel=${other?.id}`, "/sales?de=2099-01-01"]) {
        const none = await owner.get(path);
        expect(none.status, path).toBe(200);
        const text = visibleText(none.body);
        expect(text, path).toContain(NO_SALES);
        for (const order of [...paidOrders(), unpaid]) expect(text, path).not.toContain(short(order.id));
      }
      expect(visibleText((await owner.get(`/sales?imovel=${running.shop.propertyId}`)).body)).not.toContain(
        NO_SALES,
      );

      const csv = await fetchAs(owner, "/sales.csv?status=paid");
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
      expect(csv.headers.get("content-disposition")).toMatch(/^attachment/);
      expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = csv.body
        .replace(/^\uFEFF/, "")
        .split("\r\n")
        .filter(Boolean);
      expect(lines[0]).toBe(CSV_HEADER);
      expect(lines.slice(1)).toHaveLength(3);
      expect(
        lines
          .slice(1)
          .map((l) => l.split(";")[0])
          .sort(),
      ).toEqual(
        paidOrders()
          .map((o) => o.id)
          .sort(),
      );
      for (const line of lines.slice(1)) expect(line.split(";")[2]).toBe("Pago");
      expect(csv.body).not.toContain(unpaid.id);
      // Per sale: gross, each fee, refund and net, signed as the ledger posts them.
      const wine = lines.find((l) => l.startsWith(pixWine.id))?.split(";");
      expect(wine?.slice(6, 12)).toEqual([
        csvCents(10_000),
        csvCents(10_000),
        csvCents(-fee(10_000)),
        csvCents(-platformFee(10_000)),
        "0,00",
        csvCents(net(10_000)),
      ]);
      expect(wine?.[5]).toBe("2 × Vinho (50,00)");

      // Each sale's money on its card: the item line, gross, both fees by name, net.
      const card = saleCard(paid.body, pixWine.id) ?? "";
      expect(card).toContain(`Vinho 2 × ${brl(5000)} = ${brl(10_000)}`);
      expect(card).toContain(
        `Bruto ${brl(10_000)} Taxa do provedor ${brl(-fee(10_000))} Taxa Estadia ${brl(-platformFee(10_000))} Líquido ${brl(net(10_000))}`,
      );
      // The period's totals on top, counted and summed the same way.
      const gross = 10_000 + 1650 + 3300;
      const text = visibleText(paid.body);
      expect(text).toContain("3 vendas · 3 pagas");
      expect(text).toContain(`Vendas brutas ${brl(gross)}`);
      expect(text).toContain(`Taxa do provedor ${brl(-(fee(10_000) + fee(1650) + fee(3300)))}`);
      expect(text).toContain(
        `Taxa Estadia ${brl(-(platformFee(10_000) + platformFee(1650) + platformFee(3300)))}`,
      );
      expect(text).toContain(`Líquido ${brl(net(10_000) + net(1650) + net(3300))}`);
      expect(visibleText(all.body)).toContain("4 vendas · 3 pagas · 1 pendente");
    });
  });

  describe("Saques", () => {
    it("shows the wallet as its ledger has it, refuses more than the balance, and pays a confirmed withdrawal on /dev/payments", async () => {
      const ledger = await ledgerOf(walletId);
      const pixNet = net(10_000) + net(1650);
      const cardNet = net(3300);
      expect(ledger).toEqual({ available: pixNet, pending: cardNet, reserved: 0, withdrawn: 0 });

      const { page, fields } = await withdrawalForm(owner);
      const walletText = visibleText(page.body);
      expect(walletText).toContain(
        `Disponível ${brl(ledger.available)} A receber ${brl(ledger.pending)} Sacado ${brl(0)}`,
      );

      const tooMuch = await owner.post(`/withdrawals?carteira=${walletId}`, {
        ...fields,
        amount: "200,00",
        intent: "review",
      });
      expect(tooMuch.status).toBe(STATUS_OF_KIND.insufficient_funds);
      expect(visibleText(tooMuch.body)).toContain(
        `Saldo insuficiente: você pode sacar até ${brl(ledger.available)}.`,
      );
      expect(visibleText(tooMuch.body)).not.toContain("Confirme o saque");

      const review = await owner.post(`/withdrawals?carteira=${walletId}`, {
        ...fields,
        amount: "50,00",
        intent: "review",
      });
      expect(review.status).toBe(200);
      const reviewText = visibleText(review.body);
      expect(reviewText).toContain("Confirme o saque");
      expect(reviewText).toContain("Sem tarifa");
      expect(reviewText).toContain(CPF_KEY);
      expect(reviewText).toContain(brl(5000));
      // Reviewing asks for nothing yet.
      expect(await withdrawalsOfWallet()).toEqual([]);

      const confirmed = await owner.post(`/withdrawals?carteira=${walletId}`, {
        ...fields,
        amount: "50,00",
        intent: "confirm",
      });
      expect(confirmed.status).toBe(302);
      expect(confirmed.location).toBe(`/wallets/${walletId}`);
      const [withdrawal] = await withdrawalsOfWallet();
      expect(withdrawal).toMatchObject({ status: "processing", amountCents: 5000, pixKey: "52998224725" });
      if (!withdrawal) throw new Error("no withdrawal");
      expect(await ledgerOf(walletId)).toEqual({
        ...ledger,
        available: ledger.available - 5000,
        reserved: 5000,
      });

      const statement = await owner.get(`/wallets/${walletId}`);
      expect(statement.status).toBe(200);
      const saqueRow = (html: string) => statementLine(html, `Saque #${short(withdrawal.id)}`);
      expect(saqueRow(statement.body)).toContain("Processando");
      expect(saqueRow(statement.body)).toContain(`Valor ${brl(-5000)}`);
      // A PIX sale's line: gross, both fees, and the net that came into the balance.
      expect(statementLine(statement.body, `Venda #${short(pixWine.id)}`)).toContain(
        `Bruto ${brl(10_000)} Taxa do provedor ${brl(-fee(10_000))} Taxa Estadia ${brl(-platformFee(10_000))} Líquido ${brl(net(10_000))}`,
      );
      const statementCsv = await fetchAs(owner, `/wallets/${walletId}/extrato.csv`);
      const csvLines = statementCsv.body.replace(/^\uFEFF/, "").split("\r\n");
      expect(csvLines[0]).toBe(STATEMENT_CSV_HEADER);
      const wineLine = csvLines.find((l) => l.startsWith(`Venda;${pixWine.id};`))?.split(";");
      expect(wineLine?.slice(3, 8)).toEqual([
        csvCents(10_000),
        csvCents(-fee(10_000)),
        csvCents(-platformFee(10_000)),
        csvCents(net(10_000)),
        "Pago",
      ]);
      // /withdrawals lists it with its status.
      const asked = visibleText((await owner.get("/withdrawals")).body);
      expect(asked).toContain("Saques solicitados");
      expect(asked).toContain(`${brl(5000)} #${short(withdrawal.id)} Processando`);

      // The provider's side: the transfer is on /dev/payments with its buttons; 'Pagar' pays it.
      const dev = await fetch(`${server.url}/dev/payments`).then((r) => r.text());
      const at = dev.indexOf(`data-transfer="${withdrawal.providerTransferId}"`);
      expect(at).toBeGreaterThan(-1);
      const item = visibleText(dev.slice(at, dev.indexOf("</li>", at)));
      expect(item).toContain(`saque ${short(withdrawal.id)}`);
      expect(item).toContain("Pagar");
      expect(item).toContain("Falhar");
      const paid = await settleTransfer(server.url, withdrawal.providerTransferId ?? "", "done");
      expect(paid.status).toBe(303);
      expect(paid.location).toContain("(webhook 200)");

      // Applied right after the webhook's answer.
      await expect
        .poll(async () => saqueRow((await owner.get(`/wallets/${walletId}`)).body), WEBHOOK_APPLIED)
        .toContain("Pago");
      const after = await owner.get(`/wallets/${walletId}`);
      expect(saqueRow(after.body)).not.toContain("Processando");
      const ledgerAfter = await ledgerOf(walletId);
      expect(ledgerAfter).toEqual({ ...ledger, available: ledger.available - 5000, withdrawn: 5000 });
      const cards = visibleText((await owner.get("/withdrawals")).body);
      expect(cards).toContain(
        `Disponível ${brl(ledgerAfter.available)} A receber ${brl(ledgerAfter.pending)} Sacado ${brl(5000)}`,
      );
      expect(cards).toContain(`${brl(5000)} #${short(withdrawal.id)} Pago`);
    });
  });

  describe("refunds", () => {
    it("refunds a card sale from Vendas once: the sale shows 'Reembolsado', the stock is back, a second refund is refused", async () => {
      const granolaBefore = await stockOf("Granola");
      const list = await owner.get("/sales");
      expect(saleCard(list.body, cardGranola.id)).toContain("Reembolsar");

      const refunded = await owner.post("/sales", {
        intent: "refund",
        orderId: cardGranola.id,
        reason: "Hóspede não consumiu",
      });
      expect(refunded.status).toBe(200);
      expect(await statusOf(cardGranola.id)).toBe("refunded");
      const after = await owner.get("/sales");
      expect(saleCard(after.body, cardGranola.id)).toContain("Reembolsado");
      expect(saleCard(after.body, cardGranola.id)).not.toContain("Reembolsar");
      // The refund offsets the sale on its card: what the ledger holds for it is its net.
      const refundedCard = saleCard(after.body, cardGranola.id) ?? "";
      expect(refundedCard).toContain(`Bruto ${brl(3300)}`);
      expect(refundedCard).toMatch(/Reembolso -R\$ [\d.,]+ Líquido/);
      expect(visibleText(after.body)).toContain("4 vendas · 2 pagas · 1 reembolsada · 1 pendente");
      expect(await stockOf("Granola")).toBe((granolaBefore ?? 0) + 2);

      const again = await owner.post("/sales", {
        intent: "refund",
        orderId: cardGranola.id,
        reason: "de novo",
      });
      expect(again.status).toBe(409);
      expect(again.body).toContain("Este pedido já foi reembolsado.");
      expect(await stockOf("Granola")).toBe((granolaBefore ?? 0) + 2);
      expect(await running.db.select().from(refunds).where(eq(refunds.orderId, cardGranola.id))).toHaveLength(
        1,
      );
      // The unreleased card money left 'to receive': nothing of it is pending any more.
      expect((await ledgerOf(walletId)).pending).toBe(0);
    });
  });

  describe("another host", () => {
    it("can neither see the first host's wallets and sales nor refund them", async () => {
      const otherShop = await shopFixture(running.db, [{ name: "Café", priceCents: 800, stock: null }]);
      const itsSale = await paidByPix(server.url, running.db, otherShop, guestIp(), { Café: 1 });
      const stranger = await signedIn(await hostEmail(running.db, otherShop), FIXTURE_PASSWORD);

      for (const path of [`/wallets/${walletId}`, `/wallets/${walletId}/extrato.csv`]) {
        const res = await stranger.get(path);
        expect(res.status, path).toBe(404);
        expect(res.body, path).not.toContain(running.shop.propertyId);
      }

      const statusesBefore = await Promise.all([pixWine.id, cardGranola.id].map(statusOf));
      expect(statusesBefore).toEqual(["paid", "refunded"]);
      for (const orderId of [pixWine.id, cardGranola.id]) {
        const res = await stranger.post("/sales", { intent: "refund", orderId, reason: "Tentativa" });
        expect(res.status, orderId).toBe(404);
        expect(res.body, orderId).toContain("Pedido não encontrado");
      }
      expect(await Promise.all([pixWine.id, cardGranola.id].map(statusOf))).toEqual(statusesBefore);
      expect(await running.db.select().from(refunds).where(eq(refunds.orderId, pixWine.id))).toEqual([]);

      const sales = visibleText((await stranger.get("/sales")).body);
      expect(sales).toContain(`#${short(itsSale.id)}`);
      const csv = await fetchAs(stranger, "/sales.csv");
      expect(csv.status).toBe(200);
      expect(csv.body).toContain(itsSale.id);
      for (const order of [...paidOrders(), unpaid]) {
        expect(sales).not.toContain(short(order.id));
        expect(csv.body).not.toContain(order.id);
      }
    });
  });

  describe("roles", () => {
    it("keeps staff out of sales and wallets", async () => {
      const staff = await teamMember(running.db, running.shop.organizationId, "staff");
      const browser = await signedIn(staff.email, staff.password);
      for (const path of ["/sales", "/withdrawals", `/wallets/${walletId}`]) {
        const res = await browser.get(path);
        expect(res.status, path).toBe(403);
        expect(visibleText(res.body), path).toContain(FORBIDDEN_PAGE);
        for (const order of paidOrders()) expect(res.body, path).not.toContain(short(order.id));
      }
      const csv = await fetchAs(browser, "/sales.csv");
      expect(csv.status).toBe(403);
      for (const order of paidOrders()) expect(csv.body).not.toContain(order.id);
    });

    it("lets a manager see sales and wallets but neither refund nor withdraw", async () => {
      const manager = await teamMember(running.db, running.shop.organizationId, "manager");
      const browser = await signedIn(manager.email, manager.password);

      const sales = await browser.get("/sales");
      expect(sales.status).toBe(200);
      expect(saleCard(sales.body, pixWine.id)).toContain("Pago");
      expect(visibleText(sales.body)).not.toContain("Reembolsar");
      // The owner, on the same list, has the button.
      expect(saleCard((await owner.get("/sales")).body, pixWine.id)).toContain("Reembolsar");

      const wallet = await browser.get("/withdrawals");
      expect(wallet.status).toBe(200);
      const ledger = await ledgerOf(walletId);
      expect(visibleText(wallet.body)).toContain(`Disponível ${brl(ledger.available)}`);
      expect(visibleText(wallet.body)).not.toContain("Solicitar saque");
      expect(visibleText((await owner.get("/withdrawals")).body)).toContain("Solicitar saque");
      expect((await browser.get(`/wallets/${walletId}`)).status).toBe(200);

      const refund = await browser.post("/sales", {
        intent: "refund",
        orderId: pixWine.id,
        reason: "Gerente",
      });
      expect(refund.status).toBe(403);
      expect(await statusOf(pixWine.id)).toBe("paid");
      expect(await running.db.select().from(refunds).where(eq(refunds.orderId, pixWine.id))).toEqual([]);

      // The owner's form, posted by the manager: refused, nothing asked for or reserved.
      const { fields } = await withdrawalForm(owner);
      const before = await withdrawalsOfWallet();
      const withdrawal = await browser.post(`/withdrawals?carteira=${walletId}`, {
        ...fields,
        amount: "20,00",
        intent: "confirm",
      });
      expect(withdrawal.status).toBe(403);
      // Not even the review step: the whole form is the owner's.
      const review = await browser.post(`/withdrawals?carteira=${walletId}`, {
        ...fields,
        amount: "20,00",
        intent: "review",
      });
      expect(review.status).toBe(403);
      expect(await withdrawalsOfWallet()).toEqual(before);
      expect(await ledgerOf(walletId)).toEqual(ledger);
    });
  });

  describe("payout notifications", () => {
    it("refuses one with a tampered signature with 401, storing and applying nothing; the genuine one is applied", async () => {
      // The provider's side of the sandbox: the secret the app derives from AUTH_SECRET for its payouts.
      const provider = createSandboxPayouts({
        db: running.db,
        sellerId: null,
        webhookSecret: createHmac("sha256", AUTH_SECRET).update("sandbox-payouts").digest("hex"),
        notificationUrl: `${server.url}/webhooks/payouts/sandbox`,
      });
      const { fields } = await withdrawalForm(owner);
      const asked = await owner.post(`/withdrawals?carteira=${walletId}`, {
        ...fields,
        amount: "10,00",
        intent: "confirm",
      });
      expect(asked.status).toBe(302);
      const [withdrawal] = await running.db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.walletId, walletId), eq(withdrawals.requestKey, fields.requestKey)));
      const transferId = withdrawal?.providerTransferId ?? "";
      expect(withdrawal?.status).toBe("processing");
      // The bank paid it; the notification is what would tell the app.
      await provider.settle(transferId, "done");
      const ledger = await ledgerOf(walletId);
      const eventsOf = () =>
        running.db
          .select()
          .from(paymentEvents)
          .where(
            and(
              eq(paymentEvents.provider, "sandbox"),
              eq(paymentEvents.topic, "transfer"),
              eq(paymentEvents.providerPaymentId, transferId),
            ),
          );

      const send = (note: { url: string; headers: Headers; body: string }) =>
        fetch(note.url, { method: "POST", headers: note.headers, body: note.body });
      const tampered = await provider.webhookFor(transferId);
      const signature = tampered.headers.get("x-signature") ?? "";
      tampered.headers.set(
        "x-signature",
        signature.replace(/v1=(.)/, (_, c: string) => `v1=${c === "0" ? "1" : "0"}`),
      );
      expect(tampered.headers.get("x-signature")).not.toBe(signature);
      const refused = await send(tampered);
      expect(refused.status).toBe(401);
      await refused.body?.cancel();
      expect(await eventsOf()).toEqual([]);
      const [still] = await running.db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.id, withdrawal?.id ?? ""));
      expect(still?.status).toBe("processing");
      expect(await ledgerOf(walletId)).toEqual(ledger);

      const genuine = await send(await provider.webhookFor(transferId));
      expect(genuine.status).toBe(200);
      await genuine.body?.cancel();
      expect(await eventsOf()).toHaveLength(1);
      const withdrawalNow = async () =>
        (
          await running.db
            .select()
            .from(withdrawals)
            .where(eq(withdrawals.id, withdrawal?.id ?? ""))
        )[0];
      await expect.poll(async () => (await withdrawalNow())?.status, WEBHOOK_APPLIED).toBe("paid");
      expect(await ledgerOf(walletId)).toEqual({
        ...ledger,
        reserved: 0,
        withdrawn: ledger.withdrawn + 1000,
      });
    });
  });
});
