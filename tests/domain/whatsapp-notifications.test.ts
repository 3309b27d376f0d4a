// Issue 50 (ADR 0054) on the embedded database, against the Cloud API fake over HTTP: a member confirms a
// number with a code sent on WhatsApp and chooses events; notices go on WhatsApp to those who chose them
// (after quiet hours) and by email to everyone else, once per occurrence; cleaning staff are never told
// about money; Meta's statuses move a message forward only; a message that fails goes by email once; a
// guest's receipt goes in their language and leaves with their data.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { anonymizeGuest } from "~/domain/guests/anonymize-guest.server";
import { exportGuestData } from "~/domain/guests/guest-data.server";
import {
  confirmPhoneCode,
  readNotificationSettings,
  saveNotificationChoices,
  sendPhoneCode,
} from "~/domain/notifications/notification-settings.server";
import { notifyMembers } from "~/domain/notifications/notify.server";
import type { NotifyContext } from "~/domain/notifications/notify-context";
import { sendDueWhatsApp } from "~/domain/notifications/send-whatsapp.server";
import { notifyUnpaidConsumption } from "~/domain/notifications/unpaid-consumption.server";
import { receiveWhatsAppWebhook } from "~/domain/notifications/whatsapp-statuses.server";
import { payByCard } from "~/domain/payments/pay-by-card.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { notifyTodaysTurnovers } from "~/domain/stays/turnover-notices.server";
import type { Actor } from "~/domain/team/permissions";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle, Db } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import {
  notificationMessages,
  notificationSettings,
  orders,
  properties,
  whatsappStatusUpdates,
} from "~/platform/db/schema";
import { createMailer } from "~/platform/mail/mailer.server";
import { readOutbox } from "~/platform/mail/outbox.server";
import { createWhatsAppApi } from "~/platform/whatsapp/cloud-api.server";
import { hubSignature } from "~/platform/whatsapp/hub-signature";
import {
  BUYER,
  type CheckoutHarness,
  checkoutHarness,
  guestWithCartIn,
  TEST_CARD,
  testClock,
} from "../support/checkout-fixtures";
import { refusal } from "../support/refusal";
import { emailOf, memberOf, ownerOf } from "../support/restock-fixtures";
import { secondProperty, shopFixture } from "../support/shop-fixtures";
import { insertStay } from "../support/stay-fixtures";
import { startWhatsAppFake, WHATSAPP_TEST_CONFIG, type WhatsAppFake } from "../support/whatsapp-fake";

vi.setConfig({ testTimeout: 60_000 });

let handle: DatabaseHandle;
let fake: WhatsAppFake;
beforeAll(async () => {
  [handle, fake] = await Promise.all([
    connectDatabase({}).then(async (h) => {
      await migrateDatabase(h);
      return h;
    }),
    startWhatsAppFake(),
  ]);
});
afterAll(async () => {
  await Promise.all([handle?.close(), fake?.close()]);
});
const db = (): Db => handle.db;

/** A notify context on this database, the fake and a fresh outbox, at a clock the test moves. */
function context(options: { whatsapp?: boolean; at?: string } = {}) {
  const clock = testClock(new Date(options.at ?? "2026-11-24T15:00:00Z"));
  const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), "estadia-whatsapp-")), "outbox");
  const ctx: NotifyContext & { db: Db } = {
    db: db(),
    mail: createMailer({ smtpUrl: undefined, from: "Estadia <x@estadia.dev>", outboxDir }),
    whatsapp:
      options.whatsapp === false
        ? null
        : createWhatsAppApi({
            token: WHATSAPP_TEST_CONFIG.token,
            phoneNumberId: WHATSAPP_TEST_CONFIG.phoneNumberId,
            apiUrl: fake.url,
          }),
    appUrl: "http://localhost:8080",
    log: pino({ level: "silent" }),
    now: clock.now,
  };
  return { ctx, clock, outbox: () => readOutbox(outboxDir) };
}

