import { checkout } from "~/lib/i18n/catalogues/pt-BR/checkout";
import { type Buyer, type BuyerForm, checkBuyerFields } from "./buyer-rules";

export { type Buyer, type BuyerForm, buyerForm } from "./buyer-rules";

// The identification step (part 2 §5), worded in pt-BR from the catalogue: the server is the authority,
// and the guest page translates the sentences (translateFromPortuguese).

export const BUYER_TEXT = checkout.buyer;

export function checkBuyer(
  form: BuyerForm,
): { ok: true; buyer: Buyer } | { ok: false; errors: Partial<Record<keyof BuyerForm, string>> } {
  const checked = checkBuyerFields(form);
  if (checked.ok) return checked;
  const errors: Partial<Record<keyof BuyerForm, string>> = {};
  for (const [field, problem] of Object.entries(checked.problems))
    errors[field as keyof BuyerForm] = BUYER_TEXT[problem];
  return { ok: false, errors };
}
