import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { discardImage, readImageInput } from "~/domain/images/image-input.server";
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from "~/domain/images/image-limits";
import { createLocalStorage, mediaStorage } from "~/platform/storage/storage.server";

// env() is read lazily on first use, so the storage under test lives in this temp DATA_DIR.
const dataDir = mkdtempSync(path.join(tmpdir(), "estadia-images-"));
process.env.DATA_DIR = dataDir;
const mediaDir = path.join(dataDir, "media");

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  rmSync(mediaDir, { recursive: true, force: true });
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const stored = () => (existsSync(mediaDir) ? readdirSync(mediaDir).sort() : []);

function form(fields: Record<string, string | File>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const file = (bytes: Uint8Array | string, name: string, type = "image/jpeg") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

function keyOf(value: string): string {
  expect(value).toMatch(/^\/media\/[0-9a-f-]{36}(-thumb)?\.webp$/);
  return value.replace("/media/", "");
}

function refusedWith(message: string) {
  return { name: "AppError", kind: "invalid", message, fieldErrors: { image: message } };
}

/** A valid 1-bit grayscale PNG: a few KB on disk, `width × height` pixels once decoded. */
function sparsePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, grayscale, deflate, no filter, no interlace
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height); // each row: filter byte 0 + zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const exif = {
  IFD0: { Copyright: "Fulano de Tal", Make: "CelularX" },
  IFD3: { GPSLatitudeRef: "S", GPSLatitude: "23/1 33/1 0/1", GPSLongitudeRef: "W" },
};

describe("an uploaded photo", () => {
  it("is re-encoded to WebP, longest side 1600 px, no EXIF/GPS left, with a 400 px thumbnail", async () => {
    const png = await sharp({ create: { width: 3200, height: 2400, channels: 3, background: "#3a7" } })
      .png()
      .withExif(exif)
      .toBuffer();
    expect((await sharp(png).metadata()).exif?.toString("latin1")).toContain("Fulano");

    const value = await readImageInput(form({ imageFile: file(png, "casa.png", "image/png") }));
    if (!value) throw new Error("expected an image");
    const imageKey = keyOf(value.image);
    const thumbKey = keyOf(value.imageThumb);
    expect(thumbKey).toBe(imageKey.replace(".webp", "-thumb.webp"));
    expect(stored()).toEqual([imageKey, thumbKey].sort());

    const image = readFileSync(path.join(mediaDir, imageKey));
    const meta = await sharp(image).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1600, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    for (const secret of ["Fulano", "CelularX", "GPS"]) expect(image.includes(secret)).toBe(false);

    const thumb = await sharp(readFileSync(path.join(mediaDir, thumbKey))).metadata();
    expect(thumb).toMatchObject({ format: "webp", width: 400, height: 300 });
    expect(thumb.exif).toBeUndefined();
  });

  it("is turned upright by its EXIF orientation and never enlarged", async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#c33" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif(exif)
      .toBuffer();
    const value = await readImageInput(form({ imageFile: file(jpeg, "IMG_0001.JPG") }));
    if (!value) throw new Error("expected an image");
    const meta = await sharp(readFileSync(path.join(mediaDir, keyOf(value.image)))).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 200, height: 300 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it.each([
    ["GIF", "gif"],
    ["AVIF", "avif"],
    ["WebP", "webp"],
  ] as const)("accepts a %s", async (_label, format) => {
    const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#08f" } })
      .toFormat(format)
      .toBuffer();
    const value = await readImageInput(form({ imageFile: file(bytes, `foto.${format}`, "") }));
    expect(value?.image).toMatch(/^\/media\/.+\.webp$/);
    expect(stored()).toHaveLength(2);
  });

  it("wins over a URL given in the same form", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const value = await readImageInput(
      form({ imageFile: file(png, "a.png"), imageUrl: "https://example.com/a.jpg", imageRemove: "1" }),
    );
    expect(value?.image).toMatch(/^\/media\//);
  });
});

describe("a refused upload stores nothing", () => {
  it("refuses a text file named .jpg and sent as image/jpeg", async () => {
    const fake = file("isto não é uma foto\n".repeat(50), "foto.jpg", "image/jpeg");
    await expect(readImageInput(form({ imageFile: fake }))).rejects.toMatchObject(
      refusedWith(IMAGE_MESSAGES.notImage),
    );
    expect(stored()).toEqual([]);
  });

  it("refuses an SVG, even a valid one", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    await expect(
      readImageInput(form({ imageFile: file(svg, "logo.png", "image/png") })),
    ).rejects.toMatchObject(refusedWith(IMAGE_MESSAGES.notImage));
    expect(stored()).toEqual([]);
  });

  it("refuses a truncated JPEG as corrupt", async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c33" } })
      .jpeg()
      .toBuffer();
    const cut = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    await expect(readImageInput(form({ imageFile: file(cut, "foto.jpg") }))).rejects.toMatchObject(
      refusedWith(IMAGE_MESSAGES.corrupt),
    );
    expect(stored()).toEqual([]);
  });

  it("refuses a file over 10 MB", async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    await expect(readImageInput(form({ imageFile: file(big, "grande.jpg") }))).rejects.toMatchObject(
      refusedWith(IMAGE_MESSAGES.tooLarge),
    );
    expect(stored()).toEqual([]);
  });

  it("refuses an image over 40 megapixels however few bytes it takes", async () => {
    const png = sparsePng(8000, 6000);
    expect(png.length).toBeLessThan(100_000);
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 8000, height: 6000 });
    await expect(
      readImageInput(form({ imageFile: file(png, "bomba.png", "image/png") })),
    ).rejects.toMatchObject(refusedWith(IMAGE_MESSAGES.tooManyPixels));
    expect(stored()).toEqual([]);
  });

  // Past sharp's own default limit (268 megapixels) even reading the header used to fail, as 'corrupt'.
  it("gives a 400-megapixel image the pixel-limit message, not the corrupt-file one", async () => {
    const png = sparsePng(20_000, 20_000);
    expect(png.length).toBeLessThan(200_000);
    await expect(
      readImageInput(form({ imageFile: file(png, "enorme.png", "image/png") })),
    ).rejects.toMatchObject(refusedWith(IMAGE_MESSAGES.tooManyPixels));
    expect(stored()).toEqual([]);
  });

  it("stores nothing when the storage fails half way", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const storage = mediaStorage();
    const put = storage.put;
    let calls = 0;
    storage.put = async (key, bytes, type) => {
      if (++calls === 2) throw new Error("disco cheio");
      return put(key, bytes, type);
    };
    try {
      await expect(readImageInput(form({ imageFile: file(png, "a.png") }))).rejects.toThrow("disco cheio");
    } finally {
      storage.put = put;
    }
    expect(stored()).toEqual([]);
  });
});

