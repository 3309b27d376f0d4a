/** Losses as a share of sales, in percent with one decimal; null without sales. */
export function shareOfSales(lossCents: number, salesCents: number): number | null {
  if (salesCents <= 0) return null;
  return Math.round((lossCents / salesCents) * 1000) / 10;
}
