import { parseAmountText } from "./price-input";

/**
 * What the money field holds: an amount in cents (null = empty), or text that is not an amount, kept as
 * typed so the host sees what was refused instead of a silently different amount.
 */
export type MoneyState = { kind: "amount"; cents: number | null } | { kind: "invalid"; text: string };

export const EMPTY_MONEY: MoneyState = { kind: "amount", cents: null };

/** R$ 999.999.999,99: more digits than any amount here; a further digit typed is ignored. */
export const MAX_TYPED_DIGITS = 11;

/** Cents as the field shows them: 229 → "R$ 2,29", 123456 → "R$ 1.234,56"; null → "". */
export function formatMoneyInput(cents: number | null): string {
  if (cents === null) return "";
  const digits = String(Math.max(0, Math.round(cents))).padStart(3, "0");
  const reais = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ".");
  return `R$ ${reais},${digits.slice(-2)}`;
}

export function moneyDisplay(state: MoneyState): string {
  return state.kind === "amount" ? formatMoneyInput(state.cents) : state.text;
}

/** Whole text (pasted, filled in, or posted back by the server) read with the server's rules. */
export function moneyFromText(text: string): MoneyState {
  if (text.trim() === "") return EMPTY_MONEY;
  const cents = parseAmountText(text);
  return cents === null ? { kind: "invalid", text } : { kind: "amount", cents };
}

const onlyDigits = (text: string) => text.replace(/\D/g, "");

/** The one character inserted into `before` to make `after`, or null when the change is anything else. */
function insertedChar(before: string, after: string): string | null {
  if (after.length !== before.length + 1) return null;
  let i = 0;
  while (i < before.length && before[i] === after[i]) i++;
  return after.slice(i + 1) === before.slice(i) ? (after[i] ?? null) : null;
}

/** Whether `after` is `before` with one stretch removed (a backspace, a delete, a selection cut). */
function isDeletion(before: string, after: string): boolean {
  if (after.length >= before.length) return false;
  let i = 0;
  while (i < after.length && before[i] === after[i]) i++;
  return before.endsWith(after.slice(i));
}

/**
 * The field after an edit, cents-first like bank apps: from "R$ 2,29" typing 0 gives "R$ 22,90" (the digits
 * shift left), a backspace drops the last digit, and any other character typed (',' '.' a letter, a sign)
 * is stripped as typed, as the spec says. Any other change (a paste, a fill, a selection replaced) is read
 * whole with the server's rules, so "22,90", "22.90" and "R$ 1.234,56" mean what they say; a pasted sign,
 * exponent or letters give `invalid` (never silently another amount).
 */
export function nextMoneyState(prev: MoneyState, next: string): MoneyState {
  if (next.trim() === "") return EMPTY_MONEY;
  if (prev.kind === "amount") {
    const before = formatMoneyInput(prev.cents);
    const typed = insertedChar(before, next);
    if (typed !== null && /\d/.test(typed)) {
      const digits = onlyDigits(next);
      if (digits.replace(/^0+/, "").length > MAX_TYPED_DIGITS) return prev;
      return { kind: "amount", cents: Number(digits) };
    }
    // Any other character typed is stripped as it is typed (spec part 1 §8): '1a2,5x0' shows R$ 12,50.
    if (typed !== null) return prev;
    if (isDeletion(before, next)) {
      // A deletion: the digits left, read as cents; none or only zeros empties the field.
      const cents = Number(onlyDigits(next) || "0");
      return cents === 0 ? EMPTY_MONEY : { kind: "amount", cents };
    }
  }
  return moneyFromText(next);
}

/** The amount the field holds, or null when it is empty or refused. */
export function moneyCents(state: MoneyState): number | null {
  return state.kind === "amount" ? state.cents : null;
}
