import { randomUUID } from "node:crypto";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { expect } from "vitest";
import { walletStatement } from "~/domain/ledger/read-wallets.server";
import type { Actor } from "~/domain/team/permissions";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { MIGRATIONS_FOLDER, migrateDatabase } from "~/platform/db/migrate.server";

// Migration 0024 gives a refund's lines their part (wallet_movements.refund_of), backfilled from the references
// refunds were posted with before it. The same scenario runs on PGlite and on PostgreSQL.

const MIGRATION = "0024_wallet_movements_refund_of";

/** The migrations folder as it stood before `tag`: its SQL files and a journal that ends before it. */
function folderBefore(tag: string): { folder: string; remove(): void } {
  const folder = mkdtempSync(path.join(tmpdir(), "estadia-migrations-"));
  mkdirSync(path.join(folder, "meta"));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  const entries = journal.entries.slice(0, at);
  writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const file of readdirSync(MIGRATIONS_FOLDER))
    if (entries.some((e) => file === `${e.tag}.sql`))
      copyFileSync(path.join(MIGRATIONS_FOLDER, file), path.join(folder, file));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

async function rows<T>(handle: DatabaseHandle, query: SQL): Promise<T[]> {
  return (await handle.db.execute(query)).rows as T[];
}

export type RefundPartsOutcome = {
  /** Each refund line's reference and the part the migration gave it. */
  parts: { reference: string; refund_of: string | null }[];
  /** The other lines' parts (none of them is a refund's). */
  others: (string | null)[];
  /** The wallet statement's refund row, read after the migration. */
  refundRow: { amountCents: number; money: unknown } | undefined;
  /** What a refund line without its part, and a changed line, got after the migration. */
  partless: string;
  changed: string;
};

/**
 * Migrates an empty database up to the migration before 0024, writes a PIX sale and its full refund as the
 * ledger posted them then (no part, the part only in the reference), migrates the rest, and reads back what
 * the refund's lines became.
 */
export async function refundPartsAcrossMigration(handle: DatabaseHandle): Promise<RefundPartsOutcome> {
  const before = folderBefore(MIGRATION);
  try {
    await migrateDatabase(handle, before.folder);
  } finally {
    before.remove();
  }
  const organizationId = randomUUID();
  const propertyId = randomUUID();
  const walletId = randomUUID();
  const orderId = randomUUID();
  await handle.db.execute(sql`insert into organization (id, name, slug)
    values (${organizationId}, 'Casa', ${`casa-${organizationId}`})`);
  await handle.db.execute(sql`insert into properties (id, organization_id, name, address, hash)
    values (${propertyId}, ${organizationId}, 'Casa da Praia', 'Rua 1', ${`h${propertyId}`})`);
  await handle.db.execute(sql`insert into wallets (id, organization_id, property_id, processing_fee_bps)
    values (${walletId}, ${organizationId}, ${propertyId}, 0)`);
  const lines: [string, number, string][] = [
    ["sale", 10_000, "sale"],
    ["fee", -399, "fee"],
    ["platform_fee", -250, "platform-fee"],
    ["refund", -10_000, "refund"],
    ["refund", 399, "refund-fee"],
    ["refund", 250, "refund-platform-fee"],
  ];
  for (const [kind, cents, suffix] of lines)
    await handle.db.execute(sql`insert into wallet_movements
      (organization_id, wallet_id, kind, bucket, amount_cents, reference, order_id)
      values (${organizationId}, ${walletId}, ${kind}, 'available', ${cents}, ${`order:${orderId}:${suffix}`},
        ${orderId})`);

  await migrateDatabase(handle);

  const parts = await rows<{ reference: string; refund_of: string | null }>(
    handle,
    sql`select reference, refund_of from wallet_movements where kind = 'refund' order by reference`,
  );
  const others = (
    await rows<{ refund_of: string | null }>(
      handle,
      sql`select refund_of from wallet_movements where kind <> 'refund'`,
    )
  ).map((r) => r.refund_of);
  const owner: Actor = { userId: randomUUID(), organizationId, role: "owner" };
  const statement = await walletStatement(handle.db, owner, walletId);
  const refund = statement.find((r) => r.type === "Reembolso");
  const refusal = (query: SQL) =>
    handle.db.execute(query).then(
      () => "accepted",
      (err: unknown) => String((err as { cause?: unknown }).cause ?? err),
    );
  return {
    parts,
    others,
    refundRow: refund && { amountCents: refund.amountCents, money: refund.money },
    partless: await refusal(sql`insert into wallet_movements
      (organization_id, wallet_id, kind, bucket, amount_cents, reference, order_id)
      values (${organizationId}, ${walletId}, 'refund', 'available', -1, ${`order:${randomUUID()}:refund`},
        ${orderId})`),
    changed: await refusal(sql`update wallet_movements set amount_cents = 1 where wallet_id = ${walletId}`),
  };
}

/** What the migration must leave, on either database. */
export function expectRefundParts(outcome: RefundPartsOutcome) {
  // Each refund line gets the part its reference named, by the rule the statement read it with.
  expect(outcome.parts.map((p) => [p.reference.split(":").at(-1), p.refund_of])).toEqual([
    ["refund", "sale"],
    ["refund-fee", "fee"],
    ["refund-platform-fee", "platform_fee"],
  ]);
  expect(outcome.others).toEqual([null, null, null]);
  // The statement shows the refund as it did from the references: each part given back in its column.
  expect(outcome.refundRow).toEqual({
    amountCents: -10_000 + 399 + 250,
    money: { grossCents: -10_000, providerFeeCents: -399, platformFeeCents: -250 },
  });
  // From now on a refund's line must say its part, and the ledger is append-only again.
  expect(outcome.partless).toMatch(/wallet_movements_refund_of_known/);
  expect(outcome.changed).toMatch(/append-only/);
}
