import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createProduct } from "~/domain/catalog/products.server";
import { MONEY_TEXT } from "~/domain/ledger/messages";
import { checkWithdrawal } from "~/domain/ledger/withdrawals.server";
import { recheckCharge } from "~/domain/payments/apply-payment.server";
import { expireOrder } from "~/domain/payments/expire-order.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import { listSales } from "~/domain/sales/sales-page.server";
import { historyFilter, listStockHistory } from "~/domain/stock/read-stock-history.server";
import { DATE_RANGE_TEXT } from "~/lib/dates";
import { orders, payments, sandboxPayments, sandboxRefunds } from "~/platform/db/schema";
import { salesQueryOf } from "~/routes/backoffice/sales-query.server";
import { BUYER, guestWithCart } from "../support/checkout-fixtures";
import { embeddedCheckout } from "../support/embedded-checkout";
import { refusal } from "../support/refusal";
import { ownerOf } from "../support/restock-fixtures";

// Issue 21's defects 2, 3 and 4, through the domain operations the routes call.

vi.setConfig({ testTimeout: 30_000 });

const { db, h } = embeddedCheckout();

describe("a PIX approved after its order expired", () => {
  it("is refunded once, and the sandbox will not approve a charge past its time", async () => {
    const g = await guestWithCart(db(), [{ name: "Água", priceCents: 900, stock: 3 }], { Água: 1 });
    await placeOrder(h.ctx, { ...g.key, method: "pix", buyer: BUYER });
    const { orderId } = await startPixPayment(h.ctx, g.key);
    const [pix] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    const chargeId = pix?.providerPaymentId ?? "";

    h.clock.advance(31 * 60_000);
    await expect(h.sandbox.settle(chargeId, "approve")).rejects.toMatchObject({ code: "expired" });
    await expireOrder(h.ctx, orderId);
    const [cancelled] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(cancelled?.status).toBe("cancelled");

    // The guest's bank paid at the last moment anyway: the provider now says approved.
    await db()
      .update(sandboxPayments)
      .set({ status: "approved", statusDetail: "accredited" })
      .where(eq(sandboxPayments.id, chargeId));
    const ref = {
      provider: "sandbox",
      providerPaymentId: chargeId,
      paymentAccountId: pix?.paymentAccountId ?? null,
    };
    await recheckCharge(h.ctx, ref);
    await recheckCharge(h.ctx, ref);
    const refundsMade = await db()
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentId, chargeId));
    expect(refundsMade).toHaveLength(1);
    expect(refundsMade[0]?.amountCents).toBe(900);
    const [row] = await db()
      .select()
      .from(payments)
      .where(eq(payments.id, pix?.id ?? ""));
    expect(row?.status).toBe("refunded");
    const [still] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(still?.status).toBe("cancelled");
  });
});

describe("filters with far-off dates", () => {
  it("are ignored with a message, and the lists answer", async () => {
    const g = await guestWithCart(db(), [{ name: "Água", priceCents: 900, stock: 3 }], {});
    const owner = await ownerOf(db(), g.shop.organizationId);
    const far = new URLSearchParams("de=0001-01-01&ate=9999-12-31");
    const sales = salesQueryOf(far);
    expect(sales).toMatchObject({ from: null, to: null, dateError: DATE_RANGE_TEXT });
    await expect(listSales(db(), owner, sales, null)).resolves.toMatchObject({ rows: [] });
    const history = historyFilter(far);
    expect(history.dateError).toBe(DATE_RANGE_TEXT);
    await expect(listStockHistory(db(), owner, history, null)).resolves.toBeDefined();
  });
});

describe("amounts with a sign, an exponent or letters", () => {
  it("are refused with a message, never read as another amount", async () => {
    const g = await guestWithCart(db(), [], {});
    const owner = await ownerOf(db(), g.shop.organizationId);
    const input = {
      walletId: crypto.randomUUID(),
      pixKeyType: "evp",
      pixKey: crypto.randomUUID(),
      remember: false,
      requestKey: "",
    };
    for (const amount of ["-50", "1e9", "50 reais"]) {
      let said: unknown;
      try {
        checkWithdrawal(h.ctx, { ...input, amount });
      } catch (err) {
        said = err;
      }
      expect(said).toMatchObject({ fieldErrors: { amount: MONEY_TEXT.amountInvalid } });
    }
    for (const price of ["-50", "1e9", "1a2,5x0"]) {
      const refused = await refusal(createProduct(db(), owner, { name: "Vinho", price }));
      expect(refused.fieldErrors?.price).toBe("Digite o preço só com números e vírgula, como 12,50.");
    }
  });
});
