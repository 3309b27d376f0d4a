import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDamagePhotos } from "~/domain/damages/add-damage-photos.server";
import { createDamage } from "~/domain/damages/create-damage.server";
import { damageReportPdf } from "~/domain/damages/damage-report.server";
import { sendDamageDeadlineReminders } from "~/domain/damages/deadline-reminders.server";
import { damageFormOptions, getDamage, listDamages } from "~/domain/damages/read-damages.server";
import {
  moveDamage,
  removeDamagePhoto,
  setDamageItems,
  updateDamageDetails,
} from "~/domain/damages/update-damage.server";
import { profitOf } from "~/domain/profit/read-profit.server";
import type { Actor } from "~/domain/team/permissions";
import { addDays, formatDay, saoPauloDay } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { damageRecords, type stays } from "~/platform/db/schema";
import { createMailer } from "~/platform/mail/mailer.server";
import { readOutbox } from "~/platform/mail/outbox.server";
import { refusal } from "../support/refusal";
import { emailOf, memberOf, ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";
import { insertStay } from "../support/stay-fixtures";

// env() is read lazily on first use, so uploaded photos go to this temp DATA_DIR.
const dataDir = mkdtempSync(path.join(tmpdir(), "estadia-damages-"));
process.env.DATA_DIR = dataDir;

vi.setConfig({ testTimeout: 30_000 });

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
});
afterAll(async () => {
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const db = () => handle.db;
const today = saoPauloDay(new Date());

type Host = { organizationId: string; propertyId: string; owner: Actor; staff: Actor; manager: Actor };

async function host(): Promise<Host> {
  const s = await shopFixture(db(), [], { receiving: false });
  return {
    organizationId: s.organizationId,
    propertyId: s.propertyId,
    owner: await ownerOf(db(), s.organizationId),
    staff: (await memberOf(db(), s.organizationId, "staff")).actor,
    manager: (await memberOf(db(), s.organizationId, "manager")).actor,
  };
}

/** A stay on the host's property, `checkIn`/`checkOut` as days from today. */
const stay = (h: Host, checkIn: number, checkOut: number, extra: Partial<typeof stays.$inferInsert> = {}) =>
  insertStay(db(), h, addDays(today, checkIn), addDays(today, checkOut), extra);

async function jpeg(color: string, takenAt?: string): Promise<File> {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: color } }).jpeg();
  const bytes = await (takenAt ? image.withExif({ IFD2: { DateTimeOriginal: takenAt } }) : image).toBuffer();
  return new File([new Uint8Array(bytes)], "foto.jpg", { type: "image/jpeg" });
}

async function recordCount(organizationId: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(damageRecords)
    .where(eq(damageRecords.organizationId, organizationId));
  return row?.n ?? 0;
}

