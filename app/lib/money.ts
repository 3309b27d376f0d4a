const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/**
 * The same text as `brl.format(cents / 100)`, written with integer arithmetic: a page of figures (the
 * dashboard writes a few hundred) spent more time in ICU than in anything else of its own. Used only when it
 * agrees with ICU on this machine (checked once below) and for amounts well inside exact doubles.
 */
function brlText(cents: number): string {
  const negative = cents < 0;
  const abs = negative ? -cents : cents;
  const digits = String(Math.floor(abs / 100));
  let reais = digits.slice(0, digits.length % 3 || 3);
  for (let i = reais.length; i < digits.length; i += 3) reais += `.${digits.slice(i, i + 3)}`;
  const centavos = abs % 100;
  return `${negative ? "-" : ""}R$\u00a0${reais},${centavos < 10 ? "0" : ""}${centavos}`;
}

const FAST_LIMIT = 1e13;
const fastAgrees = [0, 1, -1, 99, 100, 123456, -123456, 100000, 99999999, 123456789012].every(
  (cents) => brlText(cents) === brl.format(cents / 100),
);

/** Formats integer cents as Brazilian reais, e.g. 123456 → "R$ 1.234,56"; non-numbers → "-". */
export function formatCents(cents: unknown): string {
  if (typeof cents !== "number" || !Number.isFinite(cents)) return "-";
  // `+ 0` turns -0 into 0 so a rounded -0.4 does not print as "-R$ 0,00".
  const whole = Math.round(cents) + 0;
  return fastAgrees && Math.abs(whole) < FAST_LIMIT ? brlText(whole) : brl.format(whole / 100);
}
