// Migration 0016 on a database that already has templates and runs: they are migrated up to 0015, given
// rows, then migrated to the end. Existing templates get names by creation order and the newest becomes
// the explicit default (the posters keep using it); existing runs are numbered by creation order per
// organization and new runs continue after them.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { ownerOf } from "../support/restock-fixtures";
import { newHost, shopIn } from "../support/shop-fixtures";

const available = await postgresAvailable();

describe.runIf(available)(
  "migration 0016 (template names and defaults, run numbers) over existing data",
  () => {
    let database: ThrowawayDatabase;
    let handle: DatabaseHandle;
    let before: string;

    beforeAll(async () => {
      database = await createThrowawayDatabase();
      handle = await connectDatabase({ databaseUrl: database.url });
      // The migrations as they were before this one.
      before = mkdtempSync(path.join(tmpdir(), "estadia-migrations-"));
      cpSync("drizzle", before, { recursive: true });
      const journalPath = path.join(before, "meta", "_journal.json");
      const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
      journal.entries = journal.entries.filter((e) => e.tag < "0016");
      writeFileSync(journalPath, JSON.stringify(journal));
      const pool = (handle.db as unknown as { $client: import("pg").Pool }).$client;
      await migrate(drizzle({ client: pool }), { migrationsFolder: before });
    });
    afterAll(async () => {
      await handle?.close();
      await database?.drop();
      if (before) rmSync(before, { recursive: true, force: true });
    });

    it("names the templates, keeps the newest as the default, numbers the runs, and new runs follow", async () => {
      // Hosts only: properties and products are made after the migrations, whose later ones change them.
      const a = { organizationId: await newHost(handle.db) };
      const b = { organizationId: await newHost(handle.db) };
      const db = handle.db;
      const template = (org: string, day: number) => sql`
      insert into qr_templates (organization_id, image, image_thumb, image_width, image_height, created_at)
      values (${org}, '/media/x.webp', '/media/x-thumb.webp', 100, 100, ${`2026-01-0${day}T12:00:00Z`})`;
      const run = (org: string, day: number) =>
        sql`insert into replacements (organization_id, created_at) values (${org}, ${`2026-02-0${day}T12:00:00Z`})`;
      // Inserted out of order: creation time decides.
      for (const day of [2, 3, 1]) await db.execute(template(a.organizationId, day));
      await db.execute(template(b.organizationId, 5));
      for (const day of [3, 1, 2]) await db.execute(run(a.organizationId, day));
      for (const day of [4, 6]) await db.execute(run(b.organizationId, day));

      await migrateDatabase(handle);

      const templates = await db.execute(sql`
      select organization_id as org, name, is_default as "isDefault", to_char(created_at at time zone 'UTC', 'DD') as day
      from qr_templates order by organization_id, created_at`);
      const of = (org: string) =>
        templates.rows.filter((r) => r.org === org).map((r) => [r.day, r.name, r.isDefault]);
      expect(of(a.organizationId)).toEqual([
        ["01", "Template 1", false],
        ["02", "Template 2", false],
        ["03", "Template 3", true],
      ]);
      expect(of(b.organizationId)).toEqual([["05", "Template 1", true]]);

      const runs = await db.execute(sql`
      select organization_id as org, number, to_char(created_at at time zone 'UTC', 'DD') as day
      from replacements order by organization_id, created_at`);
      const runsOf = (org: string) => runs.rows.filter((r) => r.org === org).map((r) => [r.day, r.number]);
      expect(runsOf(a.organizationId)).toEqual([
        ["01", 1],
        ["02", 2],
        ["03", 3],
      ]);
      expect(runsOf(b.organizationId)).toEqual([
        ["04", 1],
        ["06", 2],
      ]);

      const shopA = await shopIn(db, a.organizationId, [{ name: "Água", priceCents: 450, stock: 0 }]);
      const shopB = await shopIn(db, b.organizationId, [{ name: "Café", priceCents: 800, stock: 0 }]);
      const next = await createReplacement(db, await ownerOf(db, a.organizationId), [
        { propertyId: shopA.propertyId, productId: shopA.productIds.Água ?? "" },
      ]);
      expect(next.number).toBe(4);
      const nextB = await createReplacement(db, await ownerOf(db, b.organizationId), [
        { propertyId: shopB.propertyId, productId: shopB.productIds.Café ?? "" },
      ]);
      expect(nextB.number).toBe(3);
    });
  },
);
