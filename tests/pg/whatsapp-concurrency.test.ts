// WhatsApp notifications on real PostgreSQL (issue 50, ADR 0054): two app instances (two connection pools)
// run the sender at the same moment against the Cloud API fake. Each message is sent once and no more than
// the per-second cap leaves in a second across both; a 429 is tried again after its backoff and then goes;
// a template Meta has not approved fails at once and its email goes once, whatever runs at the same time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationEvent } from "~/domain/notifications/notification-events";
import { notifyMembers } from "~/domain/notifications/notify.server";
import type { NotifyContext } from "~/domain/notifications/notify-context";
import {
  retryDelayMs,
  sendDueWhatsApp,
  WHATSAPP_SEND_RATE,
} from "~/domain/notifications/send-whatsapp.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle, Db } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { notificationMessages, notificationSettings } from "~/platform/db/schema";
import { createMailer } from "~/platform/mail/mailer.server";
import { readOutbox } from "~/platform/mail/outbox.server";
import { createWhatsAppApi } from "~/platform/whatsapp/cloud-api.server";
import { testClock } from "../support/checkout-fixtures";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";
import { startWhatsAppFake, WHATSAPP_TEST_CONFIG, type WhatsAppFake } from "../support/whatsapp-fake";

const available = await postgresAvailable();

