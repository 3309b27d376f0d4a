import { checkout } from "./checkout";
import { common } from "./common";
import { guestData } from "./guest-data";
import { mail } from "./mail";
import { privacy } from "./privacy";
import { shop } from "./shop";

/** Every guest-facing message in pt-BR, by area (one file per area). */
export const ptBR = { common, shop, checkout, mail, privacy, guestData };
export type GuestMessages = typeof ptBR;
