import type { CardRefusal } from "~/platform/payments/provider";

/**
 * Why a card was refused, as the guest reads it, with what to do next (issue 24). Each adapter already
 * turns its provider's reason code into a CardRefusal (mercadopago-codes.ts, also used by the sandbox).
 */
export const CARD_REFUSAL_TEXT: Record<CardRefusal, string> = {
  insufficient_funds: "Saldo ou limite insuficiente. Tente outro cartão ou pague com Pix.",
  bad_security_code: "Código de segurança (CVV) incorreto. Confira e tente de novo.",
  bad_expiry_date: "Cartão vencido ou validade incorreta. Confira a data ou use outro cartão.",
  bad_card_data: "Algum dado do cartão está incorreto. Confira e tente de novo.",
  call_bank: "O banco pediu autorização: ligue para o seu banco ou use outro cartão.",
  other: "O cartão foi recusado. Tente outro cartão ou pague com Pix.",
};
