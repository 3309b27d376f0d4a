import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectDatabase, EMBEDDED_SHARED_BUFFERS } from "~/platform/db/connect.server";
import { DataDirLockedError, lockFilePath } from "~/platform/db/data-dir-lock.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { MIGRATIONS_FOLDER, migrateDatabase } from "~/platform/db/migrate.server";
import { leads } from "~/platform/db/schema";
import { expectRefundParts, refundPartsAcrossMigration } from "../support/refund-parts-migration";

const migrationFiles = readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith(".sql"));

async function rows<T>(handle: DatabaseHandle, query: SQL): Promise<T[]> {
  const result = (await handle.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const [row] = await rows<{ count: number }>(
    handle,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return row?.count ?? -1;
}

describe("migrateDatabase on an in-memory PGlite", () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await connectDatabase({});
    await migrateDatabase(handle);
  }, 30_000);

  afterAll(async () => {
    await handle?.close();
  });

  it("uses the embedded database when no DATABASE_URL is given", () => {
    expect(handle.kind).toBe("pglite");
  });

  it("keeps its page cache to the embedded size, with PGlite's own start settings kept", async () => {
    const [settings] = await rows<{ shared_buffers: string; search_path: string }>(
      handle,
      sql`select current_setting('shared_buffers') as shared_buffers, current_setting('search_path') as search_path`,
    );
    expect(settings).toEqual({ shared_buffers: EMBEDDED_SHARED_BUFFERS, search_path: "public" });
  });

  it("creates the leads table with its columns", async () => {
    const columns = await rows<{ column_name: string; data_type: string; is_nullable: string }>(
      handle,
      sql`select column_name, data_type, is_nullable from information_schema.columns
          where table_schema = 'public' and table_name = 'leads' order by column_name`,
    );
    expect(columns).toEqual([
      { column_name: "created_at", data_type: "timestamp with time zone", is_nullable: "NO" },
      { column_name: "email", data_type: "text", is_nullable: "NO" },
      { column_name: "full_name", data_type: "text", is_nullable: "NO" },
      { column_name: "id", data_type: "uuid", is_nullable: "NO" },
      { column_name: "language", data_type: "text", is_nullable: "NO" },
      { column_name: "phone", data_type: "text", is_nullable: "NO" },
      { column_name: "properties_count", data_type: "text", is_nullable: "NO" },
    ]);
  });

  it("fills the defaults of a lead inserted with only email and language", async () => {
    const before = Date.now();
    const [lead] = await handle.db
      .insert(leads)
      .values({ email: "ana@example.com", language: "es" })
      .returning();
    expect(lead?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(lead?.fullName).toBe("");
    expect(lead?.phone).toBe("");
    expect(lead?.propertiesCount).toBe("");
    expect(lead?.createdAt).toBeInstanceOf(Date);
    expect(Math.abs((lead?.createdAt.getTime() ?? 0) - before)).toBeLessThan(60_000);

    const [other] = await handle.db
      .insert(leads)
      .values({ email: "bo@example.com", language: "en" })
      .returning();
    expect(other?.id).not.toBe(lead?.id);
  });

  it("rejects a lead without an email", async () => {
    await expect(handle.db.execute(sql`insert into leads (language) values ('es')`)).rejects.toThrow();
  });

  it("records one row per migration file", async () => {
    expect(migrationFiles.length).toBeGreaterThan(0);
    expect(await appliedMigrations(handle)).toBe(migrationFiles.length);
  });

  it("does nothing when run a second time, keeping the data", async () => {
    await handle.db.insert(leads).values({ email: "keep@example.com", language: "pt" });

    await migrateDatabase(handle);

    expect(await appliedMigrations(handle)).toBe(migrationFiles.length);
    const kept = await handle.db.select().from(leads).where(eq(leads.email, "keep@example.com"));
    expect(kept).toHaveLength(1);
  });

  it("answers ping while open, and false once closed; a second close is harmless", async () => {
    expect(await handle.ping()).toBe(true);
    await handle.close();
    expect(await handle.ping()).toBe(false);
    await expect(handle.close()).resolves.toBeUndefined();
  });
});

describe("migration 0024 on PGlite", () => {
  it("gives the refunds posted before it their parts, from their references, and keeps the ledger append-only", async () => {
    const handle = await connectDatabase({});
    try {
      expectRefundParts(await refundPartsAcrossMigration(handle));
    } finally {
      await handle.close();
    }
  }, 60_000);
});

describe("PGlite in a data folder", () => {
  let dataDir: string;
  const open: DatabaseHandle[] = [];

  async function openIn(dir: string): Promise<DatabaseHandle> {
    const handle = await connectDatabase({ dataDir: dir });
    open.push(handle);
    return handle;
  }

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "estadia-db-"));
  });

  afterEach(async () => {
    for (const handle of open.splice(0)) await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps the data across close and reopen, and holds the folder lock only while open", async () => {
    const first = await openIn(dataDir);
    await migrateDatabase(first);
    await first.db.insert(leads).values({ email: "persist@example.com", language: "es", fullName: "Ana" });
    expect(existsSync(lockFilePath(dataDir))).toBe(true);

    await expect(connectDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    expect(await first.ping()).toBe(true); // the refused opener did not disturb the one holding the folder

    await first.close();
    expect(existsSync(lockFilePath(dataDir))).toBe(false);

    const second = await openIn(dataDir);
    await migrateDatabase(second);
    expect(await appliedMigrations(second)).toBe(migrationFiles.length);
    const found = await second.db.select().from(leads);
    expect(found).toEqual([expect.objectContaining({ email: "persist@example.com", fullName: "Ana" })]);
  }, 20_000);
});
