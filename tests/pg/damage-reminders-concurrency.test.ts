// Damage deadline reminders on real PostgreSQL: four app instances (four connection pools) run the hourly
// job at the same moment. Each owner must get exactly one email per record, and every record is marked.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDamageDeadlineReminders } from "~/domain/damages/deadline-reminders.server";
import { addDays, saoPauloDay } from "~/lib/dates";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { damageRecords } from "~/platform/db/schema";
import { createMailer } from "~/platform/mail/mailer.server";
import { readOutbox } from "~/platform/mail/outbox.server";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { emailOf, memberOf, ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";

const available = await postgresAvailable();

describe.runIf(available)("damage deadline reminders on PostgreSQL, across instances", () => {
  let database: ThrowawayDatabase;
  let handles: DatabaseHandle[] = [];
  const outboxDir = mkdtempSync(path.join(tmpdir(), "estadia-damage-reminders-"));

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    handles = await Promise.all(
      [1, 2, 3, 4].map(() => connectDatabase({ databaseUrl: database.url, poolSize: 4 })),
    );
    await migrateDatabase(handles[0] as DatabaseHandle);
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await database?.drop();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it("four runs at once send exactly one email per owner per record", async () => {
    const db = (handles[0] as DatabaseHandle).db;
    const shop = await shopFixture(db, [], { receiving: false });
    const owner = await ownerOf(db, shop.organizationId);
    const second = await memberOf(db, shop.organizationId, "owner");
    const manager = await memberOf(db, shop.organizationId, "manager");
    const today = saoPauloDay(new Date());
    const records = await db
      .insert(damageRecords)
      .values(
        [0, 1, 2, 3, 3].map((days, i) => ({
          organizationId: shop.organizationId,
          propertyId: shop.propertyId,
          title: `Avaria ${i + 1}`,
          claimDeadline: addDays(today, days),
        })),
      )
      .returning({ id: damageRecords.id });

    const runs = handles.map((h) =>
      sendDamageDeadlineReminders({
        db: h.db,
        mail: createMailer({ smtpUrl: undefined, from: "Estadia <x@estadia.dev>", outboxDir }),
        appUrl: "http://localhost:8080",
        whatsapp: null,
        log: pino({ level: "silent" }),
        now: () => new Date(),
      }),
    );
    const sentByRun = await Promise.all(runs);
    expect(sentByRun.reduce((a, b) => a + b, 0)).toBe(records.length);

    const mail = readOutbox(outboxDir);
    const owners = [await emailOf(db, owner.userId), second.email].sort();
    for (let i = 1; i <= records.length; i++) {
      const about = mail.filter((m) => m.subject.includes(`Avaria ${i} `));
      expect(about.map((m) => m.to).sort()).toEqual(owners);
    }
    expect(mail.some((m) => m.to === manager.email)).toBe(false);
    expect(mail).toHaveLength(records.length * owners.length);
    const marked = await db
      .select({ at: damageRecords.deadlineRemindedAt })
      .from(damageRecords)
      .where(
        inArray(
          damageRecords.id,
          records.map((r) => r.id),
        ),
      );
    expect(marked.every((r) => r.at instanceof Date)).toBe(true);
    expect(
      await sendDamageDeadlineReminders({
        db,
        mail: createMailer({ smtpUrl: undefined, from: "Estadia <x@estadia.dev>", outboxDir }),
        appUrl: "http://localhost:8080",
        whatsapp: null,
        log: pino({ level: "silent" }),
        now: () => new Date(),
      }),
    ).toBe(0);
    expect(readOutbox(outboxDir)).toHaveLength(records.length * owners.length);
  });
});
