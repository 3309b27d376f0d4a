// What the daily reconciliation (payments/reconcile.server.ts) can find wrong between an account's provider
// and our orders, as the owner reads them where the account is connected.

export type FindingKind = "paid_without_order" | "order_without_payment" | "amount_differs";

export const FINDING_TEXT: Record<FindingKind, string> = {
  paid_without_order: "Pagamento aprovado no provedor sem pedido pago no Estadia",
  order_without_payment: "Pedido pago no Estadia sem pagamento aprovado no provedor",
  amount_differs: "Valor diferente entre o provedor e o pedido",
};
