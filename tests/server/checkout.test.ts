// The guest checkout over HTTP against the built app with the offline sandbox as the payment provider:
// identification, steps in order, PIX and card journeys, signed webhooks, one device's checkout kept from
// another, privacy of what is cached and logged, the card-attempt limit, and the sandbox's pages closed in
// production. The database is read directly only for what a host's ledgers would show (stock, money).
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateTimeIn } from "~/lib/i18n/format";
import { parseBrCode } from "~/lib/pix-brcode";
import {
  orders,
  paymentEvents,
  payments,
  propertyProducts,
  sandboxCardTokens,
  sandboxPayments,
  stockMovements,
  walletMovements,
} from "~/platform/db/schema";
import { startCheckoutServer, WEBHOOK_APPLIED } from "../support/checkout-server";
import { type GuestPhone, guestPhone } from "../support/guest-phone";
import { postgresAvailable } from "../support/postgres";
import type { RunningServer } from "../support/server-process";
import { PRODUCTION_PAYMENTS } from "../support/server-process";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();

const BUYER = {
  fullName: "Maria da Silva",
  cpf: "123.456.789-09",
  email: "maria@example.com",
  phone: "(11) 98765-4321",
};
const CARD = {
  card_number: "5031 4332 1540 6351",
  expiration_month: 11,
  expiration_year: 2030,
  security_code: "123",
};
const PRIVATE = "private, no-store";
/** An HTML fragment's text, its tags and runs of spaces as one space. */
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
type Method = "pix" | "credit_card";

/** Polls `read` until `done` holds (every 50 ms, 10 s at most); the last value either way. */
async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** The 'copia e cola' code of a PIX payment page. */
function pixCodeIn(html: string): string {
  return (/<textarea[^>]*data-pix-code[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1] ?? "").trim();
}

