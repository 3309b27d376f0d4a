import { MAX_QUANTITY, STOCK_TEXT as T } from "./messages";

export type QuantityResult = { ok: true; value: number | null } | { ok: false; message: string };

/**
 * One typed quantity, by the spec's rule: integers from 0, and non-numeric input becomes 0 (so an empty
 * current quantity is 0, never "no limit": that takes the explicit 'Sem limite' choice, passed as null).
 * For the expected quantity `emptyIsNull` makes an empty field mean no target.
 */
export function parseQuantity(raw: unknown, { emptyIsNull }: { emptyIsNull: boolean }): QuantityResult {
  if (raw === null) return { ok: true, value: null };
  if (typeof raw === "number") return checkNumber(raw);
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text === "") return { ok: true, value: emptyIsNull ? null : 0 };
  // pt-BR keyboards may type a comma for decimals; it is still not an integer.
  const normalized = text.replace(",", ".");
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(normalized)) return { ok: true, value: 0 };
  return checkNumber(Number(normalized));
}

function checkNumber(n: number): QuantityResult {
  if (!Number.isFinite(n)) return { ok: true, value: 0 };
  if (n < 0) return { ok: false, message: T.negative };
  if (!Number.isInteger(n)) return { ok: false, message: T.notInteger };
  if (n > MAX_QUANTITY) return { ok: false, message: T.tooLarge };
  return { ok: true, value: n + 0 }; // + 0 turns -0 into 0
}