describe("opening a damage record", () => {
  it("lets staff open one with photos and no amounts, on the stay that ended last", async () => {
    const h = await host();
    await stay(h, -20, -12);
    const last = await stay(h, -6, -2, { reservationCode: "HMABC123" });
    await stay(h, -1, 3); // in progress: not ended
    await stay(h, -3, -1, { kind: "block", source: "airbnb" });
    await stay(h, -4, -1, { status: "cancelled" });
    const form = await damageFormOptions(db(), h.staff, today);
    expect(form.find((p) => p.id === h.propertyId)?.defaultStayId).toBe(last);

    const { id } = await createDamage(
      db(),
      h.staff,
      {
        propertyId: h.propertyId,
        stayId: undefined,
        title: "  Mancha no sofá ",
        description: "Vinho tinto.",
      },
      [await jpeg("#a00", "2026:11:20 14:30:05"), await jpeg("#0a0")],
    );
    const d = await getDamage(db(), h.staff, id);
    expect(d).toMatchObject({
      title: "Mancha no sofá",
      status: "open",
      stay: { id: last, reservationCode: "HMABC123" },
      claimDeadline: addDays(today, 12),
      // Staff read no amounts at all (absent, not zero).
      amounts: null,
      items: [],
    });
    expect(d.photos).toHaveLength(2);
    expect(d.photos[0]?.takenAt?.toISOString()).toBe("2026-11-20T17:30:05.000Z");
    expect(d.photos[1]?.takenAt).toBeNull();
    expect(d.photos[0]?.image).toMatch(/^\/media\/.+\.webp$/);
    expect(d.events.map((e) => [e.kind, e.detail])).toEqual([["created", "2 fotos"]]);

    // 'Sem estadia': no deadline.
    const none = await createDamage(db(), h.staff, {
      propertyId: h.propertyId,
      stayId: "",
      title: "Porta riscada",
      description: "",
    });
    expect(await getDamage(db(), h.owner, none.id)).toMatchObject({ stay: null, claimDeadline: null });
  });

  it("refuses bad input and another host's property or stay, creating nothing", async () => {
    const h = await host();
    const other = await host();
    const otherStay = await stay(other, -5, -1);
    const base = { propertyId: h.propertyId, stayId: "", title: "Copo quebrado", description: "" };
    expect(await refusal(createDamage(db(), h.staff, { ...base, title: " " }))).toMatchObject({
      kind: "invalid",
      message: "Informe um título para a avaria.",
    });
    expect(
      await refusal(createDamage(db(), h.staff, { ...base, propertyId: other.propertyId })),
    ).toMatchObject({
      kind: "not_found",
      message: "Imóvel não encontrado.",
    });
    expect(await refusal(createDamage(db(), h.staff, { ...base, stayId: otherStay }))).toMatchObject({
      kind: "not_found",
      message: "Estadia não encontrada neste imóvel.",
    });
    const notImage = new File(["não é foto"], "x.jpg", { type: "image/jpeg" });
    expect(await refusal(createDamage(db(), h.staff, base, [await jpeg("#00a"), notImage]))).toMatchObject({
      kind: "invalid",
      message: "Envie uma imagem (JPG, PNG, WebP, GIF ou HEIC).",
    });
    expect(await recordCount(h.organizationId)).toBe(0);
    expect(await recordCount(other.organizationId)).toBe(0);
  });
});

