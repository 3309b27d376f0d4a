import type { CardRefusal, ChargeStatus } from "./provider";

// Mercado Pago's `status_detail` codes that mean something to us, translated in this one place: for the
// Mercado Pago adapter, and for the sandbox, which answers with the same codes (it imitates Mercado Pago's
// test cards).

const REFUSALS = new Map<string, CardRefusal>([
  ["cc_rejected_insufficient_amount", "insufficient_funds"],
  ["cc_rejected_bad_filled_security_code", "bad_security_code"],
  ["cc_rejected_bad_filled_date", "bad_expiry_date"],
  ["cc_rejected_bad_filled_other", "bad_card_data"],
  ["cc_rejected_call_for_authorize", "call_bank"],
  ["cc_rejected_3ds_challenge", "challenge_failed"],
]);

/** Why a rejected card was refused (any code not listed is "other"); null for any other status. */
export function mercadoPagoRefusal(status: ChargeStatus, detail: string): CardRefusal | null {
  return status === "rejected" ? (REFUSALS.get(detail) ?? "other") : null;
}

/** A PIX whose time ran out comes back cancelled, with the detail 'expired'. */
export function mercadoPagoExpired(status: ChargeStatus, detail: string): boolean {
  return status === "cancelled" && detail === "expired";
}