let phones = 0;
/** A Brazilian mobile number no other test uses. */
function newPhone(): string {
  const eight = String(8000_0000 + ++phones);
  return `(48) 9${eight.slice(0, 4)}-${eight.slice(4)}`;
}
const digits = (typed: string) => `55${typed.replace(/\D/g, "")}`;

/** The member confirms `phone` with the code that reached it on the fake, and chooses `events` there. */
async function optIn(ctx: NotifyContext & { db: Db }, actor: Actor, phone: string, events: string[]) {
  const { messageId } = await sendPhoneCode(ctx, actor, { phone });
  await sendDueWhatsApp(ctx, { ids: [messageId] });
  const code = fake.to(digits(phone)).at(-1)?.parameters[0] ?? "";
  await confirmPhoneCode(ctx.db as Db, actor, { code }, ctx.now());
  await saveNotificationChoices(
    ctx.db as Db,
    actor,
    { events, quietStart: "22:00", quietEnd: "08:00" },
    ctx.now(),
  );
}

async function messagesOf(userId: string) {
  return db().select().from(notificationMessages).where(eq(notificationMessages.userId, userId));
}

/** A signed status webhook for a message, as Meta sends it, through the domain's receiver. */
function webhook(
  ctx: NotifyContext & { db: Db },
  body: string,
  signature = hubSignature(WHATSAPP_TEST_CONFIG.appSecret, body),
) {
  return receiveWhatsAppWebhook(
    ctx,
    { ...WHATSAPP_TEST_CONFIG, apiUrl: fake.url },
    {
      signature,
      rawBody: new TextEncoder().encode(body),
    },
  );
}

