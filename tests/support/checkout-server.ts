import { connectDatabase } from "~/platform/db/connect.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { freePort } from "./free-port";
import { createThrowawayDatabase } from "./postgres";
import { removeDir, startServer } from "./server-process";
import { shopFixture } from "./shop-fixtures";
import type { ShopServer } from "./shop-server";

/**
 * Like startShopServer (the built app on a throwaway PostgreSQL database holding one shop, X-Forwarded-For
 * trusted), with its environment open to the test and its port chosen before it starts, so that APP_URL
 * can name the server's own address (a provider's notification_url then points back at it). Logs at
 * `info` unless told otherwise, so a test can read what an operator would.
 */
export async function startCheckoutServer(
  items: Parameters<typeof shopFixture>[1],
  options: { env?: Record<string, string>; appUrlIsOwn?: boolean } = {},
): Promise<ShopServer> {
  const database = await createThrowawayDatabase();
  const handle = await connectDatabase({ databaseUrl: database.url });
  await migrateDatabase(handle);
  const shop = await shopFixture(handle.db, items);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startServer({
    PORT: String(port),
    DATABASE_URL: database.url,
    TRUSTED_IP_HEADER: "x-forwarded-for",
    LOG_LEVEL: "info",
    ...(options.appUrlIsOwn ? { APP_URL: url } : {}),
    ...options.env,
  });
  return {
    server,
    shop,
    db: handle.db,
    async stop() {
      await server.stop();
      removeDir(server.dataDir);
      await handle.close();
      await database.drop();
    },
  };
}

/** How long a test waits for a webhook's application, which runs right after the webhook's answer. */
export const WEBHOOK_APPLIED = { timeout: 10_000 };
