import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { createThrowawayDatabase, type ThrowawayDatabase } from "./postgres";
import { type RunningServer, removeDir, startServer } from "./server-process";
import { shopFixture } from "./shop-fixtures";

export type ShopServer = {
  server: RunningServer;
  shop: Awaited<ReturnType<typeof shopFixture>>;
  /** An open connection to the same database, for changing what the host would change. */
  db: DatabaseHandle["db"];
  stop(): Promise<void>;
};

/**
 * The built app on a throwaway PostgreSQL database holding one shop with these products; the client
 * address comes from X-Forwarded-For (see guestPhone).
 */
export async function startShopServer(items: Parameters<typeof shopFixture>[1]): Promise<ShopServer> {
  const database: ThrowawayDatabase = await createThrowawayDatabase();
  const handle = await connectDatabase({ databaseUrl: database.url });
  await migrateDatabase(handle);
  const shop = await shopFixture(handle.db, items);
  const server = await startServer({
    DATABASE_URL: database.url,
    TRUSTED_IP_HEADER: "x-forwarded-for",
    LOG_LEVEL: "warn",
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
