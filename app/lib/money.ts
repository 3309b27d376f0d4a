const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** Formats integer cents as Brazilian reais, e.g. 123456 → "R$ 1.234,56"; non-numbers → "-". */
export function formatCents(cents: unknown): string {
  if (typeof cents !== "number" || !Number.isFinite(cents)) return "-";
  // `+ 0` turns -0 into 0 so a rounded -0.4 does not print as "-R$ 0,00".
  const whole = Math.round(cents) + 0;
  return brl.format(whole / 100);
}
