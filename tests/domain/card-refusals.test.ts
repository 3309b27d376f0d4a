import { eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { CARD_REFUSAL_TEXT } from "~/domain/payments/card-refusal-text";
import { cardRefusalReason, payByCard } from "~/domain/payments/pay-by-card.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { orders, payments } from "~/platform/db/schema";
import { mercadoPagoRefusal } from "~/platform/payments/mercadopago-codes";
import { BUYER, guestWithCart, TEST_CARD } from "../support/checkout-fixtures";
import { embeddedCheckout } from "../support/embedded-checkout";

vi.setConfig({ testTimeout: 30_000 });

const { db, h } = embeddedCheckout();

// The sandbox chooses the outcome by the name on the card, like Mercado Pago's test cards, and answers with
// Mercado Pago's status_detail codes.
const CASES = [
  [
    "FUND",
    "cc_rejected_insufficient_amount",
    "Saldo ou limite insuficiente. Tente outro cartão ou pague com Pix.",
  ],
  [
    "SECU",
    "cc_rejected_bad_filled_security_code",
    "Código de segurança (CVV) incorreto. Confira e tente de novo.",
  ],
  [
    "EXPI",
    "cc_rejected_bad_filled_date",
    "Cartão vencido ou validade incorreta. Confira a data ou use outro cartão.",
  ],
  [
    "CALL",
    "cc_rejected_call_for_authorize",
    "O banco pediu autorização: ligue para o seu banco ou use outro cartão.",
  ],
  ["OTHE", "cc_rejected_other_reason", "O cartão foi recusado. Tente outro cartão ou pague com Pix."],
  ["FORM", "cc_rejected_bad_filled_other", "Algum dado do cartão está incorreto. Confira e tente de novo."],
] as const;

describe("a refused card says why, in one sentence with what to do", () => {
  it.each(CASES)("test card %s (%s)", async (holderName, statusDetail, text) => {
    const g = await guestWithCart(db(), [{ name: "Suco", priceCents: 800, stock: 3 }], { Suco: 1 });
    await placeOrder(h.ctx, { ...g.key, method: "credit_card", buyer: BUYER });
    const token = (await h.sandbox.tokenize({ ...TEST_CARD, holderName })).id;
    const refused = await payByCard(h.ctx, { ...g.key, token, paymentMethodId: null, issuerId: null });
    expect(refused).toMatchObject({ status: "failed", reason: text });
    // The payment page, reloaded, reads the same sentence from the refused payment's row.
    const [row] = await db().select().from(payments).where(eq(payments.orderId, refused.orderId));
    expect(cardRefusalReason(row?.statusDetail ?? null)).toBe(text);
    expect(mercadoPagoRefusal("rejected", statusDetail)).toBe(row?.statusDetail);
  });

  it("a code no one mapped, or none, reads as the general refusal", () => {
    expect(mercadoPagoRefusal("rejected", "cc_rejected_high_risk")).toBe("other");
    expect(cardRefusalReason(null)).toBe(CARD_REFUSAL_TEXT.other);
    expect(cardRefusalReason("cc_rejected_insufficient_amount")).toBe(CARD_REFUSAL_TEXT.other);
  });
});

describe("card testing: attempts on one cart are limited", () => {
  it("refuses the sixth card attempt in an hour, before any charge is asked for", async () => {
    const g = await guestWithCart(db(), [{ name: "Água", priceCents: 500, stock: 9 }], { Água: 1 });
    await placeOrder(h.ctx, { ...g.key, method: "credit_card", buyer: BUYER });
    const attempt = async () => {
      const token = (await h.sandbox.tokenize({ ...TEST_CARD, holderName: "FUND" })).id;
      return payByCard(h.ctx, { ...g.key, token, paymentMethodId: null, issuerId: null });
    };
    for (let i = 0; i < 5; i++) expect(await attempt()).toMatchObject({ status: "failed" });
    await expect(attempt()).rejects.toThrow(
      "Muitas tentativas de pagamento. Tente novamente em alguns minutos.",
    );
    const ids = (await db().select({ id: orders.id }).from(orders).where(eq(orders.cartId, g.cartId))).map(
      (o) => o.id,
    );
    expect(await db().select().from(payments).where(inArray(payments.orderId, ids))).toHaveLength(5);
  });
});