describe("a member's WhatsApp", () => {
  it("is confirmed by the code sent to it: a wrong code counts, the right one confirms", async () => {
    const { ctx } = context();
    const shop = await shopFixture(db(), []);
    const owner = await ownerOf(db(), shop.organizationId);
    const phone = newPhone();
    const sent = await sendPhoneCode(ctx, owner, { phone });
    expect(sent.phone).toBe(`+55 48 ${phone.slice(5)}`);
    await sendDueWhatsApp(ctx, { ids: [sent.messageId] });
    const [codeMessage] = fake.to(digits(phone));
    expect(codeMessage?.template).toBe("estadia_codigo");
    const code = codeMessage?.parameters[0] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    expect(codeMessage?.text).toBe(
      `*${code}* é seu código de verificação. Para sua segurança, não o compartilhe. Este código expira em 10 minutos.`,
    );
    // Only a salted hash is kept.
    const [stored] = await db()
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, owner.userId));
    expect(stored?.codeHash).not.toContain(code);

    const wrong = code === "000000" ? "111111" : "000000";
    expect((await refusal(confirmPhoneCode(db(), owner, { code: wrong }, ctx.now()))).message).toBe(
      "Código incorreto. Confira a mensagem no WhatsApp e tente de novo.",
    );
    expect((await readNotificationSettings(db(), owner, ctx.now())).phone).toBeNull();
    await confirmPhoneCode(db(), owner, { code }, ctx.now());
    const view = await readNotificationSettings(db(), owner, ctx.now());
    expect(view.phone).toBe(sent.phone);
    expect(view.messages.map((m) => [m.label, m.statusLabel])).toEqual([
      ["Código de confirmação", "Aceita pelo WhatsApp"],
    ]);
  });

  it("takes an expired code, or a sixth try, as a refusal asking for a new one", async () => {
    const { ctx, clock } = context();
    const owner = await ownerOf(db(), (await shopFixture(db(), [])).organizationId);
    const phone = newPhone();
    const { messageId } = await sendPhoneCode(ctx, owner, { phone });
    await sendDueWhatsApp(ctx, { ids: [messageId] });
    const code = fake.to(digits(phone)).at(-1)?.parameters[0] ?? "";
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) await refusal(confirmPhoneCode(db(), owner, { code: wrong }, ctx.now()));
    expect((await refusal(confirmPhoneCode(db(), owner, { code: wrong }, ctx.now()))).message).toBe(
      "Muitas tentativas com este código. Peça um novo código.",
    );
    expect((await refusal(confirmPhoneCode(db(), owner, { code }, ctx.now()))).message).toBe(
      "Muitas tentativas com este código. Peça um novo código.",
    );
    const again = await sendPhoneCode(ctx, owner, { phone });
    await sendDueWhatsApp(ctx, { ids: [again.messageId] });
    clock.advance(10 * 60_000 + 1);
    const fresh = fake.to(digits(phone)).at(-1)?.parameters[0] ?? "";
    expect((await refusal(confirmPhoneCode(db(), owner, { code: fresh }, ctx.now()))).message).toBe(
      "Este código expirou. Peça um novo código.",
    );
  });

  it("refuses a number that is not one, and events before a number is confirmed", async () => {
    const { ctx } = context();
    const owner = await ownerOf(db(), (await shopFixture(db(), [])).organizationId);
    const bad = await refusal(sendPhoneCode(ctx, owner, { phone: "9999-8888" }));
    expect(bad.fieldErrors?.phone).toContain("Informe um número de WhatsApp com DDD");
    const early = await refusal(
      saveNotificationChoices(
        db(),
        owner,
        { events: ["stock_alert"], quietStart: "", quietEnd: "" },
        ctx.now(),
      ),
    );
    expect(early.message).toBe("Confirme um número de WhatsApp antes de escolher avisos para ele.");
    expect(await messagesOf(owner.userId)).toEqual([]);
  });

  it("is not offered where WhatsApp is not configured: everything goes by email", async () => {
    const { ctx, outbox } = context({ whatsapp: false });
    const shop = await shopFixture(db(), []);
    const owner = await ownerOf(db(), shop.organizationId);
    expect((await refusal(sendPhoneCode(ctx, owner, { phone: newPhone() }))).message).toBe(
      "WhatsApp não está configurado neste servidor.",
    );
    // A number confirmed while it was configured: the events still go by email now.
    await db()
      .insert(notificationSettings)
      .values({
        organizationId: shop.organizationId,
        userId: owner.userId,
        phone: "5548999990001",
        whatsappEvents: ["stock_alert"],
      });
    const before = fake.messages.length;
    const told = await notifyMembers(ctx, {
      organizationId: shop.organizationId,
      event: "stock_alert",
      key: "stock-alert:unconfigured",
      email: { subject: "Estoque baixo: 1 produto está acabando", text: "Água", html: "<p>Água</p>" },
      whatsapp: { template: "estadia_estoque_baixo", values: ["1 produto", "Casa: Água (1 de 5)"] },
    });
    expect(told).toEqual({ emailed: 1, queued: [] });
    expect(outbox().map((m) => m.subject)).toEqual(["Estoque baixo: 1 produto está acabando"]);
    expect(fake.messages.length).toBe(before);
  });
});

