// Damage records over HTTP against the built app (run `npm run build` first): staff open a record with two
// photos from the form, the owner prices it and downloads the claim report, and another host gets 404s;
// the photos are served to the organization's members only (ADR 0051).
import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, formatDay, saoPauloDay } from "~/lib/dates";
import { damagePhotos, damageRecords, stays } from "~/platform/db/schema";
import { createPostgresStorage } from "~/platform/storage/postgres-storage.server";
import { type Browser, signedInBrowser } from "../support/accounts";
import { startCheckoutServer } from "../support/checkout-server";
import { FIXTURE_PASSWORD, hostEmail, visibleText } from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import { pdfText } from "../support/qr-decode";
import { download } from "../support/qr-http";
import { memberOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();

const AUTH_SECRET = "damage-screens-test-secret-0123456789abcdef";

async function photo(color: string): Promise<File> {
  const bytes = await sharp({ create: { width: 80, height: 60, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "foto.jpg", { type: "image/jpeg" });
}

/** A multipart form post with several files in `photos`, as the form sends it without its script. */
async function postPhotos(browser: Browser, path: string, fields: Record<string, string>, files: File[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append("photos", file);
  const res = await fetch(new URL(path, browser.server.url), {
    method: "POST",
    body: form,
    headers: {
      cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      origin: browser.origin ?? browser.server.url,
    },
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), body: await res.text() };
}

describe.runIf(available)("damage records over HTTP", () => {
  let running: ShopServer;
  let owner: Browser;
  let staff: Browser;
  let stranger: Browser;
  const today = saoPauloDay(new Date());
  const checkIn = addDays(today, -5);
  const checkOut = addDays(today, -1);

  beforeAll(async () => {
    running = await startCheckoutServer([], { env: { AUTH_SECRET } });
    const { db, shop } = running;
    owner = await signedInBrowser(running.server, await hostEmail(db, shop), FIXTURE_PASSWORD);
    const member = await memberOf(db, shop.organizationId, "staff");
    staff = await signedInBrowser(running.server, member.email, member.password);
    const other = await shopFixture(db, []);
    stranger = await signedInBrowser(running.server, await hostEmail(db, other), FIXTURE_PASSWORD);
    await db.insert(stays).values({
      organizationId: shop.organizationId,
      propertyId: shop.propertyId,
      kind: "stay",
      source: "airbnb",
      checkIn,
      checkOut,
      reservationCode: "HMSERVER1",
    });
  });
  afterAll(() => running?.stop());

  const recordsOf = async (organizationId: string) =>
    (
      await running.db
        .select({ n: count() })
        .from(damageRecords)
        .where(eq(damageRecords.organizationId, organizationId))
    )[0]?.n;

  it("staff open a record with two photos; the owner prices it and downloads the report; others get 404", async () => {
    const { shop } = running;
    const form = await staff.get("/avarias/nova");
    expect(form.status).toBe(200);
    for (const text of [
      "Imóvel",
      "Estadia",
      "Título",
      "Descrição",
      "Fotos",
      "Registrar avaria",
      "Sem estadia",
    ]) {
      expect(form.body).toContain(text);
    }
    expect(form.body).toContain(`${formatDay(checkIn)} – ${formatDay(checkOut)} · Airbnb`);

    // Another host cannot file a record on this property.
    const foreign = await postPhotos(
      stranger,
      "/avarias/nova",
      { propertyId: shop.propertyId, stayId: "", title: "Intruso", description: "" },
      [],
    );
    expect(foreign.status).toBe(404);
    expect(await recordsOf(shop.organizationId)).toBe(0);

    const created = await postPhotos(
      staff,
      "/avarias/nova",
      { propertyId: shop.propertyId, title: "Toalha rasgada", description: "Rasgo de 20 cm." },
      [await photo("#b00"), await photo("#0b0")],
    );
    expect(created.status).toBe(302);
    const path = created.location ?? "";
    expect(path).toMatch(/^\/avarias\/[0-9a-f-]{36}$/);

    const seenByStaff = await staff.get(path);
    expect(seenByStaff.status).toBe(200);
    expect(seenByStaff.body).toContain("Toalha rasgada");
    expect(seenByStaff.body).toContain("Adicionar fotos");
    expect(seenByStaff.body).not.toContain("Baixar relatório (PDF)");
    expect((await download(staff, `${path}/relatorio.pdf`)).status).toBe(403);
    expect(
      (await staff.post(path, { intent: "items", itemDescription: "Toalha", itemAmount: "R$ 80,00" })).status,
    ).toBe(403);

    const saved = await owner.post(path, {
      intent: "items",
      itemDescription: "Toalha de banho",
      itemAmount: "R$ 80,00",
    });
    expect(saved.status).toBe(200);
    const list = await owner.get("/avarias");
    expect(list.body).toContain("Toalha rasgada");
    expect(list.body).toContain("Aberta");
    expect(visibleText(list.body)).toContain("R$ 80,00");
    // Staff see what broke, never what it costs: the list has no amounts, nor does the record's page.
    const staffList = visibleText((await staff.get("/avarias")).body);
    expect(staffList).toContain("Toalha rasgada");
    expect(staffList).not.toContain("R$");
    expect(visibleText((await staff.get(path)).body)).not.toContain("R$");

    const pdf = await download(owner, `${path}/relatorio.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = pdfText(pdf.bytes).join("\n");
    for (const expected of [
      `${formatDay(checkIn)} – ${formatDay(checkOut)}`,
      "HMSERVER1",
      "Toalha de banho",
      "R$ 80,00",
      "Foto 2 de 2",
    ]) {
      expect(text).toContain(expected);
    }

    expect((await stranger.get(path)).status).toBe(404);
    expect((await download(stranger, `${path}/relatorio.pdf`)).status).toBe(404);
    expect((await stranger.post(path, { intent: "status", from: "open", to: "archived" })).status).toBe(404);
    expect((await owner.get(path)).body).toContain("Aberta");
  });

  it("serves a record's photos to its organization's members only, never to a shared cache, old ones too", async () => {
    const { db, shop, server } = running;
    const created = await postPhotos(
      staff,
      "/avarias/nova",
      { propertyId: shop.propertyId, title: "Mancha no sofá", description: "" },
      [await photo("#00b")],
    );
    expect(created.status).toBe(302);
    const damageId = created.location?.split("/").at(-1) ?? "";
    const [stored] = await db.select().from(damagePhotos).where(eq(damagePhotos.damageId, damageId));
    if (!stored) throw new Error("no photo stored");
    // The record's page shows the photo from its address, which its members open.
    expect((await staff.get(`/avarias/${damageId}`)).body).toContain(`src="${stored.imageThumb}"`);
    const seen = async (who: Browser, address: string) => {
      const res = await download(who, address);
      expect(res.status, `${address} for a member`).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      return res.bytes;
    };
    const bytes = await seen(staff, stored.imageThumb);
    await seen(owner, stored.image);

    // Anyone else: the 404 of an address that never existed.
    const missing = await fetch(`${server.url}/media/avaria-${randomUUID()}.webp`);
    expect(missing.status).toBe(404);
    const nothing = await missing.text();
    const hidden = async (address: string) => {
      const signedOut = await fetch(`${server.url}${address}`);
      expect([signedOut.status, await signedOut.text()], `${address} signed out`).toEqual([404, nothing]);
      const foreign = await download(stranger, address);
      expect([foreign.status, foreign.text], `${address} for another host`).toEqual([404, nothing]);
    };
    await hidden(stored.image);
    await hidden(stored.imageThumb);

    // A photo stored before damage photos had keys of their own: public like a product's photo, until
    // it turns out to be a record's.
    const key = `${randomUUID()}.webp`;
    await createPostgresStorage(async () => db).put(key, Buffer.from(bytes), "image/webp");
    const before = await fetch(`${server.url}/media/${key}`);
    expect(before.status).toBe(200);
    expect(before.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    await before.arrayBuffer();
    await db.insert(damagePhotos).values({
      organizationId: shop.organizationId,
      damageId,
      image: `/media/${key}`,
      imageThumb: `/media/${key}`,
    });
    await hidden(`/media/${key}`);
    await seen(owner, `/media/${key}`);
  });
});
