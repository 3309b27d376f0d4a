// The one script of the guest pages (the shop and the cart summary): they are rendered whole on the
// server and work as plain forms; this makes them instant. No React here (docs/decisions/0014).
import { mountDomToasts } from "~/ui/dom-toasts";
import { enhanceCartForms } from "./guest-cart.client";
import { enhanceShopFilters } from "./guest-filters.client";
import { enhancePaymentChoice } from "./guest-payment-choice.client";

mountDomToasts(document);
enhanceCartForms(document);
enhanceShopFilters(document);
enhancePaymentChoice(document);
