// Guest texts of this area in pt-BR (the source: en and es are typed by it).
export const shop = {};
export type ShopMessages = typeof shop;