describe.runIf(available)("WhatsApp notifications on PostgreSQL, across instances", () => {
  let database: ThrowawayDatabase;
  let handles: DatabaseHandle[] = [];
  let fake: WhatsAppFake;
  const outboxDir = mkdtempSync(path.join(tmpdir(), "estadia-whatsapp-pg-"));

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    [handles, fake] = await Promise.all([
      Promise.all([1, 2].map(() => connectDatabase({ databaseUrl: database.url, poolSize: 4 }))),
      startWhatsAppFake(),
    ]);
    await migrateDatabase(handles[0] as DatabaseHandle);
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await fake?.close();
    await database?.drop();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  /** One instance's context: its own pool, the fake, the shared outbox, the test's clock. */
  type Instance = NotifyContext & { db: Db };
  const instance = (i: number, now: () => Date): Instance => ({
    db: (handles[i] as DatabaseHandle).db,
    mail: createMailer({ smtpUrl: undefined, from: "Estadia <x@estadia.dev>", outboxDir }),
    whatsapp: createWhatsAppApi({ ...WHATSAPP_TEST_CONFIG, apiUrl: fake.url }),
    appUrl: "http://localhost:8080",
    log: pino({ level: "silent" }),
    now,
  });
  const both = (now: () => Date): [Instance, Instance] => [instance(0, now), instance(1, now)];

  /** An owner whose confirmed number gets `events` on WhatsApp, with no quiet hours. */
  async function ownerOnWhatsApp(phone: string, events: NotificationEvent[]) {
    const db = (handles[0] as DatabaseHandle).db;
    const shop = await shopFixture(db, [], { receiving: false });
    const owner = await ownerOf(db, shop.organizationId);
    await db.insert(notificationSettings).values({
      organizationId: shop.organizationId,
      userId: owner.userId,
      phone,
      phoneConfirmedAt: new Date(),
      whatsappEvents: events,
      quietStart: null,
      quietEnd: null,
    });
    return { organizationId: shop.organizationId, owner };
  }

  it("two instances send each message once, no more than the cap in a second across both", async () => {
    const clock = testClock(new Date("2026-11-24T15:00:00.250Z"));
    const { organizationId } = await ownerOnWhatsApp("5548990000001", ["stock_alert"]);
    const count = WHATSAPP_SEND_RATE.limit + 5;
    const [a] = both(clock.now);
    for (let i = 1; i <= count; i++) {
      await notifyMembers(a, {
        organizationId,
        event: "stock_alert",
        key: `stock-alert:digest-${i}`,
        email: { subject: `Estoque baixo ${i}`, text: "x", html: "<p>x</p>" },
        whatsapp: { template: "estadia_estoque_baixo", values: ["1 produto", `Casa: Produto ${i} (1 de 5)`] },
      });
    }
    const sent = () => fake.to("5548990000001").map((m) => m.parameters[1]);

    // The same second on both instances: the cap holds across them; the rest waits for the next second.
    const first = await Promise.all(
      both(clock.now).flatMap((ctx) => [sendDueWhatsApp(ctx), sendDueWhatsApp(ctx)]),
    );
    expect(first.reduce((n, r) => n + r.accepted, 0)).toBe(WHATSAPP_SEND_RATE.limit);
    expect(sent()).toHaveLength(WHATSAPP_SEND_RATE.limit);

    clock.advance(1_000);
    const second = await Promise.all(
      both(clock.now).flatMap((ctx) => [sendDueWhatsApp(ctx), sendDueWhatsApp(ctx)]),
    );
    expect(second.reduce((n, r) => n + r.accepted, 0)).toBe(count - WHATSAPP_SEND_RATE.limit);
    expect(new Set(sent()).size).toBe(count);
    expect(sent()).toHaveLength(count);

    const rows = await (handles[0] as DatabaseHandle).db
      .select({ status: notificationMessages.status, attempts: notificationMessages.attempts })
      .from(notificationMessages)
      .where(eq(notificationMessages.organizationId, organizationId));
    expect(rows.every((r) => r.status === "accepted" && r.attempts === 1)).toBe(true);
    // Nothing left to send: more runs send nothing more.
    clock.advance(60_000);
    await Promise.all(both(clock.now).map((ctx) => sendDueWhatsApp(ctx)));
    expect(sent()).toHaveLength(count);
  });

  it("a 429 is tried again after its backoff, and then goes", async () => {
    const clock = testClock(new Date("2026-11-24T16:00:00Z"));
    const { organizationId } = await ownerOnWhatsApp("5548990000002", ["restock_run"]);
    const [a, b] = both(clock.now);
    const { queued } = await notifyMembers(a, {
      organizationId,
      event: "restock_run",
      key: "restock-due:run-429",
      email: { subject: "Reposição #7 para entregar hoje", text: "x", html: "<p>x</p>" },
      whatsapp: { template: "estadia_reposicao_hoje", values: ["7", "24/11/2026", "Casa da Praia"] },
    });
    const row = async () =>
      (
        await (handles[0] as DatabaseHandle).db
          .select()
          .from(notificationMessages)
          .where(inArray(notificationMessages.id, queued))
      )[0];

    fake.failNext(429);
    const reports = await Promise.all([sendDueWhatsApp(a), sendDueWhatsApp(b)]);
    expect(reports.reduce((n, r) => n + r.retried, 0)).toBe(1);
    expect(fake.to("5548990000002")).toHaveLength(0);
    const waiting = await row();
    expect(waiting?.status).toBe("queued");
    expect(waiting?.attempts).toBe(1);
    expect(waiting?.errorCode).toBe(130429);
    expect(waiting?.nextAttemptAt?.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));

    // Not before its time.
    clock.advance(retryDelayMs(1) - 1_000);
    await Promise.all(both(clock.now).map((ctx) => sendDueWhatsApp(ctx)));
    expect(fake.to("5548990000002")).toHaveLength(0);

    clock.advance(1_000);
    await Promise.all(both(clock.now).map((ctx) => sendDueWhatsApp(ctx)));
    expect(fake.to("5548990000002").map((m) => m.text)).toEqual([
      "A Reposição #7 deve ser entregue hoje, 24/11/2026, em Casa da Praia. A lista de produtos está em Reposições, no Estadia.",
    ]);
    const sent = await row();
    expect([sent?.status, sent?.attempts, sent?.fallbackSentAt]).toEqual(["accepted", 2, null]);
  });

  it("a template not approved fails at once and its email goes once, whatever runs at the same time", async () => {
    const clock = testClock(new Date("2026-11-24T17:00:00Z"));
    const { organizationId } = await ownerOnWhatsApp("5548990000003", ["damage_deadline"]);
    fake.unapprove("estadia_prazo_avaria");
    const [a] = both(clock.now);
    await notifyMembers(a, {
      organizationId,
      event: "damage_deadline",
      key: "damage-deadline:unapproved",
      email: { subject: "Prazo da avaria: Espelho quebrado (Casa)", text: "x", html: "<p>x</p>" },
      whatsapp: {
        template: "estadia_prazo_avaria",
        values: ["Espelho quebrado", "Casa", "26/11/2026", "faltam 2 dias"],
      },
    });
    for (let round = 0; round < 3; round++) {
      await Promise.all(both(clock.now).flatMap((ctx) => [sendDueWhatsApp(ctx), sendDueWhatsApp(ctx)]));
      clock.advance(retryDelayMs(8));
    }
    expect(fake.to("5548990000003")).toHaveLength(0);
    const mail = readOutbox(outboxDir).filter(
      (m) => m.subject === "Prazo da avaria: Espelho quebrado (Casa)",
    );
    expect(mail).toHaveLength(1);
    const [failed] = await (handles[0] as DatabaseHandle).db
      .select()
      .from(notificationMessages)
      .where(eq(notificationMessages.organizationId, organizationId));
    expect([failed?.status, failed?.errorCode, failed?.attempts]).toEqual(["failed", 132001, 1]);
    expect(failed?.fallbackSentAt).toBeInstanceOf(Date);
  });
});