describe("a record's items and status", () => {
  it("are for owners and managers only: staff are refused and nothing changes", async () => {
    const h = await host();
    const { id } = await createDamage(db(), h.staff, {
      propertyId: h.propertyId,
      stayId: "",
      title: "TV",
      description: "",
    });
    expect(
      await refusal(setDamageItems(db(), h.staff, id, [{ description: "TV", amount: "1.500,00" }])),
    ).toMatchObject({ kind: "forbidden" });
    expect(await refusal(moveDamage(db(), h.staff, id, { from: "open", to: "submitted" }))).toMatchObject({
      kind: "forbidden",
    });
    expect(
      await refusal(updateDamageDetails(db(), h.staff, id, { title: "X", description: "" })),
    ).toMatchObject({
      kind: "forbidden",
    });
    expect(await refusal(damageReportPdf(db(), h.staff, id))).toMatchObject({ kind: "forbidden" });
    expect(await getDamage(db(), h.owner, id)).toMatchObject({ status: "open", title: "TV", items: [] });
  });

  it("total the items' amounts and check each line", async () => {
    const h = await host();
    const { id } = await createDamage(db(), h.staff, {
      propertyId: h.propertyId,
      stayId: "",
      title: "Sala",
      description: "",
    });
    expect(
      await setDamageItems(db(), h.manager, id, [
        { description: "Tapete", amount: "R$ 350,00" },
        { description: "Abajur", amount: "89,90" },
      ]),
    ).toEqual({ totalCents: 43_990 });
    expect((await listDamages(db(), h.owner)).find((r) => r.id === id)?.amounts?.totalCents).toBe(43_990);
    const bad = await refusal(
      setDamageItems(db(), h.owner, id, [
        { description: "", amount: "10,00" },
        { description: "Vaso", amount: "0" },
        { description: "Mesa", amount: "1.000.000,01" },
        { description: "Cadeira", amount: "-5" },
      ]),
    );
    expect(bad.fieldErrors).toEqual({
      "description:0": "Descreva o item em até 200 caracteres.",
      "amount:1": "Informe um valor maior que zero, até R$ 1.000.000,00.",
      "amount:2": "Informe um valor maior que zero, até R$ 1.000.000,00.",
      "amount:3": "Informe um valor maior que zero, até R$ 1.000.000,00.",
    });
    const many = Array.from({ length: 31 }, (_, i) => ({ description: `Item ${i}`, amount: "1,00" }));
    expect(await refusal(setDamageItems(db(), h.owner, id, many))).toMatchObject({
      message: "Uma avaria pode ter até 30 itens.",
    });
    expect((await getDamage(db(), h.owner, id)).amounts?.totalCents).toBe(43_990);
  });

  it("reads no amounts for staff: the list's and the record's are absent, its items named only", async () => {
    const h = await host();
    const { id } = await createDamage(db(), h.staff, {
      propertyId: h.propertyId,
      stayId: "",
      title: "Quarto",
      description: "",
    });
    await setDamageItems(db(), h.manager, id, [{ description: "Espelho", amount: "120,00" }]);
    const listed = (await listDamages(db(), h.staff)).find((r) => r.id === id);
    expect(listed).toMatchObject({ title: "Quarto", amounts: null });
    const record = await getDamage(db(), h.staff, id);
    expect(record.amounts).toBeNull();
    expect(record.items).toEqual([{ id: expect.any(String), description: "Espelho" }]);
    // Nor does the timeline say the total: the event is there, its amount is not.
    expect(record.events.map((e) => [e.kind, e.detail])).toEqual([
      ["created", null],
      ["items_changed", null],
    ]);
    // Those who manage damages read them.
    const managed = await getDamage(db(), h.manager, id);
    expect(managed.events.at(-1)?.detail).toContain(formatCents(12_000));
    expect(managed.amounts).toMatchObject({ totalCents: 12_000, recoveredCents: null });
    expect(Object.values(managed.amounts?.itemCents ?? {})).toEqual([12_000]);
  });

  it("moves open → submitted → reimbursed with the amount recovered, and refuses other moves", async () => {
    const h = await host();
    const { id } = await createDamage(db(), h.staff, {
      propertyId: h.propertyId,
      stayId: "",
      title: "Cortina",
      description: "",
    });
    expect(await refusal(moveDamage(db(), h.owner, id, { from: "open", to: "reimbursed" }))).toMatchObject({
      kind: "invalid",
      message: "Uma avaria 'Aberta' não pode passar para 'Reembolsada'.",
    });
    expect(await moveDamage(db(), h.owner, id, { from: "open", to: "submitted" })).toEqual({
      status: "submitted",
    });
    for (const recovered of [undefined, "0", "abc", "1.000.000,01"]) {
      expect(
        await refusal(moveDamage(db(), h.owner, id, { from: "submitted", to: "reimbursed", recovered })),
      ).toMatchObject({
        kind: "invalid",
        fieldErrors: { recovered: expect.stringContaining("Valor recuperado") },
      });
    }
    // Someone else moved it meanwhile: told where it stands.
    expect(await refusal(moveDamage(db(), h.owner, id, { from: "open", to: "archived" }))).toMatchObject({
      kind: "conflict",
      message: "Esta avaria já está 'Enviada à plataforma': a página foi atualizada.",
    });
    await moveDamage(db(), h.manager, id, { from: "submitted", to: "reimbursed", recovered: "350,00" });
    expect(
      await refusal(moveDamage(db(), h.owner, id, { from: "reimbursed", to: "archived" })),
    ).toMatchObject({
      kind: "invalid",
    });
    expect(
      await refusal(setDamageItems(db(), h.owner, id, [{ description: "Cortina", amount: "10,00" }])),
    ).toMatchObject({ kind: "conflict" });
    const d = await getDamage(db(), h.owner, id);
    expect(d).toMatchObject({ status: "reimbursed", amounts: { recoveredCents: 35_000 } });
    expect(d.amounts?.reimbursedAt).toBeInstanceOf(Date);
    expect(d.events.map((e) => [e.kind, e.fromStatus, e.toStatus, e.detail])).toEqual([
      ["created", null, "open", null],
      ["status_changed", "open", "submitted", null],
      ["status_changed", "submitted", "reimbursed", `${formatCents(35_000)} recuperados`],
    ]);
    expect((await listDamages(db(), h.owner, { status: "reimbursed" })).map((r) => r.id)).toEqual([id]);
    expect(await listDamages(db(), h.owner, { status: "open" })).toEqual([]);
  });
});

