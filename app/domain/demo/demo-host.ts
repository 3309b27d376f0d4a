/** The demo host `npm run seed` (and the first start in development) creates. */
export const DEMO_HOST = {
  name: "Anfitrião Demo",
  email: "demo@estadia.dev",
  password: "estadia123",
  organizationName: "Estadia Demo",
  /** 'Fale com o anfitrião' on the demo shop (a placeholder number, like SUPPORT_WHATSAPP_URL's). */
  whatsapp: "(48) 99999-9999",
};

/** The demo property whose shop the first start points to (the one with every demo product). */
export const DEMO_SHOP_PROPERTY = "Casa da Praia";
