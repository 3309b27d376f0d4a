import { common } from "./common";

/** Every guest-facing message in pt-BR, by area (one file per area). */
export const ptBR = { common };
export type GuestMessages = typeof ptBR;
