// Issue 24: the built app's log, at its most talkative, never holds a guest's name, email, phone or CPF, over
// whole purchases: the shop, the cart, identification, a PIX paid through the sandbox's signed webhook, the
// success page and the receipt email; and a card refused, then paid. Nor a secret address (issue 45).
import { randomBytes } from "node:crypto";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "~/platform/db/schema";
import { readOutbox } from "~/platform/mail/outbox.server";
import { startCheckoutServer, WEBHOOK_APPLIED } from "../support/checkout-server";
import { type GuestPhone, guestPhone } from "../support/guest-phone";
import { sandboxChargeOf, settleCharge } from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();

const BUYER = {
  fullName: "Zuleica Quaresma Tavares",
  cpf: "529.982.247-25",
  email: "zuleica.tavares@example.net",
  phone: "(21) 99876-1234",
};
const CARD_BUYER = {
  fullName: "Anacleto Vasconcelos",
  cpf: "111.444.777-35",
  email: "anacleto.vasc@example.org",
  phone: "(31) 3456-7890",
};
const CARD = {
  card_number: "5031 4332 1540 6351",
  expiration_month: 11,
  expiration_year: 2030,
  security_code: "123",
};

/** Every way the buyer's data could appear in a log line. */
function tracesOf(buyer: typeof BUYER): string[] {
  const cpfDigits = buyer.cpf.replace(/\D/g, "");
  const phoneDigits = buyer.phone.replace(/\D/g, "");
  const [first, ...rest] = buyer.fullName.split(" ");
  return [
    buyer.fullName,
    first ?? "",
    rest.at(-1) ?? "",
    encodeURIComponent(buyer.fullName),
    buyer.fullName.replaceAll(" ", "+"),
    buyer.email,
    encodeURIComponent(buyer.email),
    buyer.email.split("@")[0] ?? "",
    buyer.cpf,
    cpfDigits,
    buyer.phone,
    encodeURIComponent(buyer.phone),
    phoneDigits,
    phoneDigits.slice(2),
    buyer.phone.replace(/^\(\d\d\) /, ""),
  ];
}

