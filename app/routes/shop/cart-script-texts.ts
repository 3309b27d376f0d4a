import type { ShopMessages } from "~/lib/i18n/catalogues/pt-BR/shop";
import type { PluralForms } from "~/lib/i18n/plural";

/**
 * The few texts the guest script shows (its toasts, the cart bar's count), in the guest's language: the
 * page puts them in [data-guest-cart][data-texts], so the script carries no catalogue.
 */
export type CartScriptTexts = { addFailed: string; updateFailed: string; items: PluralForms };

export function cartScriptTexts(t: ShopMessages): CartScriptTexts {
  return { addFailed: t.addFailed, updateFailed: t.updateFailed, items: t.cartItems };
}
