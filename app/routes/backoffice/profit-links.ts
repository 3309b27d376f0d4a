import type { ChosenPeriod } from "~/domain/profit/profit-period";

type Scope = { period: Pick<ChosenPeriod, "from" | "to">; propertyId?: string };

/** The sales list of a period (and property): where the dashboard's sales figures come from. */
export function salesLink({ period, propertyId }: Scope, status?: "refunded"): string {
  const query = new URLSearchParams({ de: period.from, ate: period.to });
  if (propertyId) query.set("imovel", propertyId);
  if (status) query.set("status", status);
  return `/sales?${query}`;
}

/**
 * Where 'Perdas' comes from: the organization's losses report of the period (by reason, property, product
 * and stay, issue 46), or, for one property, the stock history's losses there.
 */
export function lossesLink({ period, propertyId }: Scope): string {
  if (!propertyId) return `/inventory/perdas?${new URLSearchParams({ de: period.from, ate: period.to })}`;
  const query = new URLSearchParams({ motivo: "loss", de: period.from, ate: period.to, imovel: propertyId });
  return `/inventory/historico?${query}`;
}
