const percent = new Intl.NumberFormat("pt-BR", {
  style: "percent",
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A share as pt-BR writes it, 0.1234 → "12,3%"; no share (nothing to divide by) → "—". */
export function formatShare(share: number | null): string {
  return share === null || !Number.isFinite(share) ? "—" : percent.format(share).replace(/\u00a0/g, "");
}
