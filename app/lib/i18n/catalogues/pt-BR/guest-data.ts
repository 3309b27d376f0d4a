// Guest texts of this area in pt-BR (the source: en and es are typed by it).
export const guestData = {};
export type GuestDataMessages = typeof guestData;
