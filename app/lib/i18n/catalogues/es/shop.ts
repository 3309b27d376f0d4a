import type { ShopMessages } from "../pt-BR/shop";

export const shop: ShopMessages = {};