describe("a notice", () => {
  it("goes on WhatsApp to a member who chose it, by email to the others, once per occurrence", async () => {
    const { ctx, outbox } = context();
    const shop = await shopFixture(db(), []);
    const owner = await ownerOf(db(), shop.organizationId);
    const manager = await memberOf(db(), shop.organizationId, "manager");
    const staff = await memberOf(db(), shop.organizationId, "staff");
    const phone = newPhone();
    await optIn(ctx, owner, phone, ["stock_alert", "damage_deadline"]);
    const notice = {
      organizationId: shop.organizationId,
      event: "stock_alert" as const,
      key: "stock-alert:once",
      email: { subject: "Estoque baixo: 1 produto está acabando", text: "Água", html: "<p>Água</p>" },
      whatsapp: { template: "estadia_estoque_baixo" as const, values: ["1 produto", "Casa: Água (1 de 5)"] },
    };
    const told = await notifyMembers(ctx, notice);
    expect(told.emailed).toBe(1);
    expect(told.queued).toHaveLength(1);
    // Another run, another instance: nobody is told twice.
    expect(await notifyMembers(ctx, notice)).toEqual({ emailed: 0, queued: [] });
    expect(outbox().map((m) => m.to)).toEqual([manager.email]);
    await sendDueWhatsApp(ctx);
    expect(fake.to(digits(phone)).at(-1)?.text).toBe(
      "Estoque baixo (1 produto no nível de alerta): Casa: Água (1 de 5). Você pode iniciar uma reposição em Reposições, no Estadia.",
    );
    // Staff are not told about stock alerts at all.
    expect(await messagesOf(staff.actor.userId)).toEqual([]);
  });

  it("that could not be emailed to one member still goes to the others, and a retry sends only what did not go", async () => {
    const { ctx } = context();
    const shop = await shopFixture(db(), []);
    const owner = await ownerOf(db(), shop.organizationId);
    const ownerEmail = await emailOf(db(), owner.userId);
    const manager = await memberOf(db(), shop.organizationId, "manager");
    const sent: string[] = [];
    let refuse = true;
    // The owner comes first: their email fails once.
    const flaky = {
      kind: "outbox" as const,
      async send(message: { to: string }) {
        if (message.to === ownerEmail && refuse) {
          refuse = false;
          throw new Error("SMTP 451 try again later");
        }
        sent.push(message.to);
      },
    };
    const notice = {
      organizationId: shop.organizationId,
      event: "sales_summary" as const,
      key: "sales-summary:flaky",
      email: { subject: "Vendas de 23/11/2026", text: "x", html: "<p>x</p>" },
      whatsapp: {
        template: "estadia_resumo_vendas" as const,
        values: ["23/11/2026", "Org", "1 venda paga", "R$ 1,00", "R$ 0,90"],
      },
    };
    await expect(notifyMembers({ ...ctx, mail: flaky }, notice)).rejects.toThrow("SMTP 451");
    expect(sent).toEqual([manager.email]);
    expect(await notifyMembers({ ...ctx, mail: flaky }, notice)).toEqual({ emailed: 1, queued: [] });
    expect(sent).toEqual([manager.email, ownerEmail]);
  });

  it("waits for the end of the member's quiet hours (São Paulo time)", async () => {
    // 23:30 in São Paulo.
    const { ctx, clock } = context({ at: "2026-11-25T02:30:00Z" });
    const shop = await shopFixture(db(), []);
    const owner = await ownerOf(db(), shop.organizationId);
    const phone = newPhone();
    await optIn(ctx, owner, phone, ["damage_deadline"]);
    const { queued } = await notifyMembers(ctx, {
      organizationId: shop.organizationId,
      event: "damage_deadline",
      key: "damage-deadline:night",
      email: { subject: "Prazo da avaria", text: "x", html: "<p>x</p>" },
      whatsapp: {
        template: "estadia_prazo_avaria",
        values: ["Espelho", "Casa", "27/11/2026", "faltam 2 dias"],
      },
    });
    const [message] = await db()
      .select()
      .from(notificationMessages)
      .where(eq(notificationMessages.id, queued[0] ?? ""));
    expect(message?.nextAttemptAt?.toISOString()).toBe("2026-11-25T11:00:00.000Z");
    const before = fake.to(digits(phone)).length;
    await sendDueWhatsApp(ctx);
    expect(fake.to(digits(phone))).toHaveLength(before);
    clock.advance(8.5 * 60 * 60_000);
    await sendDueWhatsApp(ctx);
    expect(fake.to(digits(phone)).at(-1)?.template).toBe("estadia_prazo_avaria");
  });

  it("never tells cleaning staff about money, whatever their settings hold", async () => {
    const { ctx, outbox } = context();
    const shop = await shopFixture(db(), []);
    const staff = await memberOf(db(), shop.organizationId, "staff");
    const phone = newPhone();
    await optIn(ctx, staff.actor, phone, ["restock_run"]);
    const refused = await refusal(
      saveNotificationChoices(
        db(),
        staff.actor,
        { events: ["restock_run", "sales_summary"], quietStart: "", quietEnd: "" },
        ctx.now(),
      ),
    );
    expect(refused.message).toBe(
      "Um dos avisos escolhidos não é enviado para o seu papel nesta organização.",
    );
    expect((await readNotificationSettings(db(), staff.actor, ctx.now())).events.map((e) => e.event)).toEqual(
      ["restock_run", "turnovers_today"],
    );
    // Even a choice written behind the screen's back tells them nothing about money.
    await db()
      .update(notificationSettings)
      .set({ whatsappEvents: ["restock_run", "unpaid_consumption", "sales_summary"] })
      .where(eq(notificationSettings.userId, staff.actor.userId));
    await notifyUnpaidConsumption(ctx, {
      organizationId: shop.organizationId,
      propertyId: shop.propertyId,
      countId: "count-1",
      day: "2026-11-24",
      items: [{ name: "Vinho tinto", quantity: 1, amountCents: 8900 }],
    });
    await sendDueWhatsApp(ctx);
    expect((await messagesOf(staff.actor.userId)).map((m) => m.kind)).toEqual(["phone_code"]);
    expect(outbox().some((m) => m.to === staff.email)).toBe(false);
    const owner = await ownerOf(db(), shop.organizationId);
    const ownerEmail = await emailOf(db(), owner.userId);
    const ownerMail = outbox().find((m) => m.to === ownerEmail);
    expect(ownerMail?.subject).toMatch(/^Consumo não pago em Casa /);
    expect(ownerMail?.text).toMatch(/1 × Vinho tinto: R\$\s89,00/);
  });
});

