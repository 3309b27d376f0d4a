import { shop } from "~/lib/i18n/catalogues/pt-BR/shop";

// pt-BR texts guests read about the host and the place (shop, success page, receipt), from the pt-BR `shop`
// catalogue; guest pages take them from the guest's own catalogue.
export const HOST_CONTACT_TEXT = shop.hostContact;
