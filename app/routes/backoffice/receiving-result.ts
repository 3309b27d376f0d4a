import { RECEIVING_TEXT } from "~/domain/payment-accounts/messages";

export const RECEIVING_PATH = "/recebimentos";

// A refused Mercado Pago connection comes back from its callback as `/recebimentos?erro={key}`, the key of
// its sentence in RECEIVING_TEXT: the page shows that sentence as its alert, and no free text is echoed.
// A success comes back with the 'payment-account-connected' flash (a toast), like the page's own actions.

/** The sentences that are not refusals: a URL naming them says nothing. */
const NOT_REFUSALS = new Set<string>(["connected", "disconnected", "notReceiving"]);

/** The refusal the page's address names, if any. */
export function refusalInAddress(search: URLSearchParams): string | null {
  const key = search.get("erro");
  if (!key || NOT_REFUSALS.has(key) || !Object.hasOwn(RECEIVING_TEXT, key)) return null;
  return RECEIVING_TEXT[key as keyof typeof RECEIVING_TEXT];
}