describe("the day's turnovers", () => {
  it("reach the cleaning staff from 07:00, once a day, with when the next guest arrives; never the owner", async () => {
    const { ctx, clock, outbox } = context({ at: "2026-11-24T09:30:00Z" });
    const shop = await shopFixture(db(), []);
    const other = { propertyId: (await secondProperty(db(), shop.organizationId)).id };
    const at = (propertyId: string) => ({ organizationId: shop.organizationId, propertyId });
    await insertStay(db(), at(shop.propertyId), "2026-11-20", "2026-11-24");
    await insertStay(db(), at(shop.propertyId), "2026-11-24", "2026-11-27");
    await insertStay(db(), at(other.propertyId), "2026-11-21", "2026-11-24");
    await insertStay(db(), at(other.propertyId), "2026-11-22", "2026-11-25", { status: "cancelled" });
    const byEmail = await memberOf(db(), shop.organizationId, "staff");
    const onWhatsApp = await memberOf(db(), shop.organizationId, "staff");
    const phone = newPhone();
    await optIn(ctx, onWhatsApp.actor, phone, ["turnovers_today"]);
    const owner = await emailOf(db(), (await ownerOf(db(), shop.organizationId)).userId);

    expect(await notifyTodaysTurnovers(ctx)).toBe(0); // 06:30 in São Paulo
    clock.advance(3 * 60 * 60_000);
    expect(await notifyTodaysTurnovers(ctx)).toBe(2);
    expect(await notifyTodaysTurnovers(ctx)).toBe(0);
    await sendDueWhatsApp(ctx);

    const nameOf = async (id: string) =>
      (await db().select({ name: properties.name }).from(properties).where(eq(properties.id, id)))[0]?.name;
    const [here, there] = [await nameOf(shop.propertyId), await nameOf(other.propertyId)];
    const mail = outbox().filter((m) => m.subject === "Trocas de hoje, 24/11/2026");
    expect(mail.map((m) => m.to)).toEqual([byEmail.email]);
    expect(mail[0]?.text).toContain("há saída de hóspede em 2 imóveis");
    expect(mail[0]?.text).toContain(`${here} (próxima entrada hoje)`);
    expect(mail[0]?.text).toContain(`${there} (sem próxima entrada marcada)`);
    expect(outbox().some((m) => m.to === owner)).toBe(false);
    const sent = fake.to(digits(phone)).at(-1);
    expect(sent?.template).toBe("estadia_trocas_hoje");
    expect(sent?.parameters[0]).toBe("24/11/2026");
    expect(sent?.parameters[1]).toBe(
      [`${here} (próxima entrada hoje)`, `${there} (sem próxima entrada marcada)`]
        .sort((a, b) => a.localeCompare(b, "pt-BR"))
        .join(", "),
    );
  });
});

