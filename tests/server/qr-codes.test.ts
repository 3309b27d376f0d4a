// QR codes on paper over HTTP against the built app (run `npm run build` first): a template made through
// the form as a browser without JavaScript posts it, the property's QR code and posters decoded back
// (PNG with jsQR; PDF rendered by poppler's pdftoppm, then jsQR and zbar) to the shop's address and found
// where X, Y and size put them, 'Imprimir todos', 'Gerar novo link', and what another host and staff get.
import { PDFDocument } from "pdf-lib";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, signedInBrowser } from "../support/accounts";
import { startCheckoutServer } from "../support/checkout-server";
import { FIXTURE_PASSWORD, hostEmail, visibleText } from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import {
  boxOfColour,
  boxOfOther,
  decodeQr,
  pdfText,
  type Raster,
  rasterize,
  readPng,
  renderPdfPage,
  solidImage,
  zbarDecode,
} from "../support/qr-decode";
import { download, postMultipart } from "../support/qr-http";
import { memberOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();

const BLUE = [0x33, 0x66, 0xcc] as const;
const POSTER_LINE = "Aponte a câmera do celular para comprar";
const BUILT_IN_LINE = "Produtos deste imóvel — pague com Pix ou cartão";
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/**
 * Where the QR tile sits on the template image in a rendering, in px of the image shown 500 px wide: the
 * image is the blue area, the tile what is not blue inside it.
 */
function placementIn(raster: Raster) {
  const image = boxOfColour(raster, BLUE);
  const tile = boxOfOther(raster, image, BLUE);
  const k = 500 / image.width;
  return {
    x: (tile.x - image.x) * k,
    y: (tile.y - image.y) * k,
    size: tile.width * k,
    square: Math.abs(tile.width - tile.height) <= 2,
    aspect: image.height / image.width,
    tile,
  };
}

describe.runIf(available)("QR codes and posters over HTTP", () => {
  let running: ShopServer;
  let owner: Browser;
  let staff: Browser;
  let stranger: Browser;
  let shopUrl = "";
  let templateId = "";
  let secondPropertyId = "";
  let strangerPropertyId = "";

  const signedIn = (email: string, password: string) => signedInBrowser(running.server, email, password);

  const background = async () => ({
    name: "fundo.png",
    type: "image/png",
    bytes: await solidImage(1000, 750, "#3366cc"),
  });

  beforeAll(async () => {
    // APP_URL is the server's own address, so the shop links in the codes can be opened by the test.
    running = await startCheckoutServer([{ name: "Água", priceCents: 450, stock: 3 }], { appUrlIsOwn: true });
    const { db, shop } = running;
    shopUrl = `${running.server.url}/i/${shop.hash}`;
    owner = await signedIn(await hostEmail(db, shop), FIXTURE_PASSWORD);
    const member = await memberOf(db, shop.organizationId, "staff");
    staff = await signedIn(member.email, member.password);
    const other = await shopFixture(db, [{ name: "Vinho", priceCents: 5000, stock: 5 }]);
    strangerPropertyId = other.propertyId;
    stranger = await signedIn(await hostEmail(db, other), FIXTURE_PASSWORD);

    const second = await owner.post("/properties", {
      intent: "create",
      name: "Chalé Dois",
      address: "Rua 2",
    });
    expect(second.status).toBe(200);
    const list = (await owner.get("/properties")).body;
    secondPropertyId =
      /\/properties\/([0-9a-f-]{36})\/products/.exec(list.slice(list.indexOf("Chalé Dois")))?.[1] ?? "";
    expect(secondPropertyId).toMatch(UUID);
  });
  afterAll(() => running?.stop());

  describe("the template form, posted without JavaScript", () => {
    it("creates a template from an uploaded background and the slider values, back to the list with 'Template criado'", async () => {
      const empty = await owner.get("/qr-templates");
      expect(visibleText(empty.body)).toContain("Nenhum template encontrado");

      const res = await postMultipart(
        owner,
        "/qr-templates/new",
        { name: "Cartaz azul", positionX: "300", positionY: "150", size: "150" },
        await background(),
      );
      expect(res.status).toBe(302);
      expect(res.location).toBe("/qr-templates");
      expect(res.setCookie).toContain("estadia_flash=qr-template-created");

      const list = await owner.get("/qr-templates");
      const text = visibleText(list.body);
      expect(text).toMatch(/Cartaz azul Posição X 300 px Posição Y 150 px Tamanho 150 px/);
      // A new template is not the posters' default by itself.
      expect(text).not.toContain("Padrão dos cartazes");
      expect(text).toContain("Usar como padrão");
      templateId = /\/qr-templates\/edit\/([0-9a-f-]{36})/.exec(list.body)?.[1] ?? "";
      expect(templateId).toMatch(UUID);
      // The background is a re-encoded upload of ours, served from /media.
      const thumb = /href="(\/media\/[0-9a-f-]+-thumb\.webp)"/.exec(list.body)?.[1] ?? "";
      expect((await download(owner, thumb)).headers.get("content-type")).toBe("image/webp");
    });

    it("answers a refusal with its status and message, and stores nothing", async () => {
      const noImage = await postMultipart(owner, "/qr-templates/new", {
        name: "Sem imagem",
        positionX: "0",
        positionY: "0",
        size: "100",
      });
      expect(noImage.status).toBe(400);
      expect(noImage.body).toContain("Escolha a imagem de fundo do template.");

      const notAnImage = await postMultipart(
        owner,
        "/qr-templates/new",
        { name: "Não é imagem", size: "100" },
        {
          name: "fundo.png",
          type: "image/png",
          bytes: new TextEncoder().encode("isto não é uma imagem"),
        },
      );
      expect(notAnImage.status).toBe(400);
      expect(notAnImage.body).toContain("Envie uma imagem (JPG, PNG, WebP, GIF ou HEIC).");

      const outOfRange = await postMultipart(
        owner,
        "/qr-templates/new",
        { name: "Fora", positionX: "501", positionY: "0", size: "20" },
        await background(),
      );
      expect(outOfRange.status).toBe(400);
      expect(outOfRange.body).toContain("A posição X deve ser um número inteiro de 0 a 500.");
      expect(outOfRange.body).toContain("O tamanho deve ser um número inteiro de 50 a 300.");

      const noName = await postMultipart(owner, "/qr-templates/new", { name: "   " }, await background());
      expect(noName.status).toBe(400);
      expect(noName.body).toContain("Dê um nome ao template.");

      const list = await owner.get("/qr-templates");
      expect(list.body.match(/\/qr-templates\/edit\//g)).toHaveLength(1);
    });

    it("edit shows the saved values and saves new ones with 'Template atualizado'", async () => {
      const page = await owner.get(`/qr-templates/edit/${templateId}`);
      expect(page.status).toBe(200);
      for (const [name, value] of [
        ["name", "Cartaz azul"],
        ["positionX", "300"],
        ["positionY", "150"],
        ["size", "150"],
      ]) {
        expect(page.body).toMatch(new RegExp(`<input[^>]*name="${name}"[^>]*value="${value}"`));
      }
      const res = await postMultipart(owner, `/qr-templates/edit/${templateId}`, {
        name: "Cartaz da sala",
        positionX: "320",
        positionY: "140",
        size: "160",
      });
      expect(res.status).toBe(302);
      expect(res.setCookie).toContain("estadia_flash=qr-template-updated");
      expect(visibleText((await owner.get("/qr-templates")).body)).toMatch(
        /Cartaz da sala Posição X 320 px Posição Y 140 px Tamanho 160 px/,
      );
    });
  });

  describe("the posters' default, and where a new template puts the code", () => {
    const posterOf = (query: string) =>
      download(owner, `/properties/${running.shop.propertyId}/poster${query}`);

    it("until the host chooses one, posters use the built-in template, which says what the code is for", async () => {
      const [text = ""] = pdfText((await posterOf("?paper=a4")).bytes);
      expect(text).toContain(BUILT_IN_LINE);
      expect(text).not.toContain(POSTER_LINE);
      const [named = ""] = pdfText((await posterOf("?template=padrao&paper=a5")).bytes);
      expect(named).toContain(BUILT_IN_LINE);
    });

    it("'Usar como padrão' makes the chosen template the one posters use, and the list says so", async () => {
      const res = await owner.post("/qr-templates", { intent: "default", id: templateId });
      expect(res.status).toBe(200);
      const text = visibleText((await owner.get("/qr-templates")).body);
      expect(text).toMatch(/Cartaz da sala Padrão dos cartazes/);
      expect(text).not.toContain("Usar como padrão");
      const poster = await posterOf("?format=png");
      const at = placementIn(readPng(poster.bytes));
      expect(Math.abs(at.x - 320)).toBeLessThanOrEqual(1);
      const [line = ""] = pdfText((await posterOf("?paper=a4")).bytes);
      expect(line).toContain(POSTER_LINE);
    });

    it("a new template starts with the code centred, at least 45 mm wide on A5, and leaves the default alone", async () => {
      // Posted as the form is before the host moves the code, without JavaScript: its starting numbers (centred
      // on a square stand-in); the server centres the code on the real image.
      const res = await postMultipart(
        owner,
        "/qr-templates/new",
        { name: "Centro", positionX: "159", positionY: "159", size: "182" },
        await background(),
      );
      expect(res.status).toBe(302);
      const list = (await owner.get("/qr-templates")).body;
      // The default comes first; the new one follows with its own 'Usar como padrão'.
      expect(visibleText(list)).toMatch(/Cartaz da sala Padrão dos cartazes .* Centro Posição X/);
      expect(visibleText(list)).toContain("Usar como padrão");
      const ids = [...list.matchAll(/\/qr-templates\/edit\/([0-9a-f-]{36})/g)].map((m) => m[1] ?? "");
      const centred = ids.find((id) => id !== templateId) ?? "";
      expect(centred).toMatch(UUID);

      const png = readPng((await posterOf(`?template=${centred}&format=png`)).bytes);
      const at = placementIn(png);
      expect(Math.abs(at.x + at.size / 2 - 250)).toBeLessThanOrEqual(1.5);
      expect(Math.abs(at.y + at.size / 2 - 375 / 2)).toBeLessThanOrEqual(1.5);
      const a5 = (await posterOf(`?template=${centred}&paper=a5`)).bytes;
      const page = renderPdfPage(a5, 1, 150);
      expect(zbarDecode(page)).toEqual([shopUrl]);
      const tileMm = (placementIn(readPng(page)).tile.width / 150) * 25.4;
      expect(tileMm).toBeGreaterThanOrEqual(45);
      expect(tileMm).toBeLessThan(50);

      // The default did not move to the newest.
      expect(
        Math.abs(placementIn(readPng((await posterOf("?format=png")).bytes)).x - 320),
      ).toBeLessThanOrEqual(1);
      expect((await owner.post("/qr-templates", { intent: "delete", id: centred })).status).toBe(200);
    });
  });

  describe("the property's QR code", () => {
    it("downloads as PNG and SVG, both decoding to the shop's address", async () => {
      const png = await download(owner, `/properties/${running.shop.propertyId}/qr.png`);
      expect(png.status).toBe(200);
      expect(png.headers.get("content-type")).toBe("image/png");
      expect(png.headers.get("content-disposition")).toMatch(
        /^attachment; filename="qr-code-casa-[\w-]+\.png"$/,
      );
      const raster = readPng(png.bytes);
      // About 6 cm at 300 dpi, with whole-pixel modules.
      expect(raster.width).toBeGreaterThanOrEqual(700);
      expect(decodeQr(raster)?.text).toBe(shopUrl);

      const svg = await download(owner, `/properties/${running.shop.propertyId}/qr.svg`);
      expect(svg.headers.get("content-type")).toBe("image/svg+xml");
      expect(svg.text).toContain('width="60mm"');
      expect(decodeQr(await rasterize(svg.bytes, 600))?.text).toBe(shopUrl);
    });

    it("is made with error correction H and a quiet zone of 4 modules", async () => {
      const png = readPng((await download(owner, `/properties/${running.shop.propertyId}/qr.png`)).bytes);
      const modules = QRCode.create(shopUrl, { errorCorrectionLevel: "H" }).modules.size;
      const decoded = decodeQr(png);
      const module = png.width / (modules + 8);
      // The code starts 4 modules in; a lower correction level would need fewer modules for this address.
      expect(Math.abs((decoded?.corners.topLeft.x ?? 0) - 4 * module)).toBeLessThanOrEqual(module / 2);
      expect(Number.isInteger(module)).toBe(true);
    });
  });

  describe("posters", () => {
    it("as PNG: the code decodes to the shop and sits at X, Y and size of the 500-px-wide image", async () => {
      const res = await download(
        owner,
        `/properties/${running.shop.propertyId}/poster?template=${templateId}&format=png`,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      const raster = readPng(res.bytes);
      expect(decodeQr(raster)?.text).toBe(shopUrl);
      const at = placementIn(raster);
      expect(at.aspect).toBeCloseTo(0.75, 2);
      expect(at.square).toBe(true);
      expect(Math.abs(at.x - 320)).toBeLessThanOrEqual(1);
      expect(Math.abs(at.y - 140)).toBeLessThanOrEqual(1);
      expect(Math.abs(at.size - 160)).toBeLessThanOrEqual(1);
    });

    for (const paper of ["a4", "a5"] as const) {
      it(`as an ${paper.toUpperCase()} PDF rendered by poppler: same code at the same place, name and line printed`, async () => {
        const res = await download(
          owner,
          `/properties/${running.shop.propertyId}/poster?template=${templateId}&paper=${paper}`,
        );
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("application/pdf");
        expect(res.headers.get("content-disposition")).toMatch(
          new RegExp(`^inline; filename="cartaz-casa-[\\w-]+-${paper}\\.pdf"$`),
        );
        const doc = await PDFDocument.load(res.bytes);
        expect(doc.getPageCount()).toBe(1);
        expect(doc.getPage(0).getSize()).toEqual(
          paper === "a4" ? { width: 595.28, height: 841.89 } : { width: 419.53, height: 595.28 },
        );

        const page = renderPdfPage(res.bytes, 1, 150);
        const raster = readPng(page);
        expect(decodeQr(raster)?.text).toBe(shopUrl);
        expect(zbarDecode(page)).toEqual([shopUrl]);
        const at = placementIn(raster);
        // Rendered at 150 dpi: a pixel of the page is about 1/2.3 of a preview px on A4.
        expect(at.square).toBe(true);
        expect(Math.abs(at.x - 320)).toBeLessThanOrEqual(1.5);
        expect(Math.abs(at.y - 140)).toBeLessThanOrEqual(1.5);
        expect(Math.abs(at.size - 160)).toBeLessThanOrEqual(1.5);

        const [text = ""] = pdfText(res.bytes);
        expect(text).toContain("Casa ");
        expect(text).toContain(POSTER_LINE);
      });
    }

    it("'Imprimir todos': one PDF with a page per property, each carrying its own property's code", async () => {
      const res = await download(owner, "/properties/posters?template=padrao&paper=a4");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toBe('inline; filename="cartazes-a4.pdf"');
      const doc = await PDFDocument.load(res.bytes);
      expect(doc.getPageCount()).toBe(2);
      const decoded = [1, 2].map((n) => decodeQr(readPng(renderPdfPage(res.bytes, n, 100)))?.text);
      const list = (await owner.get("/properties")).body;
      const links = [...list.matchAll(/data-testid="guest-link"[^>]*>([^<]+)</g)].map((m) => m[1]);
      expect(decoded.sort()).toEqual(links.sort());
      expect(decoded).toContain(shopUrl);
      const pages = pdfText(res.bytes);
      expect(pages.some((p) => p.includes("Chalé Dois"))).toBe(true);
    });
  });

  describe("'Gerar novo link'", () => {
    it("moves the shop to a new address: the old one answers 404 'Imóvel não encontrado', the new one opens the shop", async () => {
      const property = secondPropertyId;
      const before = await download(owner, `/properties/${property}/qr.png`);
      const oldUrl = decodeQr(readPng(before.bytes))?.text ?? "";
      expect(oldUrl).toMatch(/\/i\/[A-Za-z0-9_-]{22}$/);
      expect((await fetch(oldUrl)).status).toBe(200);

      const res = await owner.post("/properties", { intent: "new-link", id: property });
      expect(res.status).toBe(200);
      const after = await download(owner, `/properties/${property}/qr.png`);
      const newUrl = decodeQr(readPng(after.bytes))?.text ?? "";
      expect(newUrl).toMatch(/\/i\/[A-Za-z0-9_-]{22}$/);
      expect(newUrl).not.toBe(oldUrl);

      // A first scan's page is shared for a second: the old address stops answering within that.
      const deadline = Date.now() + 5_000;
      let old = await fetch(oldUrl);
      while (old.status !== 404 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        old = await fetch(oldUrl);
      }
      expect(old.status).toBe(404);
      expect(visibleText(await old.text())).toContain("Imóvel não encontrado");
      const fresh = await fetch(newUrl);
      expect(fresh.status).toBe(200);
      expect(visibleText(await fresh.text())).toContain("Chalé Dois");

      // And the posters printed from now on carry the new address.
      const poster = await download(owner, `/properties/${property}/poster?format=png`);
      expect(decodeQr(readPng(poster.bytes))?.text).toBe(newUrl);
    });
  });

  describe("another host", () => {
    it("gets 404 for the template's edit page, its poster, its update and its delete; nothing of it changes", async () => {
      const edit = await stranger.get(`/qr-templates/edit/${templateId}`);
      expect(edit.status).toBe(404);
      expect(visibleText(edit.body)).toContain("Não foi possível carregar o template");
      expect(edit.body).not.toContain("/media/");

      const poster = await download(
        stranger,
        `/properties/${strangerPropertyId}/poster?template=${templateId}`,
      );
      expect(poster.status).toBe(404);
      expect(poster.text).toBe("Template não encontrado");
      const pngPoster = await download(
        stranger,
        `/properties/${strangerPropertyId}/poster?template=${templateId}&format=png`,
      );
      expect(pngPoster.status).toBe(404);

      const update = await postMultipart(stranger, `/qr-templates/edit/${templateId}`, {
        name: "Meu",
        size: "50",
      });
      expect(update.status).toBe(404);
      expect((await stranger.post("/qr-templates", { intent: "default", id: templateId })).status).toBe(404);
      const remove = await stranger.post("/qr-templates", { intent: "delete", id: templateId });
      expect(remove.status).toBe(404);

      const list = await stranger.get("/qr-templates");
      expect(visibleText(list.body)).toContain("Nenhum template encontrado");
      expect(list.body).not.toContain(templateId);
      expect(visibleText((await owner.get("/qr-templates")).body)).toMatch(
        /Posição X 320 px Posição Y 140 px Tamanho 160 px/,
      );
    });

    it("gets 404 for the host's property QR code, poster and new link", async () => {
      const id = running.shop.propertyId;
      for (const path of [
        `/properties/${id}/qr.png`,
        `/properties/${id}/qr.svg`,
        `/properties/${id}/poster`,
      ]) {
        const res = await download(stranger, path);
        expect(res.status, path).toBe(404);
        expect(res.text).toBe("Imóvel não encontrado");
      }
      expect((await stranger.post("/properties", { intent: "new-link", id })).status).toBe(404);
      expect((await fetch(shopUrl)).status).toBe(200);
    });
  });

  describe("staff (catalog.read only)", () => {
    it("see the templates read-only: no 'Novo Template', 'Editar' or 'Excluir'", async () => {
      const list = await staff.get("/qr-templates");
      expect(list.status).toBe(200);
      const text = visibleText(list.body);
      expect(text).toMatch(/Posição X 320 px Posição Y 140 px Tamanho 160 px/);
      for (const action of ["Novo Template", "Editar", "Excluir", "Usar como padrão"]) {
        expect(text).not.toContain(action);
      }
      expect(list.body).not.toContain("/qr-templates/new");
    });

    it("are refused the form pages and every change (403), and nothing changes", async () => {
      expect((await staff.get("/qr-templates/new")).status).toBe(403);
      expect((await staff.get(`/qr-templates/edit/${templateId}`)).status).toBe(403);
      const create = await postMultipart(staff, "/qr-templates/new", { size: "100" }, await background());
      expect(create.status).toBe(403);
      const update = await postMultipart(staff, `/qr-templates/edit/${templateId}`, { size: "50" });
      expect(update.status).toBe(403);
      expect((await staff.post("/qr-templates", { intent: "delete", id: templateId })).status).toBe(403);
      expect((await staff.post("/qr-templates", { intent: "default", id: templateId })).status).toBe(403);
      expect(
        (await staff.post("/properties", { intent: "new-link", id: running.shop.propertyId })).status,
      ).toBe(403);
      const list = await owner.get("/qr-templates");
      expect(list.body.match(/\/qr-templates\/edit\//g)).toHaveLength(1);
      expect((await fetch(shopUrl)).status).toBe(200);
    });

    it("may print posters", async () => {
      const res = await download(
        staff,
        `/properties/${running.shop.propertyId}/poster?template=${templateId}&format=png`,
      );
      expect(res.status).toBe(200);
      expect(decodeQr(readPng(res.bytes))?.text).toBe(shopUrl);
    });
  });

  describe("deleting a template", () => {
    it("removes it and its stored image; posters then use the default", async () => {
      const list = (await owner.get("/qr-templates")).body;
      const thumb = /href="(\/media\/[0-9a-f-]+-thumb\.webp)"/.exec(list)?.[1] ?? "";
      const res = await owner.post("/qr-templates", { intent: "delete", id: templateId });
      expect(res.status).toBe(200);
      const empty = visibleText((await owner.get("/qr-templates")).body);
      expect(empty).toContain("Nenhum template encontrado");
      expect(empty).toContain("Criar Primeiro Template");
      expect((await download(owner, thumb)).status).toBe(404);
      const gone = await download(
        owner,
        `/properties/${running.shop.propertyId}/poster?template=${templateId}`,
      );
      expect(gone.status).toBe(404);
      const byDefault = await download(owner, `/properties/${running.shop.propertyId}/poster?format=png`);
      expect(decodeQr(readPng(byDefault.bytes))?.text).toBe(shopUrl);
      const [text = ""] = pdfText(
        (await download(owner, `/properties/${running.shop.propertyId}/poster`)).bytes,
      );
      expect(text).toContain(BUILT_IN_LINE);
    });
  });
});
