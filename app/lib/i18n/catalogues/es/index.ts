import type { GuestMessages } from "../pt-BR";
import { checkout } from "./checkout";
import { common } from "./common";
import { guestData } from "./guest-data";
import { mail } from "./mail";
import { privacy } from "./privacy";
import { shop } from "./shop";

export const es: GuestMessages = { common, shop, checkout, mail, privacy, guestData };
