import type { GuestMessages } from "../pt-BR";
import { common } from "./common";

export const en: GuestMessages = { common };
