// The three media stores answer the same (ADR 0028): local files, the database's table (on PostgreSQL and
// on PGlite) and an S3-compatible bucket (s3rver, started here). Then copies between them, verified.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { parseEnv, type S3Config } from "~/platform/env.server";
import { copyMedia, MediaMismatchError, verifyMedia } from "~/platform/storage/copy-media.server";
import { createLocalStorage } from "~/platform/storage/local-storage.server";
import type { MediaStorage } from "~/platform/storage/media-storage";
import { createPostgresStorage } from "~/platform/storage/postgres-storage.server";
import { createS3Storage } from "~/platform/storage/s3-storage.server";
import { freePort } from "../support/free-port";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";

// s3rver ships no types: the little used here.
type S3rver = { run(): Promise<unknown>; close(): Promise<unknown> };
const S3rverClass = createRequire(import.meta.url)("s3rver") as new (options: object) => S3rver;

const available = await postgresAvailable();
const TYPE = "image/webp";

let tempRoot: string;
let s3rver: S3rver;
let s3Port: number;
let pgDatabase: ThrowawayDatabase | undefined;
const handles: DatabaseHandle[] = [];

beforeAll(async () => {
  tempRoot = mkdtempSync(path.join(tmpdir(), "estadia-media-"));
  s3Port = await freePort();
  s3rver = new S3rverClass({
    address: "127.0.0.1",
    port: s3Port,
    silent: true,
    directory: path.join(tempRoot, "s3"),
    configureBuckets: [{ name: "contract" }, { name: "copies" }],
  });
  await s3rver.run();
});

afterAll(async () => {
  await s3rver?.close();
  for (const handle of handles) await handle.close();
  await pgDatabase?.drop();
  rmSync(tempRoot, { recursive: true, force: true });
});

const s3Config = (bucket: string): S3Config => ({
  bucket,
  region: "us-east-1",
  endpoint: `http://127.0.0.1:${s3Port}`,
  accessKeyId: "S3RVER",
  secretAccessKey: "S3RVER",
  forcePathStyle: true,
});

const localStore = (name: string) => createLocalStorage(path.join(tempRoot, name));

async function databaseStore(kind: "postgres" | "pglite"): Promise<MediaStorage> {
  if (kind === "postgres") pgDatabase ??= await createThrowawayDatabase();
  const handle = await connectDatabase(kind === "postgres" ? { databaseUrl: pgDatabase?.url } : {});
  handles.push(handle);
  await migrateDatabase(handle);
  return createPostgresStorage(async () => handle.db);
}

const bytes = (text: string) => Buffer.from(`RIFF${text}WEBP`);
let serial = 0;
const newKey = () => `${Date.now().toString(36)}-${(serial++).toString(36)}.webp`;

async function listed(storage: MediaStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.keys()) keys.push(key);
  return keys.sort();
}

const stores: [string, boolean, () => Promise<MediaStorage>][] = [
  ["local", true, async () => localStore("contract")],
  ["s3", true, async () => createS3Storage(s3Config("contract"))],
  ["postgres", available, () => databaseStore("postgres")],
  ["postgres on PGlite", true, () => databaseStore("pglite")],
];

