// QR templates and posters in the domain: a template's background goes through the product-photo pipeline,
// X, Y and size are validated to the spec's limits, every operation is scoped to the organization (another
// host's id is "not found") and staff only read; a template needs a name and becomes the posters' default only
// when the host chooses it; a poster's QR code decodes to the property's shop address and sits where the
// template puts it; 'Gerar novo link' moves the shop. In-memory PGlite, real migrations.
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readImageFile } from "~/domain/images/image-input.server";
import { IMAGE_MESSAGES } from "~/domain/images/image-limits";
import { createProperty } from "~/domain/properties/create-property.server";
import { findPropertyByHash } from "~/domain/properties/read-properties.server";
import { renewGuestLink } from "~/domain/properties/renew-guest-link.server";
import { createQrTemplate } from "~/domain/qr/create-qr-template.server";
import { deleteQrTemplate } from "~/domain/qr/delete-qr-template.server";
import { DEFAULT_TEMPLATE_ID } from "~/domain/qr/poster-template.server";
import { allPropertyPosters, propertyPoster, propertyQrCode } from "~/domain/qr/posters.server";
import { getQrTemplate, listQrTemplates } from "~/domain/qr/read-qr-templates.server";
import { setDefaultQrTemplate } from "~/domain/qr/set-default-qr-template.server";
import { updateQrTemplate } from "~/domain/qr/update-qr-template.server";
import type { Actor } from "~/domain/team/permissions";
import { createConfirmedUser } from "~/platform/auth/create-user.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle, Db } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { member } from "~/platform/db/schema";
import { afterInstant } from "../support/database-clock";
import { boxOfColour, boxOfOther, decodeQr, readPng, solidImage } from "../support/qr-decode";
import { refusal } from "../support/refusal";

// env() is read lazily on first use, so uploads of this file live in this temp DATA_DIR.
const dataDir = mkdtempSync(path.join(tmpdir(), "estadia-qr-"));
process.env.DATA_DIR = dataDir;
const mediaDir = path.join(dataDir, "media");

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const APP_URL = "https://estadia.example.com";
const BLUE = [0x33, 0x66, 0xcc] as const;
const RED = [0xcc, 0x33, 0x33] as const;

let handle: DatabaseHandle;
let db: Db;
let hostA: Actor;
let hostB: Actor;
let staffA: Actor;
let managerA: Actor;

async function actorFor(email: string): Promise<Actor> {
  const { userId, membership } = await createConfirmedUser(db, { name: email, email, password: "segredo1" });
  return { userId, organizationId: membership.organizationId, role: "owner" };
}

async function memberOfA(email: string, role: "manager" | "staff"): Promise<Actor> {
  const { userId } = await createConfirmedUser(db, { name: email, email, password: "segredo1" });
  await db.insert(member).values({ organizationId: hostA.organizationId, userId, role });
  return { userId, organizationId: hostA.organizationId, role };
}

/** A background uploaded the way the form sends it: a file through the product-photo pipeline. */
async function upload(bytes: Uint8Array | string, name = "fundo.png") {
  const form = new FormData();
  form.append("imageFile", new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name));
  return readImageFile(form);
}

const blueBackground = async (width = 1000, height = 750) =>
  upload(await solidImage(width, height, "#3366cc"));
const stored = () => (existsSync(mediaDir) ? readdirSync(mediaDir) : []);

/** Modules across the code with its quiet zone, as the library would draw it for this address. */
const tileModules = (url: string) => QRCode.create(url, { errorCorrectionLevel: "H" }).modules.size + 8;

beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
  db = handle.db;
  hostA = await actorFor("qr-a@example.com");
  hostB = await actorFor("qr-b@example.com");
  staffA = await memberOfA("qr-equipe-a@example.com", "staff");
  managerA = await memberOfA("qr-gerente-a@example.com", "manager");
});
afterAll(async () => {
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("createQrTemplate", () => {
  it("stores the name, the uploaded background re-encoded with its size, and the spec's defaults 0, 0, 100", async () => {
    const image = await blueBackground(1200, 900);
    const created = await createQrTemplate(db, hostA, { name: "  Cartaz da sala  ", image });
    expect(created).toMatchObject({
      name: "Cartaz da sala",
      // Never the posters' default by itself: the host chooses that.
      isDefault: false,
      positionX: 0,
      positionY: 0,
      size: 100,
      imageWidth: 1200,
      imageHeight: 900,
    });
    expect(created.image).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    expect(created.imageThumb).toMatch(/^\/media\/[0-9a-f-]{36}-thumb\.webp$/);
    expect(stored()).toEqual(expect.arrayContaining([created.image.slice(7), created.imageThumb.slice(7)]));
  });

  it("keeps the given position and size; a manager may create too", async () => {
    const created = await createQrTemplate(db, managerA, {
      name: "Do gerente",
      image: await blueBackground(),
      positionX: "300",
      positionY: "150",
      size: "150",
    });
    expect(created).toMatchObject({ positionX: 300, positionY: 150, size: 150 });
  });

  it("refuses values outside the sliders (0–500, 50–300, whole numbers), a missing name and image", async () => {
    const err = await refusal(
      createQrTemplate(db, hostA, { positionX: "501", positionY: "-1", size: "49", image: undefined }),
    );
    expect(err.kind).toBe("invalid");
    expect(err.fieldErrors).toEqual({
      name: "Dê um nome ao template.",
      positionX: "A posição X deve ser um número inteiro de 0 a 500.",
      positionY: "A posição Y deve ser um número inteiro de 0 a 500.",
      size: "O tamanho deve ser um número inteiro de 50 a 300.",
      image: "Escolha a imagem de fundo do template.",
    });
    const image = await blueBackground();
    const fractions = await refusal(
      createQrTemplate(db, hostA, { name: "Frações", positionX: "1.5", size: "301", image }),
    );
    expect(Object.keys(fractions.fieldErrors ?? {})).toEqual(["positionX", "size"]);
    const empty = await refusal(createQrTemplate(db, hostA, { name: "Vazio", positionY: "", image }));
    expect(empty.fieldErrors).toEqual({ positionY: "A posição Y deve ser um número inteiro de 0 a 500." });
    const blank = await refusal(createQrTemplate(db, hostA, { name: "   ", image }));
    expect(blank.fieldErrors).toEqual({ name: "Dê um nome ao template." });
  });

  it("accepts only a background we stored, not an outside address", async () => {
    const outside = {
      image: "https://example.com/a.png",
      imageThumb: "https://example.com/a.png",
      width: 10,
      height: 10,
    };
    const err = await refusal(createQrTemplate(db, hostA, { name: "De fora", image: outside }));
    expect(err.fieldErrors).toEqual({ image: "Escolha a imagem de fundo do template." });
  });

  it("checks uploads as product photos are: a text file or an SVG is refused before anything is stored", async () => {
    const before = stored().length;
    await expect(upload("não sou uma imagem", "fundo.png")).rejects.toMatchObject({
      kind: "invalid",
      fieldErrors: { image: IMAGE_MESSAGES.notImage },
    });
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    await expect(upload(svg, "fundo.svg")).rejects.toMatchObject({
      fieldErrors: { image: IMAGE_MESSAGES.notImage },
    });
    expect(stored()).toHaveLength(before);
  });

  it("is refused to staff", async () => {
    const err = await refusal(
      createQrTemplate(db, staffA, { name: "Da equipe", image: await blueBackground() }),
    );
    expect(err.kind).toBe("forbidden");
  });
});

describe("reading, updating and deleting templates", () => {
  it("lists the organization's templates newest first, for staff too, and nobody else's", async () => {
    const older = await createQrTemplate(db, hostB, {
      name: "Antigo",
      image: await blueBackground(),
      size: "120",
    });
    await afterInstant(db, older.createdAt);
    const newer = await createQrTemplate(db, hostB, {
      name: "Novo",
      image: await blueBackground(),
      size: "130",
    });
    expect((await listQrTemplates(db, hostB)).map((t) => t.id)).toEqual([newer.id, older.id]);
    const ofA = await listQrTemplates(db, staffA);
    expect(ofA.length).toBeGreaterThan(0);
    expect(ofA.map((t) => t.id)).not.toContain(newer.id);
    expect(await getQrTemplate(db, hostA, newer.id)).toBeNull();
    expect(await getQrTemplate(db, hostA, "not-a-uuid")).toBeNull();
    expect(await getQrTemplate(db, hostB, newer.id)).toMatchObject({ name: "Novo", size: 130 });
  });

  it("renames, moves the QR, replaces the background and says which image was replaced", async () => {
    const created = await createQrTemplate(db, hostA, { name: "Antes", image: await blueBackground() });
    const moved = await updateQrTemplate(db, hostA, created.id, {
      name: "Depois",
      positionX: "10",
      positionY: "20",
      size: "200",
    });
    expect(moved.template).toMatchObject({
      name: "Depois",
      positionX: 10,
      positionY: 20,
      size: 200,
      image: created.image,
    });
    expect(moved.replacedImage).toBeNull();
    const unnamed = await refusal(updateQrTemplate(db, hostA, created.id, { name: "", size: "200" }));
    expect(unnamed.fieldErrors).toEqual({ name: "Dê um nome ao template." });
    const image = await blueBackground(800, 800);
    const replaced = await updateQrTemplate(db, managerA, created.id, {
      name: "Depois",
      positionX: "10",
      positionY: "20",
      size: "200",
      image,
    });
    expect(replaced.template).toMatchObject({ image: image?.image, imageWidth: 800, imageHeight: 800 });
    expect(replaced.replacedImage).toEqual({ image: created.image, imageThumb: created.imageThumb });
  });

  it("another organization's template is not found for update and delete, and stays as it was", async () => {
    const created = await createQrTemplate(db, hostA, {
      name: "De A",
      image: await blueBackground(),
      size: "111",
    });
    const update = await refusal(updateQrTemplate(db, hostB, created.id, { name: "De B", size: "300" }));
    expect(update).toMatchObject({ kind: "not_found", message: "Template não encontrado" });
    expect((await refusal(deleteQrTemplate(db, hostB, created.id))).kind).toBe("not_found");
    expect(await getQrTemplate(db, hostA, created.id)).toMatchObject({ name: "De A", size: 111 });
  });

  it("staff may not update or delete", async () => {
    const created = await createQrTemplate(db, hostA, { name: "Intocável", image: await blueBackground() });
    const update = await refusal(updateQrTemplate(db, staffA, created.id, { name: "Da equipe", size: "60" }));
    expect(update.kind).toBe("forbidden");
    expect((await refusal(deleteQrTemplate(db, staffA, created.id))).kind).toBe("forbidden");
  });

  it("deletes and gives back the image to discard", async () => {
    const created = await createQrTemplate(db, hostA, { name: "Descartável", image: await blueBackground() });
    const { removedImage } = await deleteQrTemplate(db, hostA, created.id);
    expect(removedImage).toEqual({ image: created.image, imageThumb: created.imageThumb });
    expect(await getQrTemplate(db, hostA, created.id)).toBeNull();
    expect((await refusal(deleteQrTemplate(db, hostA, created.id))).kind).toBe("not_found");
  });
});

describe("posters", () => {
  it("the property's QR code alone decodes to its shop address, as PNG and SVG", async () => {
    const property = await createProperty(db, hostA, { name: "Casa do QR", address: "Rua Q, 1" });
    const url = `${APP_URL}/i/${property.hash}`;
    const png = await propertyQrCode(db, staffA, { propertyId: property.id, format: "png", appUrl: APP_URL });
    expect(png).toMatchObject({ contentType: "image/png", filename: "qr-code-casa-do-qr.png" });
    const raster = readPng(png.body);
    expect(raster.width).toBeGreaterThanOrEqual(700);
    expect(decodeQr(raster)?.text).toBe(url);
    const svg = await propertyQrCode(db, hostA, { propertyId: property.id, format: "svg", appUrl: APP_URL });
    expect(new TextDecoder().decode(svg.body)).toContain('width="60mm"');
    expect(
      (await refusal(propertyQrCode(db, hostB, { propertyId: property.id, format: "png", appUrl: APP_URL })))
        .kind,
    ).toBe("not_found");
  });

  it("a PNG poster carries the QR at X, Y and size of the 500-px-wide image, scaled to the poster", async () => {
    const property = await createProperty(db, hostA, { name: "Casa Azul", address: "Rua Azul, 2" });
    const template = await createQrTemplate(db, hostA, {
      name: "Azul",
      image: await blueBackground(1000, 750),
      positionX: "300",
      positionY: "150",
      size: "150",
    });
    const poster = await propertyPoster(db, staffA, {
      propertyId: property.id,
      templateId: template.id,
      format: "png",
      paper: "a4",
      appUrl: APP_URL,
    });
    expect(poster).toMatchObject({ contentType: "image/png", filename: "cartaz-casa-azul.png" });
    const raster = readPng(poster.body);
    const image = boxOfColour(raster, BLUE);
    const tile = boxOfOther(raster, image, BLUE);
    const k = image.width / 500;
    expect(image.height / image.width).toBeCloseTo(0.75, 2);
    expect(Math.abs(tile.x - image.x - 300 * k)).toBeLessThanOrEqual(2);
    expect(Math.abs(tile.y - image.y - 150 * k)).toBeLessThanOrEqual(2);
    expect(Math.abs(tile.width - 150 * k)).toBeLessThanOrEqual(2);
    expect(Math.abs(tile.height - 150 * k)).toBeLessThanOrEqual(2);

    const url = `${APP_URL}/i/${property.hash}`;
    const decoded = decodeQr(raster);
    expect(decoded?.text).toBe(url);
    // The code itself starts 4 modules (the quiet zone) inside the tile.
    const zone = (4 * tile.width) / tileModules(url);
    expect(Math.abs((decoded?.corners.topLeft.x ?? 0) - (tile.x + zone))).toBeLessThanOrEqual(zone / 2);
    expect(Math.abs((decoded?.corners.topLeft.y ?? 0) - (tile.y + zone))).toBeLessThanOrEqual(zone / 2);
  });

  it("keeps the QR whole inside a short image: Y and size beyond it are fitted, as the preview shows", async () => {
    const property = await createProperty(db, hostA, { name: "Casa Baixa", address: "Rua B, 3" });
    // 1000×500 is 500×250 in the preview: a 200 tile at Y 400 would leave it, so it sits at Y 50.
    const template = await createQrTemplate(db, hostA, {
      name: "Baixo",
      image: await blueBackground(1000, 500),
      positionX: "450",
      positionY: "400",
      size: "200",
    });
    const poster = await propertyPoster(db, hostA, {
      propertyId: property.id,
      templateId: template.id,
      format: "png",
      paper: "a4",
      appUrl: APP_URL,
    });
    const raster = readPng(poster.body);
    const image = boxOfColour(raster, BLUE);
    const tile = boxOfOther(raster, image, BLUE);
    const k = image.width / 500;
    expect(Math.abs(tile.x - image.x - 300 * k)).toBeLessThanOrEqual(2);
    expect(Math.abs(tile.y - image.y - 50 * k)).toBeLessThanOrEqual(2);
    expect(Math.abs(tile.width - 200 * k)).toBeLessThanOrEqual(2);
    expect(decodeQr(raster)?.text).toBe(`${APP_URL}/i/${property.hash}`);
  });

  it("uses the built-in poster when none is named until the host chooses a default, then the chosen one", async () => {
    const host = await actorFor("qr-sem-template@example.com");
    const property = await createProperty(db, host, { name: "Sem Template", address: "Rua S" });
    const input = { propertyId: property.id, format: "png" as const, paper: "a4" as const, appUrl: APP_URL };
    const byDefault = readPng((await propertyPoster(db, host, input)).body);
    expect(decodeQr(byDefault)?.text).toBe(`${APP_URL}/i/${property.hash}`);
    const named = readPng(
      (await propertyPoster(db, host, { ...input, templateId: DEFAULT_TEMPLATE_ID })).body,
    );
    expect(named.data).toEqual(byDefault.data);

    const blue = await createQrTemplate(db, host, {
      name: "Azul",
      image: await blueBackground(),
      positionX: "10",
      positionY: "10",
    });
    // A new template does not become the default by itself.
    const stillBuiltIn = readPng((await propertyPoster(db, host, input)).body);
    expect(stillBuiltIn.data).toEqual(byDefault.data);

    await setDefaultQrTemplate(db, host, blue.id);
    await afterInstant(db, blue.createdAt);
    const red = await createQrTemplate(db, host, {
      name: "Vermelho",
      image: await upload(await solidImage(1000, 750, "#cc3333")),
      positionX: "10",
      positionY: "10",
    });
    // The chosen one, not the newest.
    const chosen = readPng((await propertyPoster(db, host, input)).body);
    expect(boxOfColour(chosen, BLUE).width).toBeGreaterThan(chosen.width * 0.9);
    expect(() => boxOfColour(chosen, RED)).toThrow("no such pixels");

    await setDefaultQrTemplate(db, host, red.id);
    const rechosen = readPng((await propertyPoster(db, host, input)).body);
    expect(boxOfColour(rechosen, RED).width).toBeGreaterThan(rechosen.width * 0.9);
    expect(() => boxOfColour(rechosen, BLUE)).toThrow("no such pixels");
    expect((await listQrTemplates(db, host)).map((t) => [t.name, t.isDefault])).toEqual([
      ["Vermelho", true],
      ["Azul", false],
    ]);
  });

  it("another host's template or property is not found", async () => {
    const propertyB = await createProperty(db, hostB, { name: "Casa de B", address: "Rua B" });
    const templateA = (await listQrTemplates(db, hostA))[0];
    const input = {
      propertyId: propertyB.id,
      templateId: templateA?.id,
      format: "pdf" as const,
      paper: "a4" as const,
      appUrl: APP_URL,
    };
    expect(await refusal(propertyPoster(db, hostB, input))).toMatchObject({
      kind: "not_found",
      message: "Template não encontrado",
    });
    expect(await refusal(propertyPoster(db, hostA, { ...input, templateId: null }))).toMatchObject({
      kind: "not_found",
      message: "Imóvel não encontrado",
    });
  });

  it("'Imprimir todos' makes one PDF with a page per property; none is a refusal", async () => {
    const host = await actorFor("qr-todos@example.com");
    expect(await refusal(allPropertyPosters(db, host, { paper: "a4", appUrl: APP_URL }))).toMatchObject({
      kind: "invalid",
      message: "Cadastre um imóvel para imprimir cartazes.",
    });
    for (const name of ["Um", "Dois", "Três"]) await createProperty(db, host, { name, address: "Rua T" });
    const pdf = await allPropertyPosters(db, host, { paper: "a5", appUrl: APP_URL });
    expect(pdf).toMatchObject({ contentType: "application/pdf", filename: "cartazes-a5.pdf" });
    const { PDFDocument } = await import("pdf-lib");
    const doc = await PDFDocument.load(pdf.body);
    expect(doc.getPageCount()).toBe(3);
    // A5 portrait, in points.
    expect(doc.getPage(0).getSize()).toEqual({ width: 419.53, height: 595.28 });
  });
});

describe("renewGuestLink ('Gerar novo link')", () => {
  it("gives the property a new hash; the old one finds nothing", async () => {
    const property = await createProperty(db, hostA, { name: "Casa Nova", address: "Rua N" });
    const { hash } = await renewGuestLink(db, managerA, property.id);
    expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(hash).not.toBe(property.hash);
    expect(await findPropertyByHash(db, property.hash)).toBeNull();
    expect(await findPropertyByHash(db, hash)).toMatchObject({ id: property.id });
  });

  it("is refused to staff, and another host's property is not found (its link unchanged)", async () => {
    const property = await createProperty(db, hostA, { name: "Casa Firme", address: "Rua F" });
    expect((await refusal(renewGuestLink(db, staffA, property.id))).kind).toBe("forbidden");
    expect((await refusal(renewGuestLink(db, hostB, property.id))).kind).toBe("not_found");
    expect(await findPropertyByHash(db, property.hash)).toMatchObject({ id: property.id });
  });
});
