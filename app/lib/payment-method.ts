export const PAYMENT_METHODS = ["pix", "credit_card"] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly unknown[]).includes(value);
}

/** How a method reads wherever it is shown: the checkout's choice, the sales list and CSV, the receipt. */
export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  pix: "Pix",
  credit_card: "Cartão de crédito",
};

/** The refusal when continuing from the cart summary without a method (part 2 §5). */
export const CHOOSE_METHOD = "Selecione um método de pagamento";
