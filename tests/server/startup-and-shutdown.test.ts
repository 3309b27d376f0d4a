import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { connectDatabase } from "~/platform/db/connect.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { freePort } from "../support/free-port";
import { createThrowawayDatabase, postgresAvailable } from "../support/postgres";
import { removeDir, runServerExpectingExit, startServer, tempDataDir } from "../support/server-process";
import { shopFixture } from "../support/shop-fixtures";

/**
 * The folder's files, with their modification times outside the database itself: the first server's own
 * background jobs write to its database files at any moment, so there only the names must stay the same.
 */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .sort()
    .map((f) => (f.startsWith(`db${path.sep}`) ? f : `${f}:${statSync(path.join(dir, f)).mtimeMs}`));
}

describe("the PGlite data folder lock", () => {
  it("refuses a second process on the same folder, writes nothing, and the first keeps working", async () => {
    const first = await startServer();
    try {
      const before = snapshot(first.dataDir);
      const second = await runServerExpectingExit({ DATA_DIR: first.dataDir, PORT: String(first.port + 1) });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(
        `The data folder ${first.dataDir} is in use by process ${first.child.pid}`,
      );
      expect(second.stderr).not.toMatch(/\bat .*\.js:\d+/); // a message, not a stack trace
      expect(snapshot(first.dataDir)).toEqual(before);
      const res = await fetch(`${first.url}/healthz`);
      expect(await res.json()).toEqual({ status: "ok", db: "pglite" });
    } finally {
      await first.stop();
      removeDir(first.dataDir);
    }
  });

  it("takes over a lock left by a process that died", async () => {
    const dataDir = tempDataDir();
    const dead = { pid: 2 ** 22 + 12345, startTime: "1", host: hostname(), since: "2020-01-01T00:00:00Z" };
    writeFileSync(path.join(dataDir, "db.lock"), JSON.stringify(dead));
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const lock = JSON.parse(readFileSync(path.join(dataDir, "db.lock"), "utf8"));
      expect(lock.pid).toBe(server.child.pid);
    } finally {
      await server.stop();
      removeDir(dataDir);
    }
  });

  it("is refused to `npm run seed` and `npm run db:migrate` while the app holds the folder", async () => {
    const server = await startServer();
    try {
      for (const task of ["seed.ts", "migrate.ts"]) {
        const { spawnSync } = await import("node:child_process");
        const result = spawnSync(process.execPath, ["--import", "tsx", `scripts/${task}`], {
          env: { ...process.env, DATA_DIR: server.dataDir, NODE_ENV: "production" },
          encoding: "utf8",
        });
        expect(result.status).toBe(1);
        expect(result.stderr).toContain("is in use by process");
      }
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
      removeDir(server.dataDir);
    }
  });
});

describe("shutdown", () => {
  it("exits cleanly on SIGTERM and frees the data folder", async () => {
    const server = await startServer();
    expect(existsSync(path.join(server.dataDir, "db.lock"))).toBe(true);
    const code = await server.stop();
    expect(code).toBe(0);
    expect(existsSync(path.join(server.dataDir, "db.lock"))).toBe(false);
    const again = await startServer({ DATA_DIR: server.dataDir });
    await again.stop();
    removeDir(server.dataDir);
  });
});

describe("a bad environment value", () => {
  it.each([
    [{ PORT: "abc" }, "PORT: must be an integer between 1 and 65535"],
    [{ PORT: "70000" }, "PORT: must be an integer between 1 and 65535"],
    [{ APP_URL: "estadia.example.com" }, "APP_URL: must be an http(s) origin"],
    [{ DATABASE_URL: "mysql://root@localhost/estadia" }, "DATABASE_URL: must be a URL like postgres://"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL: must be a URL like smtp://"],
    [{ APP_URL: "https://estadia.example.com" }, "AUTH_SECRET: required in production"],
    [
      { APP_URL: "https://estadia.example.com", AUTH_SECRET: "a-test-secret-that-is-long-enough-0123456789" },
      "MERCADOPAGO_CLIENT_ID or ASAAS_API_KEY: required in production",
    ],
    [
      {
        APP_URL: "https://estadia.example.com",
        AUTH_SECRET: "a-test-secret-that-is-long-enough-0123456789",
        ENCRYPTION_KEY: "",
      },
      "ENCRYPTION_KEY: required in production",
    ],
    [{ ENCRYPTION_KEY: "too-short" }, "ENCRYPTION_KEY: must be 32 random bytes"],
    [{ MERCADOPAGO_CLIENT_ID: "123" }, "MERCADOPAGO_CLIENT_SECRET: required to offer Mercado Pago"],
  ])("stops the start with a message naming the variable (%o)", async (env, message) => {
    const dataDir = tempDataDir();
    try {
      const result = await runServerExpectingExit({ DATA_DIR: dataDir, PORT: "8089", ...env });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("Invalid configuration");
      expect(result.stderr).toContain(message);
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      removeDir(dataDir);
    }
  });
});

describe("a database that cannot be reached", () => {
  it("stops the start with a message naming DATABASE_URL, not a stack trace, and no password", async () => {
    const closedPort = await freePort();
    const dataDir = tempDataDir();
    try {
      const result = await runServerExpectingExit({
        DATA_DIR: dataDir,
        PORT: "8089",
        DATABASE_URL: `postgres://estadia:segredo-do-banco@127.0.0.1:${closedPort}/estadia`,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("Estadia did not start.");
      expect(result.stderr).toContain(
        `Could not connect to the database in DATABASE_URL (127.0.0.1:${closedPort}/estadia)`,
      );
      expect(result.stderr).toContain("ECONNREFUSED");
      expect(result.stderr).not.toMatch(/\bat .*\.js:\d+/); // a message, not a stack trace
      expect(result.stderr + result.stdout).not.toContain("segredo-do-banco");
    } finally {
      removeDir(dataDir);
    }
  });
});

describe.runIf(await postgresAvailable())(
  "an encryption key that does not open the stored credentials",
  () => {
    it("stops the start with a message naming ENCRYPTION_KEY, not a stack trace", async () => {
      const database = await createThrowawayDatabase();
      try {
        // A host's payment account, sealed with the key of the test process (ENCRYPTION_KEY, vitest.config.ts).
        const handle = await connectDatabase({ databaseUrl: database.url });
        try {
          await migrateDatabase(handle);
          await shopFixture(handle.db, []);
        } finally {
          await handle.close();
        }
        const other = randomBytes(32).toString("base64");
        const refused = await runServerExpectingExit({
          DATABASE_URL: database.url,
          PORT: String(await freePort()),
          ENCRYPTION_KEY: other,
        });
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain("Estadia did not start.");
        expect(refused.stderr).toContain(
          "ENCRYPTION_KEY does not open the credentials this database holds: they were sealed with another key.",
        );
        expect(refused.stderr).not.toMatch(/\bat .*\.js:\d+/); // a message, not a stack trace
        expect(refused.stderr + refused.stdout).not.toContain(other);
        // (Servers on the key that sealed their fixtures start in every other test, on PGlite and PostgreSQL.)
      } finally {
        await database.drop();
      }
    });
  },
);
