import type { GuestMessages } from "../pt-BR";
import { common } from "./common";

export const es: GuestMessages = { common };