describe("photos of a record", () => {
  it("are added by staff, 30 at most, and refused once the claim is closed", async () => {
    const h = await host();
    const { id } = await createDamage(db(), h.staff, {
      propertyId: h.propertyId,
      stayId: "",
      title: "Parede",
      description: "",
    });
    const ten = await Promise.all(Array.from({ length: 10 }, () => jpeg("#333")));
    expect(await refusal(addDamagePhotos(db(), h.staff, id, [...ten, await jpeg("#444")]))).toMatchObject({
      message: "Envie até 10 fotos de cada vez.",
    });
    for (let i = 0; i < 3; i++) expect(await addDamagePhotos(db(), h.staff, id, ten)).toEqual({ added: 10 });
    expect(await refusal(addDamagePhotos(db(), h.staff, id, [await jpeg("#555")]))).toMatchObject({
      message: "Uma avaria pode ter até 30 fotos.",
    });
    const d = await getDamage(db(), h.owner, id);
    expect(d.photos).toHaveLength(30);
    await removeDamagePhoto(db(), h.owner, id, d.photos[0]?.id);
    await moveDamage(db(), h.owner, id, { from: "open", to: "archived" });
    expect(await refusal(addDamagePhotos(db(), h.staff, id, [await jpeg("#666")]))).toMatchObject({
      kind: "conflict",
      message: "Esta avaria está 'Arquivada': não recebe mais fotos.",
    });
    expect((await getDamage(db(), h.owner, id)).photos).toHaveLength(29);
  });
});

describe("another host's records", () => {
  it("answer not found for the record, its photos and every change", async () => {
    const h = await host();
    const other = await host();
    const { id } = await createDamage(
      db(),
      other.staff,
      { propertyId: other.propertyId, stayId: "", title: "Deles", description: "" },
      [await jpeg("#a0a")],
    );
    const photoId = (await getDamage(db(), other.owner, id)).photos[0]?.id;
    const mine = await createDamage(db(), h.staff, {
      propertyId: h.propertyId,
      stayId: "",
      title: "Minha",
      description: "",
    });
    const notFound = { kind: "not_found" };
    expect(await refusal(getDamage(db(), h.owner, id))).toMatchObject(notFound);
    expect(await refusal(addDamagePhotos(db(), h.staff, id, [await jpeg("#fff")]))).toMatchObject(notFound);
    expect(await refusal(setDamageItems(db(), h.owner, id, []))).toMatchObject(notFound);
    expect(await refusal(moveDamage(db(), h.owner, id, { from: "open", to: "submitted" }))).toMatchObject(
      notFound,
    );
    expect(
      await refusal(updateDamageDetails(db(), h.owner, id, { title: "X", description: "" })),
    ).toMatchObject(notFound);
    expect(await refusal(removeDamagePhoto(db(), h.owner, id, photoId))).toMatchObject(notFound);
    expect(await refusal(removeDamagePhoto(db(), h.owner, mine.id, photoId))).toMatchObject({
      kind: "not_found",
      message: "Foto não encontrada.",
    });
    expect(await refusal(damageReportPdf(db(), h.owner, id))).toMatchObject(notFound);
    expect((await listDamages(db(), h.owner)).map((r) => r.id)).toEqual([mine.id]);
    expect(await listDamages(db(), h.owner, { propertyId: other.propertyId })).toEqual([]);
    const theirs = await getDamage(db(), other.owner, id);
    expect(theirs).toMatchObject({ status: "open", title: "Deles" });
    expect(theirs.photos).toHaveLength(1);
  });
});

describe("recovered amounts in the profit dashboard", () => {
  it("count reimbursed records on the day they were reimbursed, per property, beside the result", async () => {
    const h = await host();
    const other = await host();
    const record = async (who: Host, title: string) =>
      (
        await createDamage(db(), who.staff, {
          propertyId: who.propertyId,
          stayId: "",
          title,
          description: "",
        })
      ).id;
    const paid = await record(h, "Pago");
    await moveDamage(db(), h.owner, paid, { from: "open", to: "submitted" });
    await moveDamage(db(), h.owner, paid, { from: "submitted", to: "reimbursed", recovered: "500,00" });
    await record(h, "Ainda aberta");
    const theirs = await record(other, "De outro");
    await moveDamage(db(), other.owner, theirs, { from: "open", to: "submitted" });
    await moveDamage(db(), other.owner, theirs, { from: "submitted", to: "reimbursed", recovered: "90,00" });

    const report = await profitOf(db(), h.owner, { from: today, to: today });
    expect(report.recoveredCents).toBe(50_000);
    expect(report.totals.profitCents).toBe(0);
    expect(
      (await profitOf(db(), h.owner, { from: today, to: today, propertyId: h.propertyId })).recoveredCents,
    ).toBe(50_000);
    const before = addDays(today, -1);
    expect((await profitOf(db(), h.owner, { from: before, to: before })).recoveredCents).toBe(0);
  });
});

