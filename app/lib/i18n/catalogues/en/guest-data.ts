import type { GuestDataMessages } from "../pt-BR/guest-data";

export const guestData: GuestDataMessages = {};
