import type { CheckoutMessages } from "../pt-BR/checkout";

export const checkout: CheckoutMessages = {};
