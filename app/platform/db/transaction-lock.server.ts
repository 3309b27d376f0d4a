import { sql } from "drizzle-orm";
import type { Tx } from "./database-handle.server";

// Locks on a name, not a row, held until the transaction ends: for what has no row to lock yet (a cart not
// made) or is a whole (an organization's run). Names hash to PostgreSQL's advisory lock keys.

/** Waits for the name's lock and holds it until the transaction ends. */
export async function holdUntilCommit(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}

/** Takes the name's lock if it is free (held until the transaction ends); false if another holds it. */
export async function claimUntilCommit(tx: Tx, name: string): Promise<boolean> {
  const { rows } = await tx.execute<{ claimed: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtext(${name})) as claimed`,
  );
  return rows[0]?.claimed === true;
}
