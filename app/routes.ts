import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// The URL table, in the order of the spec's route tables (part 1 §2, part 2 §2).
export default [
  // Marketing
  index("routes/marketing/landing-pt.tsx"),
  route("en", "routes/marketing/landing-en.tsx"),
  route("v2", "routes/marketing/landing-v2.tsx"),
  route("es", "routes/marketing/landing-es.tsx"),
  route("leads", "routes/marketing/lead.ts"),
  route("sitemap.xml", "routes/marketing/sitemap.ts"),
  route("robots.txt", "routes/marketing/robots.ts"),

  // Accounts
  route("auth", "routes/account/auth.tsx"),
  route("reset-password", "routes/account/reset-password.tsx"),
  route("sign-out", "routes/account/sign-out.ts"),
  route("convite", "routes/account/invitation.tsx"),

  // Guest shop and checkout
  route("i/:hash", "routes/shop/property-shop.tsx"),
  route("e/:token", "routes/shop/stay-shop.tsx"),
  route("payment/:cartId", "routes/checkout/cart-summary.tsx"),
  route("payments/:cartId/success", "routes/checkout/success.tsx"),
  route("payments/:cartId/status", "routes/checkout/order-status.ts"),
  route("payments/:cartId/credit_card/charge", "routes/checkout/card-charge.ts"),
  route("payments/:cartId/:method", "routes/checkout/identification.tsx"),
  route("payments/:cartId/:method/payment", "routes/checkout/payment.tsx"),
  route("privacidade", "routes/marketing/privacy.tsx"),
  // LGPD (issue 24): the guest's own data request, from the receipt's link
  route("meus-dados/:token", "routes/guest-data/data-request.tsx"),

  // Back office: every route below is signed-in only (guarded on the server by the layout)
  layout("routes/backoffice/layout.tsx", [
    route("dashboard", "routes/backoffice/dashboard.tsx"),
    // Issue 49: the day's work, where staff land after signing in
    route("hoje", "routes/backoffice/today.tsx"),
    route("dashboard.csv", "routes/backoffice/dashboard-csv.ts"),
    route("properties", "routes/backoffice/properties.tsx"),
    route("properties/:propertyId/products", "routes/backoffice/property-products.tsx"),
    route("properties/:propertyId/conferencia", "routes/backoffice/stock-count.tsx"),
    route("properties/:propertyId/resultado", "routes/backoffice/property-profit.tsx"),
    route("properties/:propertyId/qr.svg", "routes/backoffice/property-qr-svg.ts"),
    route("properties/:propertyId/qr.png", "routes/backoffice/property-qr-png.ts"),
    route("properties/:propertyId/poster", "routes/backoffice/property-poster.ts"),
    route("properties/posters", "routes/backoffice/property-posters.ts"),
    route("inventory", "routes/backoffice/inventory.tsx"),
    route("inventory/historico", "routes/backoffice/inventory-history.tsx"),
    route("inventory/historico.csv", "routes/backoffice/inventory-history-csv.ts"),
    route("inventory/perdas", "routes/backoffice/inventory-losses.tsx"),
    route("products", "routes/backoffice/products.tsx"),
    route("product-categories", "routes/backoffice/product-categories.tsx"),
    route("qr-templates", "routes/backoffice/qr-templates.tsx"),
    route("qr-templates/new", "routes/backoffice/qr-template-new.tsx"),
    route("qr-templates/edit/:id", "routes/backoffice/qr-template-edit.tsx"),
    route("sales", "routes/backoffice/sales.tsx"),
    route("sales.csv", "routes/backoffice/sales-csv.ts"),
    route("sales/:id/contestacao.pdf", "routes/backoffice/dispute-evidence-pdf.ts"),
    route("withdrawals", "routes/backoffice/withdrawals.tsx"),
    route("wallets/:id", "routes/backoffice/wallet-statement.tsx"),
    route("recebimentos", "routes/backoffice/receiving.tsx"),
    route("recebimentos/mercadopago/retorno", "routes/backoffice/receiving-mercadopago-return.ts"),
    route("wallets/:id/extrato.csv", "routes/backoffice/wallet-statement-csv.ts"),
    route("replacements", "routes/backoffice/replacements.tsx"),
    route("replacements/create", "routes/backoffice/replacement-create.tsx"),
    route("replacements/planejar", "routes/backoffice/replacement-plan.tsx"),
    route("replacements/:id", "routes/backoffice/replacement-detail.tsx"),
    route("replacements/:id/lista.pdf", "routes/backoffice/picking-list-pdf.ts"),
    // Stays (issue 23): calendars and manual stays
    route("properties/:propertyId/calendarios", "routes/backoffice/property-calendars.tsx"),
    // Stays (issue 23): agenda and turnovers
    route("agenda", "routes/backoffice/agenda.tsx"),
    route("properties/:propertyId/agenda", "routes/backoffice/property-agenda.tsx"),
    // Stays (issue 23): a stay and its sales
    route("estadias/:stayId", "routes/backoffice/stay-detail.tsx"),
    // Damages (issue 23)
    route("avarias", "routes/backoffice/damages.tsx"),
    route("avarias/nova", "routes/backoffice/damage-new.tsx"),
    route("avarias/:id", "routes/backoffice/damage-detail.tsx"),
    route("avarias/:id/relatorio.pdf", "routes/backoffice/damage-report-pdf.ts"),
    // LGPD (issue 24): 'Dados de hóspedes'
    route("hospedes", "routes/backoffice/guest-data.tsx"),
    route("hospedes/exportar.json", "routes/backoffice/guest-data-json.ts"),
    route("hospedes/exportar.csv", "routes/backoffice/guest-data-csv.ts"),
    route("team", "routes/backoffice/team.tsx"),
    route("team/atividade", "routes/backoffice/team-activity.tsx"),
    route("organizacao/ativa", "routes/backoffice/switch-organization.ts"),
    // Issue 50: every member's notification settings (WhatsApp, events, quiet hours, recent messages)
    route("notificacoes", "routes/backoffice/notifications.tsx"),
  ]),

  // Operations
  route("healthz", "routes/api/healthz.ts"),
  route("media/*", "routes/api/media.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("webhooks/payments/:provider", "routes/webhooks/payments.ts"),
  route("webhooks/payouts/:provider", "routes/webhooks/payouts.ts"),
  route("webhooks/asaas/validacao-saque", "routes/webhooks/asaas-transfer-validation.ts"),
  route("webhooks/asaas/:accountId", "routes/webhooks/asaas.ts"),
  // Issue 50: Meta's verification (GET) and message statuses (POST)
  route("webhooks/whatsapp", "routes/webhooks/whatsapp.ts"),
  route("sandbox/v1/card_tokens", "routes/sandbox/card-tokens.ts"),
  route("sandbox/3ds/:paymentId", "routes/sandbox/challenge.ts"),
  // Stays (issue 23): the organization's secret turnovers calendar
  route("agenda/feed/:token", "routes/api/agenda-feed.ts"),
  route("dev/outbox", "routes/api/dev-outbox.tsx"),
  route("dev/payments", "routes/api/dev-payments.tsx"),
  // Issue 50: the WhatsApp Cloud API fake, outside production only
  route("dev/whatsapp/*", "routes/api/dev-whatsapp.ts"),

  // Anything else
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