describe("deadline reminders", () => {
  it("email each owner once per open record whose deadline is within 3 days", async () => {
    const h = await host();
    const second = await memberOf(db(), h.organizationId, "owner");
    const open = async (title: string, deadlineInDays: number, status = "open") => {
      const { id } = await createDamage(db(), h.staff, {
        propertyId: h.propertyId,
        stayId: "",
        title,
        description: "",
      });
      await db()
        .update(damageRecords)
        .set({ claimDeadline: addDays(today, deadlineInDays), status })
        .where(eq(damageRecords.id, id));
      return id;
    };
    const due = await open("Espelho quebrado", 2);
    await open("Ainda longe", 5);
    await open("Já passou", -1);
    await open("Já enviada", 1, "submitted");
    const outboxDir = mkdtempSync(path.join(tmpdir(), "estadia-damage-mail-"));
    const ctx = {
      db: db(),
      mail: createMailer({ smtpUrl: undefined, from: "Estadia <x@estadia.dev>", outboxDir }),
      appUrl: "http://localhost:8080",
      whatsapp: null,
      log: pino({ level: "silent" }),
      now: () => new Date(),
    };
    expect(await sendDamageDeadlineReminders(ctx)).toBe(1);
    expect(await sendDamageDeadlineReminders(ctx)).toBe(0);
    const sent = readOutbox(outboxDir);
    expect(sent.map((m) => m.to).sort()).toEqual([await emailOf(db(), h.owner.userId), second.email].sort());
    expect(sent[0]?.subject).toContain("Espelho quebrado");
    expect(sent[0]?.text).toContain("termina em 2 dias");
    expect(sent[0]?.text).toContain(`http://localhost:8080/avarias/${due}`);
    rmSync(outboxDir, { recursive: true, force: true });
  });
});

describe("the claim report", () => {
  it("is an A4 PDF with the property, stay, amounts, total, timeline and one image per photo", async () => {
    const h = await host();
    const stayId = await stay(h, -7, -2, { reservationCode: "HMZZ9988" });
    const { id } = await createDamage(
      db(),
      h.staff,
      { propertyId: h.propertyId, stayId, title: "Sofá manchado", description: "Mancha de vinho no braço." },
      [await jpeg("#c00", "2026:11:20 14:30:05"), await jpeg("#0c0")],
    );
    await setDamageItems(db(), h.owner, id, [
      { description: "Limpeza profissional do sofá", amount: "350,00" },
      { description: "Capa nova", amount: "1.234,56" },
    ]);
    await moveDamage(db(), h.owner, id, { from: "open", to: "submitted" });
    const pdf = await damageReportPdf(db(), h.owner, id);
    const dir = mkdtempSync(path.join(tmpdir(), "estadia-damage-pdf-"));
    const file = path.join(dir, pdf.filename);
    writeFileSync(file, pdf.bytes);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    const d = await getDamage(db(), h.owner, id);
    const [y, m, dd] = addDays(today, -7).split("-");
    const [y2, m2, dd2] = addDays(today, -2).split("-");
    for (const expected of [
      "Relatório de avaria",
      d.propertyName,
      "Rua A, 1",
      `${dd}/${m}/${y} – ${dd2}/${m2}/${y2}`,
      "Airbnb",
      "HMZZ9988",
      `Prazo para pedir o reembolso: ${formatDay(addDays(today, 12))} (faltam 12 dias)`,
      "Sofá manchado",
      "Mancha de vinho no braço.",
      "Limpeza profissional do sofá",
      "R$ 350,00",
      "R$ 1.234,56",
      "R$ 1.584,56",
      "Avaria registrada",
      "Itens alterados",
      "Status alterado de 'Aberta' para 'Enviada à plataforma'",
      "Tirada em 20/11/2026 14:30",
      "Enviada em",
    ]) {
      expect(text).toContain(expected);
    }
    expect(execFileSync("pdfinfo", [file], { encoding: "utf8" })).toMatch(
      /Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/,
    );
    const images = execFileSync("pdfimages", ["-list", file], { encoding: "utf8" })
      .trim()
      .split("\n")
      .slice(2);
    expect(images).toHaveLength(2);
    rmSync(dir, { recursive: true, force: true });
  });
});
