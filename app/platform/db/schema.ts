// Drizzle needs every table in one object for typed queries: this is the only aggregating module.

export * from "./schema/auth";
export * from "./schema/carts";
export * from "./schema/catalog";
export * from "./schema/damages";
export * from "./schema/guest-data";
export * from "./schema/leads";
export * from "./schema/ledger";
export * from "./schema/media";
export * from "./schema/notifications";
export * from "./schema/orders";
export * from "./schema/organization-contact";
export * from "./schema/payment-accounts";
export * from "./schema/profit";
export * from "./schema/qr";
export * from "./schema/restock";
export * from "./schema/sandbox";
export * from "./schema/stays";
export * from "./schema/stock-counts";
export * from "./schema/team";
