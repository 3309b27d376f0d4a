// A card whose issuer asks for 3-D Secure (ADR 0063), with the sandbox playing the issuer: the charge answers
// the challenge to frame, the challenge page takes the creq the charge gave (and no other), the guest's
// answer pays or refuses the order, and the page's status says so.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startCheckoutServer, WEBHOOK_APPLIED } from "../support/checkout-server";
import { orderOfCart, shopGuest } from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();
const CARD = {
  card_number: "5031433215406351",
  expiration_month: 11,
  expiration_year: 2030,
  security_code: "123",
};

describe.runIf(available)("a card with a 3-D Secure challenge (sandbox)", () => {
  let running: ShopServer;
  beforeAll(async () => {
    running = await startCheckoutServer([{ name: "Vinho", priceCents: 5000, stock: 10 }], {
      env: { AUTH_SECRET: "card-challenge-test-secret-0123456789" },
    });
  });
  afterAll(() => running?.stop());

  /** A guest charges a card named `holder`; the charge's JSON answer and the cart. */
  async function charge(ip: string, holder: string) {
    const base = running.server.url;
    const guest = shopGuest(base, running.shop, ip);
    const cartId = await guest.cartWith({ Vinho: 1 });
    await guest.identify(cartId, "credit_card");
    const tokenized = await fetch(`${base}/sandbox/v1/card_tokens`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/json" },
      body: JSON.stringify({ ...CARD, cardholder: { name: holder } }),
    });
    const token = ((await tokenized.json()) as { id?: string }).id ?? "";
    const charged = await guest.phone.request(`/payments/${cartId}/credit_card/charge`, {
      token,
      paymentMethodId: "master",
      issuerId: "",
    });
    return { guest, cartId, status: charged.status, answer: JSON.parse(charged.body) };
  }

  const post = (url: string, form: Record<string, string>) =>
    fetch(url, {
      method: "POST",
      headers: { origin: running.server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });

  it("answers the challenge to frame, and the issuer's yes pays the order", async () => {
    const { guest, cartId, status, answer } = await charge("203.0.113.31", "3DS");
    expect(status).toBe(200);
    expect(answer).toMatchObject({
      ok: true,
      status: "challenge",
      statusUrl: `/payments/${cartId}/status`,
      next: `/payments/${cartId}/success`,
    });
    expect(answer.challenge.url).toMatch(/^\/sandbox\/3ds\/\d+$/);
    expect((await orderOfCart(running.db, cartId)).status).toBe("pending");

    // The issuer's page, framed by the card step: same origin only, and only for the charge's own creq.
    const wrong = await post(`${running.server.url}${answer.challenge.url}`, {
      creq: "0".repeat(64),
      decision: "pass",
    });
    expect(wrong.status).toBe(400);
    expect((await orderOfCart(running.db, cartId)).status).toBe("pending");
    const shown = await post(`${running.server.url}${answer.challenge.url}`, { creq: answer.challenge.creq });
    expect(shown.status).toBe(200);
    expect(shown.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(shown.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(await shown.text()).toContain("Confirme a compra de R$");

    const passed = await post(`${running.server.url}${answer.challenge.url}`, {
      creq: answer.challenge.creq,
      decision: "pass",
    });
    expect(await passed.text()).toContain("Compra confirmada pelo banco.");
    await vi.waitFor(async () => {
      const polled = await guest.phone.request(`/payments/${cartId}/status`);
      expect(JSON.parse(polled.body)).toEqual({ status: "paid" });
    }, WEBHOOK_APPLIED);
  });

  it("refuses the order when the guest does not confirm, and the card page says why", async () => {
    const { guest, cartId, answer } = await charge("203.0.113.32", "3DS");
    const failed = await post(`${running.server.url}${answer.challenge.url}`, {
      creq: answer.challenge.creq,
      decision: "fail",
    });
    expect(await failed.text()).toContain("Compra não confirmada.");
    await vi.waitFor(async () => {
      const polled = await guest.phone.request(`/payments/${cartId}/status`);
      expect(JSON.parse(polled.body)).toEqual({ status: "failed" });
    }, WEBHOOK_APPLIED);
    const page = await guest.phone.request(`/payments/${cartId}/credit_card/payment`);
    expect(page.body).toContain("O banco não confirmou a compra na verificação de segurança.");
  });

  it("charges a card with no challenge as before", async () => {
    const { answer } = await charge("203.0.113.33", "APRO");
    expect(answer).toMatchObject({ ok: true, status: "paid" });
  });
});