describe.runIf(available)("the guest checkout over HTTP (sandbox provider)", () => {
  let running: ShopServer;
  let server: RunningServer;
  let ipCounter = 0;

  beforeAll(async () => {
    running = await startCheckoutServer([
      { name: "Café", priceCents: 800, stock: null },
      { name: "Granola", priceCents: 1650, stock: 9 },
      { name: "Chocolate", priceCents: 700, stock: 5 },
      { name: "Suco", priceCents: 900, stock: 6 },
    ]);
    server = running.server;
  });
  afterAll(() => running?.stop());

  const guest = () => guestPhone(server.url, `203.0.113.${++ipCounter}`);
  const productId = (name: string) => running.shop.productIds[name] ?? "";

  /** Fills a new cart of this phone; its id. */
  async function cartWith(phone: GuestPhone, lines: Record<string, number>): Promise<string> {
    let cartId = "";
    for (const [name, quantity] of Object.entries(lines)) {
      for (let i = 0; i < quantity; i++) {
        const added = await phone.cart({
          intent: "add",
          hash: running.shop.hash,
          productId: productId(name),
        });
        expect(added.status).toBe(200);
        cartId = added.json.cart.id;
      }
    }
    return cartId;
  }

  /** The identification step, posted; it must lead on to the payment step. */
  async function identify(phone: GuestPhone, cartId: string, method: Method, buyer = BUYER) {
    const res = await phone.request(`/payments/${cartId}/${method}`, buyer);
    expect(res.status, res.body.slice(0, 500)).toBe(303);
    expect(res.location).toBe(`/payments/${cartId}/${method}/payment`);
    return res;
  }

  /** Asks for the PIX charge on the payment page; the page's code and the sandbox's id of the charge. */
  async function startPix(phone: GuestPhone, cartId: string) {
    const asked = await phone.request(`/payments/${cartId}/pix/payment`, { intent: "pix" });
    expect(asked.status, asked.body.slice(0, 500)).toBe(303);
    expect(asked.location).toBe(`/payments/${cartId}/pix/payment`);
    const page = await phone.request(`/payments/${cartId}/pix/payment`);
    const code = pixCodeIn(page.body);
    const parsed = parseBrCode(code);
    // The sandbox names its charge in the code's txid: SBX<id>.
    const chargeId = parsed?.txid?.replace(/^SBX/, "") ?? "";
    return { page, code, parsed, chargeId };
  }

  /** What the developer's sandbox page does: settle a charge and send the app its signed webhook. */
  async function devPayments(id: string, outcome: "approve" | "reject" | "expire") {
    const res = await fetch(`${server.url}/dev/payments`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id, outcome }).toString(),
    });
    await res.body?.cancel();
    return { status: res.status, location: decodeURIComponent(res.headers.get("location") ?? "") };
  }

  /** The sandbox's tokenize endpoint, as the card step's script calls it. */
  async function tokenize(holder: string, card: Partial<typeof CARD> = {}) {
    const res = await fetch(`${server.url}/sandbox/v1/card_tokens`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/json" },
      body: JSON.stringify({ ...CARD, cardholder: { name: holder }, ...card }),
    });
    return { status: res.status, json: (await res.json()) as { id?: string; message?: string } };
  }

  async function token(holder: string): Promise<string> {
    const made = await tokenize(holder);
    expect(made.status).toBe(201);
    return made.json.id ?? "";
  }

  /** The card step's script posting the token. */
  async function charge(phone: GuestPhone, cartId: string, cardToken: string) {
    const res = await phone.request(`/payments/${cartId}/credit_card/charge`, {
      token: cardToken,
      paymentMethodId: "master",
      issuerId: "",
    });
    return { ...res, json: JSON.parse(res.body) as Record<string, unknown> };
  }

  const ordersOf = (cartId: string) =>
    running.db.select().from(orders).where(eq(orders.cartId, cartId)).orderBy(asc(orders.createdAt));

  async function paymentsOf(cartId: string) {
    const ids = (await ordersOf(cartId)).map((o) => o.id);
    if (ids.length === 0) return [];
    return running.db.select().from(payments).where(inArray(payments.orderId, ids));
  }

  async function stockOf(name: string) {
    const [row] = await running.db
      .select({ current: propertyProducts.currentQuantity, reserved: propertyProducts.reservedQuantity })
      .from(propertyProducts)
      .where(
        and(
          eq(propertyProducts.propertyId, running.shop.propertyId),
          eq(propertyProducts.productId, productId(name)),
        ),
      );
    return row;
  }

  async function status(phone: GuestPhone, cartId: string) {
    const res = await phone.request(`/payments/${cartId}/status`);
    return { ...res, json: JSON.parse(res.body) as { status: string | null } };
  }

  describe("identification", () => {
    it("refuses an empty post, a bad email and a CPF with wrong check digits, creating no order", async () => {
      const phone = guest();
      const cartId = await cartWith(phone, { Café: 1 });

      const empty = await phone.request(`/payments/${cartId}/pix`, {
        fullName: "",
        cpf: "",
        email: "",
        phone: "",
      });
      expect(empty.status).toBe(400);
      expect(empty.body).toContain("Nome completo é obrigatório");
      expect(empty.body).toContain("Informe pelo menos um método de contato (e-mail ou telefone)");

      const email = await phone.request(`/payments/${cartId}/pix`, { ...BUYER, email: "maria@", phone: "" });
      expect(email.status).toBe(400);
      expect(email.body).toContain("E-mail inválido");

      const cpf = await phone.request(`/payments/${cartId}/pix`, { ...BUYER, cpf: "529.982.247-24" });
      expect(cpf.status).toBe(400);
      expect(cpf.body).toContain("CPF inválido");

      expect(await ordersOf(cartId)).toEqual([]);
      const payment = await phone.request(`/payments/${cartId}/pix/payment`);
      expect(payment.status).toBe(302);
      expect(payment.location).toBe(`/payments/${cartId}/pix`);
    });
  });

  describe("steps in order", () => {
    it("sends the payment page back to identification while there is no order", async () => {
      const phone = guest();
      const cartId = await cartWith(phone, { Café: 1 });
      for (const method of ["pix", "credit_card"] as const) {
        const page = await phone.request(`/payments/${cartId}/${method}/payment`);
        expect(page.status).toBe(302);
        expect(page.location).toBe(`/payments/${cartId}/${method}`);
      }
    });

    it("'Voltar' from the PIX page finds the identification filled in as it was sent", async () => {
      const phone = guest();
      const cartId = await cartWith(phone, { Café: 1 });
      await identify(phone, cartId, "pix");
      const { page } = await startPix(phone, cartId);
      const back = `/payments/${cartId}/pix`;
      expect(page.body).toContain(`href="${back}"`);
      const form = await phone.request(back);
      expect(form.status).toBe(200);
      for (const [name, value] of Object.entries(BUYER)) {
        expect(form.body, name).toMatch(
          new RegExp(`name="${name}"[^>]*value="${value.replace(/[.()]/g, "\\$&")}"`),
        );
      }
    });

    it("answers the success page of an unknown cart with 404, and of a pending order with 'Aguardando pagamento'", async () => {
      const phone = guest();
      const unknown = await phone.request(`/payments/${crypto.randomUUID()}/success`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).not.toContain("Pagamento confirmado!");

      const cartId = await cartWith(phone, { Café: 1 });
      await identify(phone, cartId, "pix");
      const pending = await phone.request(`/payments/${cartId}/success`);
      expect(pending.status).toBe(200);
      expect(pending.body).toContain("Aguardando pagamento");
      expect(pending.body).not.toContain("Pagamento confirmado!");
    });
  });

  describe("PIX", () => {
    it("goes from the cart to a confirmed payment, selling what was held", async () => {
      const phone = guest();
      const cartId = await cartWith(phone, { Granola: 2, Café: 1 });
      const totalCents = 2 * 1650 + 800;
      const before = await stockOf("Granola");
      expect(before).toEqual({ current: 9, reserved: 0 });

      const chosen = await phone.request(`/payment/${cartId}`, { intent: "continue", method: "pix" });
      expect(chosen.status).toBe(302);
      expect(chosen.location).toBe(`/payments/${cartId}/pix`);
      const identification = await phone.request(`/payments/${cartId}/pix`);
      expect(identification.status).toBe(200);
      expect(identification.body).toContain("Identificação");
      await identify(phone, cartId, "pix");
      expect(await stockOf("Granola")).toEqual({ current: 9, reserved: 2 });

      const generating = await phone.request(`/payments/${cartId}/pix/payment`);
      expect(generating.status).toBe(200);
      expect(generating.body).toContain("Gerando QR Code para pagamento...");
      expect(generating.body).toMatch(
        /<form[^>]*method="post"[^>]*><input type="hidden" name="intent" value="pix"/,
      );

      const { page, code, parsed, chargeId } = await startPix(phone, cartId);
      expect(page.status).toBe(200);
      expect(page.body).toContain("Pagamento via Pix");
      expect(page.body).toMatch(/<img[^>]*data-pix-qr/);
      expect(code).not.toBe("");
      expect(parsed?.amountCents).toBe(totalCents);
      const [order] = await ordersOf(cartId);
      expect(order?.totalCents).toBe(totalCents);

      const pending = await status(phone, cartId);
      expect(pending.status).toBe(200);
      expect(pending.json).toEqual({ status: "pending" });

      const list = await fetch(`${server.url}/dev/payments`).then((r) => r.text());
      expect(list).toContain(`data-charge="${chargeId}"`);
      const approved = await devPayments(chargeId, "approve");
      expect(approved.status).toBe(303);
      // The sandbox's signed webhook reached the app over HTTP and was accepted.
      expect(approved.location).toContain(`Aprovar: ${chargeId} (webhook 200)`);
      // The webhook alone pays the order, right after its answer (the status poll below would also ask
      // the provider).
      await expect.poll(async () => (await ordersOf(cartId))[0]?.status, WEBHOOK_APPLIED).toBe("paid");

      expect((await status(phone, cartId)).json).toEqual({ status: "paid" });
      const success = await phone.request(`/payments/${cartId}/success`);
      expect(success.status).toBe(200);
      expect(success.body).toContain("Pagamento confirmado!");
      // The receipt page says when and how, as the e-mail does (issue 49).
      const [paid] = await running.db.select().from(orders).where(eq(orders.cartId, cartId));
      const when = formatDateTimeIn("pt-BR", paid?.paidAt ?? new Date(0));
      const receipt = visible(/<dl data-receipt[^>]*>([\s\S]*?)<\/dl>/.exec(success.body)?.[1] ?? "");
      expect(receipt).toBe(`Pago em ${when} Forma de pagamento Pix`);
      expect(success.body).toContain(`href="/i/${running.shop.hash}"`);
      expect(await stockOf("Granola")).toEqual({ current: 7, reserved: 0 });
    });
  });

  describe("webhooks", () => {
    const webhook = (provider: string, init: RequestInit & { query?: string } = {}) =>
      fetch(`${server.url}/webhooks/payments/${provider}${init.query ?? ""}`, init);

    it("refuses a bad signature with 401, storing nothing", async () => {
      const dataId = "1234567890123";
      const res = await webhook("sandbox", {
        method: "POST",
        query: `?data.id=${dataId}&type=payment`,
        headers: {
          "content-type": "application/json",
          "x-request-id": crypto.randomUUID(),
          "x-signature": `ts=${Math.floor(Date.now() / 1000)},v1=${"ab".repeat(32)}`,
        },
        body: JSON.stringify({ id: 42, type: "payment", action: "payment.updated", data: { id: dataId } }),
      });
      expect(res.status).toBe(401);
      await res.body?.cancel();
      const [stored] = await running.db
        .select({ n: count() })
        .from(paymentEvents)
        .where(eq(paymentEvents.providerPaymentId, dataId));
      expect(stored?.n).toBe(0);
    });

    it("answers GET with 405 and another provider's path with 404", async () => {
      const get = await webhook("sandbox");
      expect(get.status).toBe(405);
      expect(get.headers.get("allow")).toBe("POST");
      await get.body?.cancel();
      const other = await webhook("mercadopago", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ type: "payment", data: { id: "1" } }),
      });
      expect(other.status).toBe(404);
      await other.body?.cancel();
    });

    it("pays an order once, however often the payment is notified or polled", async () => {
      const phone = guest();
      const cartId = await cartWith(phone, { Chocolate: 1 });
      await identify(phone, cartId, "pix");
      const { chargeId } = await startPix(phone, cartId);
      expect((await devPayments(chargeId, "approve")).location).toContain("(webhook 200)");

      const page = await fetch(`${server.url}/dev/payments`).then((r) => r.text());
      const at = page.indexOf(`data-charge="${chargeId}"`);
      expect(at).toBeGreaterThan(-1);
      const item = page.slice(at, page.indexOf("</li>", at));
      expect(item).toContain("Aprovado");
      expect(item).not.toContain('value="approve"');

      // A second signed notification of the same payment (the page's action still sends one).
      expect((await devPayments(chargeId, "approve")).location).toContain("(webhook 200)");
      for (let i = 0; i < 5; i++) expect((await status(phone, cartId)).json).toEqual({ status: "paid" });
      const eventsOf = () =>
        running.db.select().from(paymentEvents).where(eq(paymentEvents.providerPaymentId, chargeId));
      // Each notification is applied right after its answer.
      await expect
        .poll(async () => (await eventsOf()).filter((e) => e.processedAt !== null).length, WEBHOOK_APPLIED)
        .toBe(2);

      const [order] = await ordersOf(cartId);
      expect(order?.status).toBe("paid");
      const sales = await running.db
        .select()
        .from(stockMovements)
        .where(and(eq(stockMovements.reference, `order:${order?.id}`), eq(stockMovements.reason, "sale")));
      expect(sales).toHaveLength(1);
      expect(sales[0]).toMatchObject({ productId: productId("Chocolate"), oldQuantity: 5, newQuantity: 4 });
      const money = await running.db
        .select()
        .from(walletMovements)
        .where(and(eq(walletMovements.orderId, order?.id ?? ""), eq(walletMovements.kind, "sale")));
      expect(money).toHaveLength(1);
      expect(money[0]?.amountCents).toBe(700);
      expect(await eventsOf()).toHaveLength(2);
      expect(await stockOf("Chocolate")).toEqual({ current: 4, reserved: 0 });
    });
  });

  describe("another device", () => {
    it("can neither see nor pay nor change a guest's checkout", async () => {
      const owner = guest();
      const cartId = await cartWith(owner, { Café: 2 });
      await identify(owner, cartId, "pix");
      await startPix(owner, cartId);
      const ordersBefore = await ordersOf(cartId);
      const paymentsBefore = await paymentsOf(cartId);
      expect(ordersBefore).toHaveLength(1);
      expect(paymentsBefore).toHaveLength(1);

      const intruder = guest();
      await cartWith(intruder, { Café: 1 }); // a real device, with its own cookie
      for (const path of [
        `/payments/${cartId}/pix`,
        `/payments/${cartId}/status`,
        `/payments/${cartId}/success`,
      ]) {
        const seen = await intruder.request(path);
        expect(seen.status, path).toBe(404);
        expect(seen.body, path).not.toContain(BUYER.fullName);
        expect(seen.body, path).not.toContain(BUYER.email);
      }
      const page = await intruder.request(`/payments/${cartId}/pix/payment`);
      expect(page.status).toBe(302);
      expect(page.location).toBe(`/payments/${cartId}/pix`);
      expect(page.body).not.toContain("data-pix-code");

      const pix = await intruder.request(`/payments/${cartId}/pix/payment`, { intent: "pix" });
      // Sent back to its own identification step (a 404 for this device), or refused outright.
      if (pix.status === 303) expect(pix.location).toBe(`/payments/${cartId}/pix`);
      else expect(pix.status).toBe(404);
      const cardToken = await token("APRO");
      const card = await charge(intruder, cartId, cardToken);
      expect(card.status).toBe(404);
      expect(card.json.ok).toBe(false);
      const placed = await intruder.request(`/payments/${cartId}/credit_card`, {
        ...BUYER,
        fullName: "Intrusa",
      });
      expect(placed.status).toBe(404);

      expect(await ordersOf(cartId)).toEqual(ordersBefore);
      expect(await paymentsOf(cartId)).toEqual(paymentsBefore);
      const [spent] = await running.db
        .select({ usedAt: sandboxCardTokens.usedAt })
        .from(sandboxCardTokens)
        .where(eq(sandboxCardTokens.id, cardToken));
      expect(spent?.usedAt).toBeNull();
      expect((await status(owner, cartId)).json).toEqual({ status: "pending" });
    });
  });

  describe("card", () => {
    it("tokenizes only a valid card, refusing in pt-BR", async () => {
      const badNumber = await tokenize("APRO", { card_number: "5031 4332 1540 6352" });
      expect(badNumber).toEqual({
        status: 400,
        json: expect.objectContaining({ message: "Número do cartão inválido" }),
      });
      const past = await tokenize("APRO", { expiration_month: 1, expiration_year: 2020 });
      expect(past).toEqual({
        status: 400,
        json: expect.objectContaining({ message: "Data de expiração inválida" }),
      });
      const cvv = await tokenize("APRO", { security_code: "12" });
      expect(cvv).toEqual({ status: 400, json: expect.objectContaining({ message: "CVV inválido" }) });
    });

    it("pays with an approved card and shows the confirmation", async () => {
      const phone = guest();
      const cartId = await cartWith(phone, { Suco: 1 });
      const before = await stockOf("Suco");
      await identify(phone, cartId, "credit_card");
      const page = await phone.request(`/payments/${cartId}/credit_card/payment`);
      expect(page.status).toBe(200);
      expect(page.body).toContain('data-tokenize-url="/sandbox/v1/card_tokens"');
      expect(page.body).toContain(`data-charge-url="/payments/${cartId}/credit_card/charge"`);

      const paid = await charge(phone, cartId, await token("APRO"));
      expect(paid.status).toBe(200);
      expect(paid.json).toEqual({ ok: true, status: "paid", next: `/payments/${cartId}/success` });
      const success = await phone.request(`/payments/${cartId}/success`);
      expect(success.body).toContain("Pagamento confirmado!");
      expect(await stockOf("Suco")).toEqual({ current: (before?.current ?? 0) - 1, reserved: 0 });
    });

    it("refuses a declined card, giving the stock back, then pays on the same cart without asking again", async () => {
      const phone = guest();
      const cartId = await cartWith(phone, { Suco: 2 });
      const before = await stockOf("Suco");
      await identify(phone, cartId, "credit_card");
      expect(await stockOf("Suco")).toEqual({ current: before?.current, reserved: 2 });

      const refused = await charge(phone, cartId, await token("OTHE"));
      expect(refused.status).toBe(402);
      expect(refused.json.ok).toBe(false);
      // One sentence: why, and what to do; nothing generic said before it.
      expect(refused.json).toEqual({
        ok: false,
        message: "O cartão foi recusado. Tente outro cartão ou pague com Pix.",
      });
      expect((await ordersOf(cartId)).map((o) => o.status)).toEqual(["failed"]);
      expect(await stockOf("Suco")).toEqual(before);
      expect((await status(phone, cartId)).json).toEqual({ status: "failed" });
      const again = await phone.request(`/payments/${cartId}/credit_card/payment`);
      expect(again.status).toBe(200);
      expect(again.body.split("O cartão foi recusado. Tente outro cartão ou pague com Pix.")).toHaveLength(2);

      const paid = await charge(phone, cartId, await token("APRO"));
      expect(paid.status).toBe(200);
      expect(paid.json).toEqual({ ok: true, status: "paid", next: `/payments/${cartId}/success` });
      expect((await ordersOf(cartId)).map((o) => o.status)).toEqual(["failed", "paid"]);
      expect(await stockOf("Suco")).toEqual({ current: (before?.current ?? 0) - 2, reserved: 0 });
      expect((await phone.request(`/payments/${cartId}/success`)).body).toContain("Pagamento confirmado!");
    });
  });

  describe("privacy", () => {
    it("keeps every checkout response out of shared caches and the buyer's data out of the logs", async () => {
      const phone = guest();
      const cartId = await cartWith(phone, { Café: 1 });
      const buyer = { ...BUYER, cpf: "529.982.247-25", email: "privacidade@example.com" };
      const seen: [string, Headers][] = [];
      const keep = <T extends { headers: Headers }>(what: string, res: T): T => {
        seen.push([what, res.headers]);
        return res;
      };

      keep("identification", await phone.request(`/payments/${cartId}/credit_card`));
      keep(
        "refused identification",
        await phone.request(`/payments/${cartId}/credit_card`, { ...buyer, fullName: "" }),
      );
      await identify(phone, cartId, "credit_card", buyer);
      keep("card payment page", await phone.request(`/payments/${cartId}/credit_card/payment`));
      keep("status", await phone.request(`/payments/${cartId}/status`));
      keep("pending success page", await phone.request(`/payments/${cartId}/success`));
      keep("refused charge", await charge(phone, cartId, await token("OTHE")));
      const paid = keep("charge", await charge(phone, cartId, await token("APRO")));
      expect(paid.json.status).toBe("paid");
      keep("success page", await phone.request(`/payments/${cartId}/success`));
      keep("unknown success page", await phone.request(`/payments/${crypto.randomUUID()}/success`));
      keep("unknown status", await phone.request(`/payments/${crypto.randomUUID()}/status`));
      for (const [what, headers] of seen) expect(headers.get("cache-control"), what).toBe(PRIVATE);

      // Everything the order's payment logs has been written: the receipt is the last step.
      const paidOrder = (await ordersOf(cartId)).find((o) => o.status === "paid");
      expect(paidOrder?.receiptSentAt).not.toBeNull();
      const logged = await until(
        () => server.logLine("receipt sent", paidOrder?.id ?? "-"),
        (line) => line !== undefined,
      );
      expect(logged).toBeDefined();
      await until(
        () => server.logLine(`"path":"/payments/${cartId}/success"`),
        (line) => line !== undefined,
      );
      const out = server.output();
      expect(out).toContain(`/payments/${cartId}/credit_card/charge`);
      for (const secret of ["5031433215406351", "5031 4332", "52998224725", "privacidade@example.com"]) {
        expect(out.includes(secret), `the log holds ${secret}`).toBe(false);
      }
    });
  });

  describe("limits", () => {
    it("refuses a sixth card attempt on one cart, charging nothing", async () => {
      const phone = guest();
      const cartId = await cartWith(phone, { Café: 1 });
      await identify(phone, cartId, "credit_card");
      for (let i = 0; i < 5; i++) {
        const refused = await charge(phone, cartId, await token("OTHE"));
        expect(refused.status, `attempt ${i + 1}`).toBe(402);
      }
      const sixthToken = await token("APRO");
      const sixth = await charge(phone, cartId, sixthToken);
      expect([409, 429]).toContain(sixth.status);
      expect(sixth.json.ok).toBe(false);
      expect(`${sixth.json.message} ${sixth.json.detail}`).toContain(
        "Muitas tentativas de pagamento. Tente novamente em alguns minutos.",
      );

      const attempts = await paymentsOf(cartId);
      expect(attempts).toHaveLength(5);
      expect(attempts.every((p) => p.status === "rejected")).toBe(true);
      expect((await ordersOf(cartId)).some((o) => o.status === "paid")).toBe(false);
      const charged = await running.db
        .select({ id: sandboxPayments.id })
        .from(sandboxPayments)
        .where(
          and(
            inArray(
              sandboxPayments.externalReference,
              (await ordersOf(cartId)).map((o) => o.id),
            ),
            eq(sandboxPayments.status, "approved"),
          ),
        );
      expect(charged).toEqual([]);
      const [unused] = await running.db
        .select({ usedAt: sandboxCardTokens.usedAt })
        .from(sandboxCardTokens)
        .where(eq(sandboxCardTokens.id, sixthToken));
      expect(unused?.usedAt).toBeNull();
    });
  });
});

describe.runIf(available)("the sandbox's pages in production", () => {
  let running: ShopServer;
  let production: RunningServer;

  beforeAll(async () => {
    running = await startCheckoutServer([], {
      env: {
        APP_ENV: "production",
        APP_URL: "https://estadia.example.com",
        AUTH_SECRET: "a-test-secret-that-is-long-enough-0123456789",
        ...PRODUCTION_PAYMENTS,
      },
    });
    production = running.server;
  });
  afterAll(() => running?.stop());

  it("answers /dev/payments with 404, to a page view and to a settling post alike", async () => {
    const get = await fetch(`${production.url}/dev/payments`);
    expect(get.status).toBe(404);
    expect(await get.text()).not.toContain("Pagamentos do sandbox");
    const post = await fetch(`${production.url}/dev/payments`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: production.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: "1", outcome: "approve" }).toString(),
    });
    expect(post.status).toBe(404);
    await post.body?.cancel();
  });
});
