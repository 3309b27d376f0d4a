import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database-handle.server";
import { calendarFeeds, paymentAccounts } from "../db/schema";
import { env } from "../env.server";
import { StartupError } from "../startup-error.server";
import { encryptionKey, SealError, unseal } from "./secret-box.server";

/**
 * Refuses to start with a key that cannot open what the database holds sealed: otherwise an instance
 * started with another ENCRYPTION_KEY answers healthy, then fails every checkout. One stored value is
 * opened (a payment account's credentials, or else a calendar address); an empty database passes.
 */
export async function assertKeyOpensStoredSecrets(db: Db): Promise<void> {
  const { rows } = await db.execute(sql`
    (select ${paymentAccounts.credentials} as sealed from ${paymentAccounts}
      where ${paymentAccounts.credentials} is not null limit 1)
    union all
    (select ${calendarFeeds.addressSealed} from ${calendarFeeds} limit 1)
    limit 1`);
  const sealed = rows[0]?.sealed;
  if (typeof sealed !== "string") return;
  try {
    unseal(sealed, encryptionKey());
  } catch (err) {
    if (!(err instanceof SealError)) throw err;
    const key = env().encryptionKey
      ? "ENCRYPTION_KEY"
      : `The key in ${path.join(env().dataDir, "encryption-key")} (ENCRYPTION_KEY is unset)`;
    throw new StartupError(
      `${key} does not open the credentials this database holds: they were sealed with another key. ` +
        "Start with the ENCRYPTION_KEY of the other instances, or of the deployment that sealed them. " +
        "Nothing was changed.",
    );
  }
}