describe.each(stores)("the %s media store", (_name, runs, make) => {
  let storage: MediaStorage;
  beforeAll(async () => {
    if (runs) storage = await make();
  });

  it.runIf(runs)("lists nothing when empty, then exactly what is stored", async () => {
    expect(await listed(storage)).toEqual([]);
    const [a, b, c] = [newKey(), newKey(), newKey()];
    for (const key of [a, b, c]) await storage.put(key, bytes(key), TYPE);
    await storage.delete(b);
    expect(await listed(storage)).toEqual([a, c].sort());
  });

  it.runIf(runs)("gives back the bytes put, as WebP, and the newest bytes after an overwrite", async () => {
    const key = newKey();
    await storage.put(key, bytes("first"), TYPE);
    expect(await storage.get(key)).toEqual({ bytes: bytes("first"), contentType: TYPE });
    await storage.put(key, bytes("second"), TYPE);
    const got = await storage.get(key);
    expect(got?.bytes.equals(bytes("second"))).toBe(true);
  });

  it.runIf(runs)("answers null for a missing or deleted key, and deleting twice is fine", async () => {
    const key = newKey();
    expect(await storage.get(key)).toBeNull();
    expect(await storage.get("../auth-secret")).toBeNull();
    await storage.put(key, bytes("gone"), TYPE);
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it.runIf(runs)("refuses invalid keys and other content types, storing nothing", async () => {
    const before = await listed(storage);
    for (const key of ["../escape.webp", "Upper.webp", "photo.png", "a/b.webp", ".webp", ""]) {
      await expect(storage.put(key, bytes("x"), TYPE)).rejects.toThrow(/invalid media key/);
      await expect(storage.delete(key)).rejects.toThrow(/invalid media key/);
    }
    for (const type of ["image/png", "image/svg+xml", "text/html"]) {
      await expect(storage.put(newKey(), bytes("x"), type)).rejects.toThrow(/unsupported media type/);
    }
    expect(await listed(storage)).toEqual(before);
  });
});

describe("copying media between stores", () => {
  it("copies local → s3 → database, skips what is already there, and verifies every object", async () => {
    const local = localStore("copy-source");
    const s3 = createS3Storage(s3Config("copies"));
    const db = await databaseStore(available ? "postgres" : "pglite");
    for await (const key of db.keys()) await db.delete(key);
    const keys = [newKey(), newKey(), newKey()];
    for (const key of keys) await local.put(key, bytes(key), TYPE);

    expect(await copyMedia(local, s3)).toEqual({ copied: 3, skipped: 0, verified: 3 });
    expect(await copyMedia(local, s3)).toEqual({ copied: 0, skipped: 3, verified: 3 });
    expect(await copyMedia(s3, db)).toEqual({ copied: 3, skipped: 0, verified: 3 });
    expect(await listed(db)).toEqual(keys.sort());
    for (const key of keys) expect((await db.get(key))?.bytes.equals(bytes(key))).toBe(true);
  });

  it("catches a target that does not hold what was copied", async () => {
    const source = localStore("corrupt-source");
    const keys = [newKey(), newKey(), newKey()];
    for (const key of keys) await source.put(key, bytes(key), TYPE);

    // A store that mangles what it is given is caught by the copy itself.
    const real = localStore("corrupt-target");
    const mangling: MediaStorage = {
      ...real,
      put: (key, data, type) => real.put(key, Buffer.concat([data, Buffer.from("!")]), type),
    };
    const refused = await copyMedia(source, mangling).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(MediaMismatchError);
    expect((refused as MediaMismatchError).keys.sort()).toEqual(keys.sort());

    // A good copy damaged afterwards (one object rewritten, one lost) fails verification.
    const target = localStore("damaged-target");
    await copyMedia(source, target);
    const [damaged, lost] = keys as [string, string, string];
    writeFileSync(path.join(tempRoot, "damaged-target", damaged), bytes("other"));
    await target.delete(lost);
    const failed = await verifyMedia(source, target).catch((err: unknown) => err);
    expect((failed as MediaMismatchError).keys.sort()).toEqual([damaged, lost].sort());
  });
});

describe("choosing the media store (MEDIA_STORAGE)", () => {
  const parse = (vars: Record<string, string>) => parseEnv({ NODE_ENV: "development", ...vars }).media;
  const S3_VARS = { S3_BUCKET: "fotos", S3_ACCESS_KEY_ID: "AKIA", S3_SECRET_ACCESS_KEY: "segredo-0123" };

  it("defaults to postgres with DATABASE_URL and to local without", () => {
    expect(parse({}).kind).toBe("local");
    expect(parse({ DATABASE_URL: "postgres://db/estadia" }).kind).toBe("postgres");
    expect(parse({ DATABASE_URL: "postgres://db/estadia", MEDIA_STORAGE: "local" }).kind).toBe("local");
  });

  it("reads the bucket settings, with their defaults", () => {
    expect(parse({ MEDIA_STORAGE: "s3", ...S3_VARS })).toEqual({
      kind: "s3",
      s3: {
        bucket: "fotos",
        region: "us-east-1",
        endpoint: undefined,
        accessKeyId: "AKIA",
        secretAccessKey: "segredo-0123",
        forcePathStyle: false,
      },
    });
    const minio = parse({ ...S3_VARS, S3_ENDPOINT: "http://minio:9000/", S3_FORCE_PATH_STYLE: "true" });
    expect(minio.kind).toBe("local");
    expect(minio.s3).toMatchObject({ endpoint: "http://minio:9000", forcePathStyle: true });
  });

  it("stops the start naming what is wrong, never showing the secret", () => {
    expect(() => parse({ MEDIA_STORAGE: "s3" })).toThrow(
      /S3_BUCKET: required[\s\S]*S3_ACCESS_KEY_ID: required[\s\S]*S3_SECRET_ACCESS_KEY: required/,
    );
    expect(() => parse({ MEDIA_STORAGE: "disk" })).toThrow(/MEDIA_STORAGE:/);
    const bad = () => parse({ ...S3_VARS, S3_FORCE_PATH_STYLE: "yes", S3_ENDPOINT: "minio:9000" });
    expect(bad).toThrow(/S3_FORCE_PATH_STYLE: must be true or false/);
    expect(bad).toThrow(/S3_ENDPOINT: must be a URL/);
    expect(bad).not.toThrow(/segredo-0123/);
  });
});