describe.runIf(available)("guest data in the logs", () => {
  let running: ShopServer;
  let ipCounter = 0;

  beforeAll(async () => {
    running = await startCheckoutServer([{ name: "Café", priceCents: 800, stock: 20 }], {
      env: { LOG_LEVEL: "debug" },
    });
  });
  afterAll(() => running?.stop());

  const guest = () => guestPhone(running.server.url, `198.51.100.${++ipCounter}`);
  const ordersOf = (cartId: string) =>
    running.db.select().from(orders).where(eq(orders.cartId, cartId)).orderBy(asc(orders.createdAt));

  /** The shop opened, one coffee put in the cart, the method chosen: the cart's id. */
  async function shopAndCart(phone: GuestPhone, method: "pix" | "credit_card"): Promise<string> {
    const shop = await phone.request(`/i/${running.shop.hash}`);
    expect(shop.status).toBe(200);
    const added = await phone.cart({
      intent: "add",
      hash: running.shop.hash,
      productId: running.shop.productIds.Café ?? "",
    });
    expect(added.status).toBe(200);
    const cartId: string = added.json.cart.id;
    const chosen = await phone.request(`/payment/${cartId}`, { intent: "continue", method });
    expect(chosen.location).toBe(`/payments/${cartId}/${method}`);
    return cartId;
  }

  async function identify(phone: GuestPhone, cartId: string, method: string, buyer: typeof BUYER) {
    // A refused identification first (its form comes back with what was typed), then the real one.
    const refused = await phone.request(`/payments/${cartId}/${method}`, { ...buyer, cpf: "111.111.111-12" });
    expect(refused.status).toBe(400);
    const res = await phone.request(`/payments/${cartId}/${method}`, buyer);
    expect(res.status, res.body.slice(0, 300)).toBe(303);
  }

  /** Waits for the receipt to this buyer in the dev outbox, and for its log line. */
  async function receiptSent(cartId: string, buyer: typeof BUYER) {
    const outbox = path.join(running.server.dataDir, "outbox");
    await expect
      .poll(() => readOutbox(outbox).some((m) => m.to.includes(buyer.email)), WEBHOOK_APPLIED)
      .toBe(true);
    const paid = (await ordersOf(cartId)).find((o) => o.status === "paid");
    await expect
      .poll(() => running.server.logLine("receipt sent", paid?.id ?? "-"), WEBHOOK_APPLIED)
      .toBeDefined();
  }

  async function expectLogWithout(buyer: typeof BUYER, cartId: string) {
    // The log is there: this purchase's requests are in it (a request's line is written once its answer
    // has gone out, so it may follow the answer by a moment).
    await expect
      .poll(() => running.server.output(), { timeout: 5_000 })
      .toContain(`"path":"/payments/${cartId}/success"`);
    const out = running.server.output();
    for (const trace of tracesOf(buyer)) expect(out.includes(trace), `the log holds ${trace}`).toBe(false);
  }

  it("holds none of it over a PIX purchase paid by webhook, up to the receipt", async () => {
    const phone = guest();
    const cartId = await shopAndCart(phone, "pix");
    await identify(phone, cartId, "pix", BUYER);
    const asked = await phone.request(`/payments/${cartId}/pix/payment`, { intent: "pix" });
    expect(asked.status).toBe(303);
    const page = await phone.request(`/payments/${cartId}/pix/payment`);
    const chargeId = sandboxChargeOf(page.body);
    const list = await fetch(`${running.server.url}/dev/payments`).then((r) => r.text());
    expect(list).toContain(`data-charge="${chargeId}"`);
    const settled = await settleCharge(running.server.url, chargeId, "approve");
    expect(settled.status).toBe(303);
    await expect.poll(async () => (await ordersOf(cartId))[0]?.status, WEBHOOK_APPLIED).toBe("paid");
    const success = await phone.request(`/payments/${cartId}/success`);
    expect(success.body).toContain("Pagamento confirmado!");
    await receiptSent(cartId, BUYER);
    await expectLogWithout(BUYER, cartId);
  });

  it("holds none of it over a card refused, then paid", async () => {
    const phone = guest();
    const cartId = await shopAndCart(phone, "credit_card");
    await identify(phone, cartId, "credit_card", CARD_BUYER);
    const charge = async (holder: string) => {
      const made = await fetch(`${running.server.url}/sandbox/v1/card_tokens`, {
        method: "POST",
        headers: { origin: running.server.url, "content-type": "application/json" },
        body: JSON.stringify({ ...CARD, cardholder: { name: holder } }),
      });
      const token = ((await made.json()) as { id?: string }).id ?? "";
      const res = await phone.request(`/payments/${cartId}/credit_card/charge`, {
        token,
        paymentMethodId: "master",
        issuerId: "",
      });
      return JSON.parse(res.body) as { ok: boolean; status?: string };
    };
    expect((await charge("OTHE")).ok).toBe(false);
    expect(await charge("APRO")).toMatchObject({ ok: true, status: "paid" });
    expect((await phone.request(`/payments/${cartId}/success`)).body).toContain("Pagamento confirmado!");
    await receiptSent(cartId, CARD_BUYER);
    await expectLogWithout(CARD_BUYER, cartId);
  });

  it("writes an address that is a key (data request, turnovers calendar, reset link) as its route's pattern, and no query", async () => {
    const tokens = Array.from({ length: 6 }, () => randomBytes(24).toString("base64url"));
    const [data, dataNavigation, feed, reset, invitation, password] = tokens;
    // A stay's shop link (issue 48): its token is the shape stays.shop_token has.
    const stayLink = randomBytes(16).toString("hex");
    tokens.push(stayLink);
    for (const address of [
      `/e/${stayLink}`,
      `/meus-dados/${data}`,
      `/meus-dados/${dataNavigation}.data`,
      `/agenda/feed/${feed}.ics`,
      `/api/auth/reset-password/${reset}?callbackURL=%2Freset-password`,
      `/convite?token=${invitation}`,
      `/reset-password?token=${password}`,
    ]) {
      const res = await fetch(`${running.server.url}${address}`, { redirect: "manual" });
      await res.arrayBuffer();
    }
    const logged = [
      '"path":"/meus-dados/:token"',
      '"path":"/e/:token"',
      '"path":"/agenda/feed/:token"',
      '"path":"/api/auth/*"',
      '"path":"/convite"',
      '"path":"/reset-password"',
    ];
    for (const line of logged) {
      await expect.poll(() => running.server.output(), { timeout: 5_000 }).toContain(line);
    }
    const out = running.server.output();
    for (const token of tokens) expect(out.includes(token ?? ""), `the log holds ${token}`).toBe(false);
  });
});
