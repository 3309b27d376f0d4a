// The one script of the guest pages (the shop, the cart summary and the checkout steps): they are rendered
// whole on the server and work as plain forms; this makes them instant. No React here (docs/decisions/0014).
import { mountDomToasts } from "~/ui/dom-toasts";
import { enhanceCard } from "../checkout/guest-card.client";
import { enhanceIdentification } from "../checkout/guest-identification.client";
import { enhancePix } from "../checkout/guest-pix.client";
import { enhanceCartForms } from "./guest-cart.client";
import { enhanceShopFilters } from "./guest-filters.client";
import { enhancePaymentChoice } from "./guest-payment-choice.client";

mountDomToasts(document);
enhanceCartForms(document);
enhanceShopFilters(document);
enhancePaymentChoice(document);
enhanceIdentification(document);
enhancePix(document);
enhanceCard(document);
