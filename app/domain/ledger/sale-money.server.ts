import { type SQL, sql } from "drizzle-orm";
import { walletMovements } from "~/platform/db/schema";

// What a ledger line means for its sale's money, in one place: the /sales rows and totals, their summary
// (sales-summary.server.ts) and its recomputation, the wallet statement and the profit summary all read a
// sale's lines through this table, in TypeScript or in SQL.

/** The lines a sale posts, one per part of its money: what the guest paid, the provider's fee, Estadia's. */
export const SALE_PARTS = ["sale", "fee", "platform_fee"] as const;
export type SalePart = (typeof SALE_PARTS)[number];

/**
 * The ledger kinds that make a sale's money: its parts, and a refund's lines, each giving one part back (the
 * part is the line's `refund_of`). 'settlement' only moves the money between buckets.
 */
export const SALE_KINDS = [...SALE_PARTS, "refund"] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

export function isSalePart(value: unknown): value is SalePart {
  return typeof value === "string" && (SALE_PARTS as readonly string[]).includes(value);
}

/**
 * A sale's money as the wallet ledger has it (not the order's total): what the guest paid, what the provider
 * and Estadia took (positive: taken), what a refund gave back (negative, all its parts in one).
 */
export type SaleSums = {
  grossCents: number;
  providerFeeCents: number;
  platformFeeCents: number;
  refundCents: number;
};

/** SaleSums with what is left for the host: netCents = gross - provider fee - Estadia fee + refund, always. */
export type SaleMoney = SaleSums & { netCents: number };

/** A sale's columns on a wallet statement: a refund's lines are counted in the parts they give back. */
export type SalePartsMoney = Omit<SaleSums, "refundCents">;

export const NO_SALE_SUMS: SaleSums = {
  grossCents: 0,
  providerFeeCents: 0,
  platformFeeCents: 0,
  refundCents: 0,
};

/** Where each kind's cents go, and with which sign: fees are posted negative and shown as taken. */
const FIGURE: Record<SaleKind, { figure: keyof SaleSums; sign: 1 | -1 }> = {
  sale: { figure: "grossCents", sign: 1 },
  fee: { figure: "providerFeeCents", sign: -1 },
  platform_fee: { figure: "platformFeeCents", sign: -1 },
  refund: { figure: "refundCents", sign: 1 },
};

const isSaleKind = (kind: string): kind is SaleKind => kind in FIGURE;

/** A ledger line (or a per-kind sum of lines); `refundOf` is a refund line's part. */
export type SaleLine = { kind: string; cents: number; refundOf?: string | null };

/** One line's money as /sales shows it; a line of another kind adds nothing. */
export function sumsOfLine(line: SaleLine): SaleSums {
  const sums = { ...NO_SALE_SUMS };
  if (isSaleKind(line.kind)) sums[FIGURE[line.kind].figure] = FIGURE[line.kind].sign * line.cents;
  return sums;
}

/** Sums lines (or per-kind sums) into a sale's money as /sales shows it. */
export function saleSumsOf(lines: readonly SaleLine[]): SaleSums {
  return lines.reduce((sums, line) => addSaleSums(sums, sumsOfLine(line)), { ...NO_SALE_SUMS });
}

export function addSaleSums<T extends SaleSums>(a: T, b: SaleSums, sign: 1 | -1 = 1): T {
  const out = { ...a };
  for (const key of Object.keys(NO_SALE_SUMS) as (keyof SaleSums)[]) out[key] += sign * b[key];
  return out;
}

export function withNet(sums: SaleSums): SaleMoney {
  const { grossCents, providerFeeCents, platformFeeCents, refundCents } = sums;
  return {
    grossCents,
    providerFeeCents,
    platformFeeCents,
    refundCents,
    netCents: grossCents - providerFeeCents - platformFeeCents + refundCents,
  };
}

export const saleMoneyOf = (lines: readonly SaleLine[]): SaleMoney => withNet(saleSumsOf(lines));

/**
 * Adds a line to a statement's columns: a part into its own column, a refund's line into the column of the
 * part it gives back (so a refund's fee comes off the fee taken).
 */
export function addToParts(money: SalePartsMoney, line: SaleLine): void {
  const part = line.kind === "refund" ? line.refundOf : line.kind;
  if (!isSalePart(part)) return;
  const { figure, sign } = FIGURE[part];
  if (figure !== "refundCents") money[figure] += sign * line.cents;
}

/**
 * The sums of `saleSumsOf` in SQL, one column per figure, over the wallet movements the query reads (named
 * as the table is): for aggregates that sum many orders' lines where they are.
 */
export function saleSumsSql(): Record<keyof SaleSums, SQL<number>> {
  const sums = {} as Record<keyof SaleSums, SQL<number>>;
  for (const kind of SALE_KINDS) {
    const { figure, sign } = FIGURE[kind];
    const sum = sql<number>`sum(case when ${walletMovements.kind} = ${sql.raw(`'${kind}'`)} then ${walletMovements.amountCents} else 0 end)`;
    sums[figure] = sign === 1 ? sum : sql<number>`-${sum}`;
  }
  return sums;
}
