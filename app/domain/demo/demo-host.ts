/** The demo host `npm run seed` (and the first start in development) creates. */
export const DEMO_HOST = {
  name: "Anfitrião Demo",
  email: "demo@estadia.dev",
  password: "estadia123",
  organizationName: "Estadia Demo",
};

/** The demo property whose shop the first start points to (the one with every demo product). */
export const DEMO_SHOP_PROPERTY = "Casa da Praia";
