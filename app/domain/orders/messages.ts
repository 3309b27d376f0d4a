import { checkout } from "~/lib/i18n/catalogues/pt-BR/checkout";

// pt-BR texts of checkout (part 2 §8 where the spec gives them), taken from the pt-BR catalogue: the
// domain speaks pt-BR, and the guest pages translate (translateFromPortuguese, or the same key).
export const CHECKOUT_TEXT = {
  ...checkout.errors,
  adultConfirmLabel: checkout.identification.adultConfirmLabel,
  priceChanged: checkout.notices.priceChanged,
  removed: checkout.notices.removed,
};

/** The PIX step, phone first (issue 24): the amount, the code to copy, then the QR Code. */
export const PIX_TEXT = checkout.pix;