describe("Meta's statuses", () => {
  it("move a message forward only; a forged one and a replay change nothing", async () => {
    const { ctx } = context();
    const owner = await ownerOf(db(), (await shopFixture(db(), [])).organizationId);
    const phone = newPhone();
    const { messageId } = await sendPhoneCode(ctx, owner, { phone });
    await sendDueWhatsApp(ctx, { ids: [messageId] });
    const wamid = fake.to(digits(phone)).at(-1)?.wamid ?? "";
    const status = async () =>
      (await db().select().from(notificationMessages).where(eq(notificationMessages.id, messageId)))[0]
        ?.status;

    const delivered = fake.statusWebhook(wamid, "delivered").body;
    expect(await webhook(ctx, delivered, hubSignature("not-the-app-secret", delivered))).toEqual({
      outcome: "refused",
    });
    expect(
      await db().select().from(whatsappStatusUpdates).where(eq(whatsappStatusUpdates.wamid, wamid)),
    ).toEqual([]);
    expect(await status()).toBe("accepted");

    expect(await webhook(ctx, delivered)).toEqual({ outcome: "received", statuses: 1, moved: 1 });
    expect(await status()).toBe("delivered");
    expect(await webhook(ctx, delivered)).toEqual({ outcome: "received", statuses: 1, moved: 0 });
    // 'sent' arriving late, and 'failed' after delivery, do not take it back.
    expect(await webhook(ctx, fake.statusWebhook(wamid, "sent").body)).toMatchObject({ moved: 0 });
    expect(await webhook(ctx, fake.statusWebhook(wamid, "failed").body)).toMatchObject({ moved: 0 });
    expect(await status()).toBe("delivered");
    await webhook(ctx, fake.statusWebhook(wamid, "read").body);
    expect(await status()).toBe("read");
  });

  it("that arrive before the sender stored the message's id are applied when it does", async () => {
    const { ctx } = context();
    const owner = await ownerOf(db(), (await shopFixture(db(), [])).organizationId);
    const phone = newPhone();
    const { messageId } = await sendPhoneCode(ctx, owner, { phone });
    // The fake's answer is stored late: the webhook of a message we do not know yet is kept, not lost.
    await sendDueWhatsApp(ctx, { ids: [messageId] });
    const wamid = fake.to(digits(phone)).at(-1)?.wamid ?? "";
    await db()
      .update(notificationMessages)
      .set({ wamid: null, status: "queued" })
      .where(eq(notificationMessages.id, messageId));
    expect(await webhook(ctx, fake.statusWebhook(wamid, "delivered").body)).toMatchObject({ moved: 0 });
    await db()
      .update(notificationMessages)
      .set({ wamid, status: "accepted" })
      .where(eq(notificationMessages.id, messageId));
    const { applyKnownStatuses } = await import("~/domain/notifications/whatsapp-statuses.server");
    expect(await applyKnownStatuses(ctx, wamid)).toBe(true);
    const [message] = await db()
      .select()
      .from(notificationMessages)
      .where(eq(notificationMessages.id, messageId));
    expect(message?.status).toBe("delivered");
  });

  it("'failed' (not on WhatsApp, 131026) sends the notice's email instead, once", async () => {
    const { ctx, outbox } = context();
    const shop = await shopFixture(db(), []);
    const owner = await ownerOf(db(), shop.organizationId);
    const phone = newPhone();
    await optIn(ctx, owner, phone, ["withdrawal"]);
    fake.notOnWhatsApp(digits(phone));
    await notifyMembers(ctx, {
      organizationId: shop.organizationId,
      event: "withdrawal",
      key: "withdrawal:w1",
      email: { subject: "Saque de R$ 250,00 pago", text: "pago", html: "<p>pago</p>" },
      whatsapp: { template: "estadia_saque_pago", values: ["R$ 250,00", "Casa"] },
    });
    await sendDueWhatsApp(ctx);
    const wamid = fake.to(digits(phone)).at(-1)?.wamid ?? "";
    await webhook(ctx, fake.statusWebhook(wamid, "failed").body);
    await webhook(ctx, fake.statusWebhook(wamid, "failed").body);
    await Promise.all([sendDueWhatsApp(ctx), sendDueWhatsApp(ctx)]);
    await sendDueWhatsApp(ctx);
    expect(outbox().filter((m) => m.subject === "Saque de R$ 250,00 pago")).toHaveLength(1);
    const view = await readNotificationSettings(db(), owner, ctx.now());
    const withdrawal = view.messages.find((m) => m.label === "Saque pago ou recusado");
    expect(withdrawal?.statusLabel).toBe("Falhou");
    expect(withdrawal?.failure).toBe("Este número não recebe mensagens do WhatsApp.");
    expect(withdrawal?.fallbackSentAt).toBeInstanceOf(Date);
  });
});

