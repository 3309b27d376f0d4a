import { existsSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { StartupError } from "../../startup-error.server";
import { connectDatabase } from "../connect.server";
import type { DatabaseHandle } from "../database-handle.server";

export type EmbeddedDatabase = { handle: DatabaseHandle; client: PGlite };

/**
 * Opens an existing embedded database under its lock (DataDirLockedError while the server runs), without
 * migrating it. Refuses a folder with no database rather than creating an empty one.
 */
export async function openEmbedded(dataDir: string): Promise<EmbeddedDatabase> {
  if (!existsSync(path.join(dataDir, "db", "PG_VERSION"))) {
    throw new StartupError(
      `There is no embedded database in ${path.join(dataDir, "db")}. Nothing was changed.`,
    );
  }
  const handle = await connectDatabase({ dataDir });
  if (handle.jobsConnection.kind !== "pglite") throw new Error("expected the embedded database");
  return { handle, client: handle.jobsConnection.client };
}
