// What one ledger line means for its sale's money is written once (app/domain/ledger/sale-money.server.ts):
// /sales rows and totals and their summary (TypeScript, and SQL for the recomputation), the wallet
// statement's columns and the profit summary must read every kind of line, refunds' parts included, alike.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addToParts,
  NO_SALE_SUMS,
  SALE_KINDS,
  type SaleLine,
  type SalePartsMoney,
  type SaleSums,
  saleMoneyOf,
  saleSumsSql,
  sumsOfLine,
} from "~/domain/ledger/sale-money.server";
import { figuresOfOrder } from "~/domain/profit/profit-figures";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { walletMovements } from "~/platform/db/schema";

/** Every kind of line the ledger posts, a refund once per part, as recordSale, reverseSale and payouts post them. */
const LINES: { line: SaleLine; sales: Partial<SaleSums>; statement: Partial<SalePartsMoney> }[] = [
  { line: { kind: "sale", cents: 10_000 }, sales: { grossCents: 10_000 }, statement: { grossCents: 10_000 } },
  {
    line: { kind: "fee", cents: -399 },
    sales: { providerFeeCents: 399 },
    statement: { providerFeeCents: 399 },
  },
  {
    line: { kind: "platform_fee", cents: -250 },
    sales: { platformFeeCents: 250 },
    statement: { platformFeeCents: 250 },
  },
  {
    line: { kind: "refund", refundOf: "sale", cents: -10_000 },
    sales: { refundCents: -10_000 },
    statement: { grossCents: -10_000 },
  },
  {
    line: { kind: "refund", refundOf: "fee", cents: 399 },
    sales: { refundCents: 399 },
    statement: { providerFeeCents: -399 },
  },
  {
    line: { kind: "refund", refundOf: "platform_fee", cents: 250 },
    sales: { refundCents: 250 },
    statement: { platformFeeCents: -250 },
  },
  { line: { kind: "settlement", cents: 9_351 }, sales: {}, statement: {} },
  { line: { kind: "withdrawal", cents: -5_000 }, sales: {}, statement: {} },
  { line: { kind: "withdrawal_fee", cents: -100 }, sales: {}, statement: {} },
  { line: { kind: "withdrawal_return", cents: 5_000 }, sales: {}, statement: {} },
];

const NO_PARTS: SalePartsMoney = { grossCents: 0, providerFeeCents: 0, platformFeeCents: 0 };
const name = ({ kind, refundOf }: SaleLine) => (refundOf ? `${kind} of ${refundOf}` : kind);

let handle: DatabaseHandle;
let walletId: string;
let organizationId: string;

beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
  organizationId = randomUUID();
  const propertyId = randomUUID();
  walletId = randomUUID();
  await handle.db.execute(
    sql`insert into organization (id, name, slug) values (${organizationId}, 'Casa', 'casa')`,
  );
  await handle.db.execute(sql`insert into properties (id, organization_id, name, address, hash)
    values (${propertyId}, ${organizationId}, 'Casa da Praia', 'Rua 1', 'hash-da-casa')`);
  await handle.db.execute(sql`insert into wallets (id, organization_id, property_id, processing_fee_bps)
    values (${walletId}, ${organizationId}, ${propertyId}, 0)`);
});

afterAll(async () => {
  await handle?.close();
});

/** The line as the ledger keeps it, summed in SQL by the same mapping the recomputation uses. */
async function sumsInSql(line: SaleLine): Promise<SaleSums> {
  const [posted] = await handle.db
    .insert(walletMovements)
    .values({
      organizationId,
      walletId,
      kind: line.kind,
      bucket: "available",
      amountCents: line.cents,
      reference: `order:${randomUUID()}:${line.kind}`,
      refundOf: line.refundOf ?? null,
      orderId: randomUUID(),
    })
    .returning({ id: walletMovements.id });
  const [sums] = await handle.db
    .select(saleSumsSql())
    .from(walletMovements)
    .where(eq(walletMovements.id, posted?.id ?? ""));
  const n = (v: unknown) => Number(v) + 0;
  return {
    grossCents: n(sums?.grossCents),
    providerFeeCents: n(sums?.providerFeeCents),
    platformFeeCents: n(sums?.platformFeeCents),
    refundCents: n(sums?.refundCents),
  };
}

describe("a sale's money, line by line", () => {
  for (const { line, sales, statement } of LINES) {
    it(`reads a ${name(line)} line alike everywhere`, async () => {
      const expected = { ...NO_SALE_SUMS, ...sales };
      // /sales: each row's money and the summary's increments (TypeScript), the recomputation (SQL).
      expect(sumsOfLine(line)).toEqual(expected);
      expect(await sumsInSql(line)).toEqual(expected);
      expect(SALE_KINDS.includes(line.kind as never)).toBe(Object.values(sales).some((v) => v !== 0));
      // The wallet statement: a refund's line in the column of the part it gives back.
      const parts = { ...NO_PARTS };
      addToParts(parts, line);
      expect(parts).toEqual({ ...NO_PARTS, ...statement });
      // The profit summary: the sale's own lines only (a refund takes the sale's figures away).
      const figures = figuresOfOrder([{ kind: line.kind, amountCents: line.cents }], []);
      const sale = line.kind === "refund" ? {} : sales;
      expect({
        grossCents: figures.grossCents,
        providerFeeCents: figures.providerFeeCents,
        platformFeeCents: figures.platformFeeCents,
      }).toEqual({ ...NO_PARTS, ...sale });
    });
  }

  it("adds a full refund's lines up to nothing left for the host, and the sale's to its net", () => {
    const sale = LINES.slice(0, 3).map((l) => l.line);
    const refund = LINES.slice(3, 6).map((l) => l.line);
    expect(saleMoneyOf(sale)).toEqual({
      grossCents: 10_000,
      providerFeeCents: 399,
      platformFeeCents: 250,
      refundCents: 0,
      netCents: 9_351,
    });
    expect(saleMoneyOf([...sale, ...refund]).netCents).toBe(0);
    const statement = { ...NO_PARTS };
    for (const line of [...sale, ...refund]) addToParts(statement, line);
    expect(statement).toEqual(NO_PARTS);
  });

  it("keeps a refund's part a part of the sale, and only a refund's", async () => {
    const refused = (values: { kind: string; refundOf: string | null }) =>
      handle.db
        .insert(walletMovements)
        .values({
          organizationId,
          walletId,
          ...values,
          bucket: "available",
          amountCents: -1,
          reference: `order:${randomUUID()}:x`,
        })
        .then(
          () => "accepted",
          (err: unknown) => String((err as { cause?: unknown }).cause ?? err),
        );
    expect(await refused({ kind: "refund", refundOf: null })).toMatch(/wallet_movements_refund_of_known/);
    expect(await refused({ kind: "refund", refundOf: "settlement" })).toMatch(
      /wallet_movements_refund_of_known/,
    );
    expect(await refused({ kind: "sale", refundOf: "sale" })).toMatch(/wallet_movements_refund_of_known/);
  });
});