describe("a guest's receipt on WhatsApp", () => {
  let h: CheckoutHarness;
  beforeAll(() => {
    h = checkoutHarness(db());
    h.ctx.whatsapp = createWhatsAppApi({ ...WHATSAPP_TEST_CONFIG, apiUrl: fake.url });
  });

  it("goes in the guest's language when they ticked it, and is exported and erased with their data", async () => {
    const shop = await shopFixture(db(), [{ name: "Café", priceCents: 1900, stock: 10 }]);
    const g = await guestWithCartIn(db(), shop, { Café: 2 });
    const buyer = { ...BUYER, name: "Lucía Fernández", phone: "11987650001", email: null };
    const noPhone = await refusal(
      placeOrder(h.ctx, {
        ...g.key,
        method: "credit_card",
        buyer: { ...buyer, phone: null, email: "l@example.com" },
        whatsappReceipt: true,
        locale: "es",
      }),
    );
    expect(noPhone.fieldErrors?.phone).toBe("Informe o telefone para receber o comprovante no WhatsApp");
    await placeOrder(h.ctx, { ...g.key, method: "credit_card", buyer, whatsappReceipt: true, locale: "es" });
    const token = (await h.sandbox.tokenize({ ...TEST_CARD, holderName: "APRO" })).id;
    const { orderId } = await payByCard(h.ctx, { ...g.key, token, paymentMethodId: null, issuerId: null });
    // Queued as the payment was applied, and sent out of it: here, or by the job.
    await sendDueWhatsApp({ ...h.ctx, db: db() });
    await vi.waitFor(async () => {
      const [queued] = await db()
        .select()
        .from(notificationMessages)
        .where(eq(notificationMessages.orderId, orderId));
      expect(queued?.status).toBe("accepted");
    });
    expect(fake.to("5511987650001")).toHaveLength(1);
    const [receipt] = fake.to("5511987650001");
    expect(receipt?.template).toBe("estadia_comprovante");
    expect(receipt?.language).toBe("es");
    expect(receipt?.text).toMatch(
      /^¡Hola, Lucía! El pago del pedido [0-9a-f]{8} en Casa .+ está confirmado: R\$ 38,00, el /,
    );

    const owner = await ownerOf(db(), shop.organizationId);
    const exported = await exportGuestData(db(), owner, "(11) 98765-0001");
    const order = exported.orders[0];
    expect(order?.whatsappOptInAt).toEqual(expect.any(String));
    expect(order?.messages).toEqual([
      { kind: "whatsapp_receipt", sentAt: expect.any(String), to: "5511987650001", status: "accepted" },
    ]);

    await anonymizeGuest({ db: db(), outboxDir: null, now: () => new Date() }, owner, "(11) 98765-0001");
    const [erased] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(erased?.whatsappOptInAt).toBeNull();
    const [message] = await db()
      .select()
      .from(notificationMessages)
      .where(eq(notificationMessages.orderId, orderId));
    expect([message?.recipient, message?.variables]).toEqual([null, null]);
  });
});