describe("an image URL", () => {
  it("accepts an absolute https URL, used for both the image and the thumbnail", async () => {
    const url = "https://cdn.example.com/fotos/café.jpg?w=800";
    const value = await readImageInput(form({ imageUrl: `  ${url} ` }));
    expect(value).toEqual({ image: new URL(url).href, imageThumb: new URL(url).href });
    expect(stored()).toEqual([]);
  });

  it.each([
    "http://example.com/a.jpg",
    "javascript:alert(1)",
    "data:image/png;base64,AAAA",
    "//example.com/a.jpg",
    "/media/abc.webp",
    "example.com/a.jpg",
    `https://example.com/${"a".repeat(2000)}.jpg`,
  ])("refuses %s", async (url) => {
    await expect(readImageInput(form({ imageUrl: url }))).rejects.toMatchObject(
      refusedWith(IMAGE_MESSAGES.badUrl),
    );
  });
});

describe("what the form asks for", () => {
  it("leaves the image as it is when nothing is given (an empty file input posts an empty File)", async () => {
    expect(await readImageInput(form({}))).toBeUndefined();
    expect(
      await readImageInput(form({ imageFile: file("", "", "application/octet-stream"), imageUrl: " " })),
    ).toBe(undefined);
  });

  it("removes it with imageRemove=1", async () => {
    expect(await readImageInput(form({ imageRemove: "1", imageUrl: "" }))).toBeNull();
  });

  it("refuses a photo field that arrived as text (a form without multipart), saying so", async () => {
    await expect(readImageInput(form({ imageFile: "foto.jpg" }))).rejects.toMatchObject(
      refusedWith(IMAGE_MESSAGES.notAFile),
    );
    expect(stored()).toEqual([]);
  });
});

describe("discardImage", () => {
  it("deletes both stored files of a replaced upload", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const value = await readImageInput(form({ imageFile: file(png, "a.png") }));
    expect(stored()).toHaveLength(2);
    await discardImage(value);
    expect(stored()).toEqual([]);
  });

  it("leaves outside URLs, odd values and other files alone", async () => {
    writeFileSync(path.join(dataDir, "auth-secret"), "segredo");
    await mediaStorage().put("outra.webp", Buffer.from("x"), "image/webp");
    await discardImage({ image: "https://example.com/a.jpg", imageThumb: "https://example.com/a.jpg" });
    await discardImage({ image: "/media/../auth-secret", imageThumb: "/media/%2e%2e%2fauth-secret" });
    await discardImage(null);
    await discardImage(undefined);
    expect(stored()).toEqual(["outra.webp"]);
    expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(true);
  });
});

describe("the local media storage", () => {
  it("puts, gets and deletes by key", async () => {
    const storage = createLocalStorage(mediaDir);
    await storage.put("abc-123.webp", Buffer.from("webp"), "image/webp");
    expect(await storage.get("abc-123.webp")).toEqual({
      bytes: Buffer.from("webp"),
      contentType: "image/webp",
    });
    await storage.delete("abc-123.webp");
    expect(await storage.get("abc-123.webp")).toBeNull();
    await storage.delete("abc-123.webp");
  });

  it("keeps every key inside its folder", async () => {
    writeFileSync(path.join(dataDir, "auth-secret.webp"), "segredo");
    const storage = createLocalStorage(mediaDir);
    for (const key of [
      "../auth-secret.webp",
      "..%2fauth-secret.webp",
      "a/b.webp",
      "/etc/passwd",
      ".webp",
      "A.webp",
    ]) {
      expect(await storage.get(key)).toBeNull();
      await expect(storage.put(key, Buffer.from("x"), "image/webp")).rejects.toThrow(/invalid media key/);
      await expect(storage.delete(key)).rejects.toThrow(/invalid media key/);
    }
    expect(readFileSync(path.join(dataDir, "auth-secret.webp"), "utf8")).toBe("segredo");
  });

  it("only stores what it can serve as image/webp", async () => {
    await expect(
      createLocalStorage(mediaDir).put("a.webp", Buffer.from("<svg/>"), "image/svg+xml"),
    ).rejects.toThrow(/unsupported media type/);
    expect(stored()).toEqual([]);
  });
});
