import { checkout } from "~/lib/i18n/catalogues/pt-BR/checkout";
import type { CardRefusal } from "~/platform/payments/provider";

/**
 * Why a card was refused, as the guest reads it, with what to do next (issue 24), in pt-BR from the
 * catalogue (the guest pages translate it). Each adapter already turns its provider's reason code into a
 * CardRefusal (mercadopago-codes.ts, also used by the sandbox).
 */
export const CARD_REFUSAL_TEXT: Record<CardRefusal, string> = checkout.refusals;
