// With DATABASE_URL the built app keeps media in PostgreSQL (ADR 0028): what one instance stored is served
// from the table, with the same headers as from files, and nothing lands in the data folder.
import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { createPostgresStorage } from "~/platform/storage/postgres-storage.server";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { expectServedMedia } from "../support/served-media";
import { type RunningServer, removeDir, startServer } from "../support/server-process";

const available = await postgresAvailable();

describe.runIf(available)("/media on the built app with DATABASE_URL", () => {
  let database: ThrowawayDatabase;
  let server: RunningServer;
  let handle: DatabaseHandle;
  const key = "5a1e0000-2222-4333-8444-955566677788.webp";

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    server = await startServer({ DATABASE_URL: database.url });
    // The server migrated the database at start; the test writes as another instance would.
    handle = await connectDatabase({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await server?.stop();
    if (server) removeDir(server.dataDir);
    await handle?.close();
    await database?.drop();
  });

  it("serves the bytes stored in PostgreSQL, cacheable forever, and 404 once deleted", async () => {
    const webp = await sharp({ create: { width: 12, height: 8, channels: 3, background: "#5a1e00" } })
      .webp()
      .toBuffer();
    const storage = createPostgresStorage(async () => handle.db);
    await storage.put(key, webp, "image/webp");

    const res = await fetch(`${server.url}/media/${key}`);
    await expectServedMedia(res, webp);
    expect(existsSync(path.join(server.dataDir, "media"))).toBe(false);

    await storage.delete(key);
    const gone = await fetch(`${server.url}/media/${key}`);
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
  });
});
