import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AccountContext } from "~/domain/account/account-context";
import { type Auth, createAuth } from "~/platform/auth/auth.server";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { parseEnv } from "~/platform/env.server";
import { logger } from "~/platform/log.server";
import { createMailer, outboxDir } from "~/platform/mail/mailer.server";
import { type OutboxMessage, readOutbox } from "~/platform/mail/outbox.server";

/** Real better-auth on a real (in-memory PGlite or PostgreSQL) database, with an outbox in a temp folder. */
export type AccountsHarness = {
  handle: DatabaseHandle;
  auth: Auth;
  dataDir: string;
  /** An AccountContext as a request from `ip` carrying `cookies` would get. */
  ctx(options?: { ip?: string; cookies?: string[] }): AccountContext;
  /** Waits for the outbox to hold `count` messages to `to` (mail is sent asynchronously). */
  mailTo(to: string, count?: number): Promise<OutboxMessage[]>;
  close(): Promise<void>;
};

export async function accountsHarness(databaseUrl?: string): Promise<AccountsHarness> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "estadia-accounts-"));
  const handle = await connectDatabase({ databaseUrl, poolSize: 20 });
  await migrateDatabase(handle);
  const config = parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, APP_URL: "http://localhost:8080" });
  const auth = createAuth({
    db: handle.db,
    config,
    secret: "s".repeat(40),
    mail: createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: outboxDir(dataDir) }),
    log: logger(),
  });
  return {
    handle,
    auth,
    dataDir,
    ctx({ ip = "203.0.113.1", cookies = [] } = {}) {
      const headers = new Headers();
      if (cookies.length) headers.set("cookie", cookies.map((c) => c.split(";")[0]).join("; "));
      return { auth, db: handle.db, headers, ip };
    },
    async mailTo(to, count = 1) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = readOutbox(outboxDir(dataDir)).filter((m) => m.to === to);
        if (found.length >= count || Date.now() > deadline) return found;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first link in a message's text part that contains `fragment`. */
export function linkIn(message: OutboxMessage | undefined, fragment: string): string {
  const link = message?.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in ${message?.subject ?? "no message"}`);
  return link;
}
