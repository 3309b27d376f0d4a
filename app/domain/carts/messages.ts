import { shop } from "~/lib/i18n/catalogues/pt-BR/shop";

// The cart's pt-BR texts, taken from the pt-BR `shop` catalogue (the one source; routes translate them
// for the guest with translateFromPortuguese).
export const CART_TEXT = shop;

/** Few units left (a counted stock of 1 to 3): 'Resta 1', 'Restam 3'. */
export const FEW_LEFT_MAX = 3;
