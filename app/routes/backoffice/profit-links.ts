import type { ChosenPeriod } from "~/domain/profit/profit-period";

type Scope = { period: Pick<ChosenPeriod, "from" | "to">; propertyId?: string };

/** The sales list of a period (and property): where the dashboard's sales figures come from. */
export function salesLink({ period, propertyId }: Scope, status?: "refunded"): string {
  const query = new URLSearchParams({ de: period.from, ate: period.to });
  if (propertyId) query.set("imovel", propertyId);
  if (status) query.set("status", status);
  return `/sales?${query}`;
}

/** The stock history's losses of a period (and property): where 'Perdas' comes from. */
export function lossesLink({ period, propertyId }: Scope): string {
  const query = new URLSearchParams({ motivo: "loss", de: period.from, ate: period.to });
  if (propertyId) query.set("imovel", propertyId);
  return `/inventory/historico?${query}`;
}
