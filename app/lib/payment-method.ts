export const PAYMENT_METHODS = ["pix", "credit_card"] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly unknown[]).includes(value);
}

/** The refusal when continuing from the cart summary without a method (part 2 §5). */
export const CHOOSE_METHOD = "Selecione um método de pagamento";
