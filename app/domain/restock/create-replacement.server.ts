import { saoPauloDay } from "~/lib/dates";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { holdUntilCommit } from "~/platform/db/transaction-lock.server";
import { AppError } from "../errors";
import { nextCheckIns } from "../stays/next-check-ins.server";
import { type Actor, assertCan } from "../team/permissions";
import { insertRun } from "./insert-run.server";
import { RESTOCK_TEXT as T } from "./messages";
import { listMissingProducts } from "./missing-products.server";

/** A ticked card of /replacements/create: a product missing in a property. */
export type TickedLine = { propertyId: unknown; productId: unknown };

/**
 * Starts a restocking run with the ticked products, each for what is still missing there (expected −
 * current − what open runs already take), computed now on the server, at the product's cost now (editable
 * until delivery). The run and its lines are made in one transaction (the spec makes two calls); a line no
 * longer missing refuses the whole run. Its 'entregar até' is the earliest next check-in (from `today`, the
 * São Paulo day) among its properties, null when none is known.
 */
export async function createReplacement(
  db: Db,
  actor: Actor,
  ticked: readonly TickedLine[],
  options: { today?: string } = {},
): Promise<{ id: string; number: number }> {
  assertCan(actor, "replacement.manage");
  const wanted = new Set<string>();
  for (const line of ticked) {
    if (!isUuid(line.propertyId) || !isUuid(line.productId)) throw new AppError("invalid", T.pickOne);
    wanted.add(`${line.propertyId.toLowerCase()}:${line.productId.toLowerCase()}`);
  }
  if (wanted.size === 0) throw new AppError("invalid", T.pickOne);
  return db.transaction(async (tx) => {
    // One run at a time per organization, so two hosts ticking the same cards cannot both take them.
    await holdUntilCommit(tx, `replacements:${actor.organizationId}`);
    const missing = new Map(
      (await listMissingProducts(tx, actor, { onlyToRestock: true })).map((m) => [
        `${m.propertyId}:${m.productId}`,
        m,
      ]),
    );
    const lines = [...wanted].map((key) => {
      const line = missing.get(key);
      if (!line) throw new AppError("conflict", T.notMissing);
      return line;
    });
    const checkIns = await nextCheckIns(tx, actor, {
      from: options.today ?? saoPauloDay(new Date()),
      propertyIds: [...new Set(lines.map((l) => l.propertyId))],
    });
    const deliverBy = [...checkIns.values()].sort()[0] ?? null;
    return insertRun(tx, actor, {
      deliverBy,
      lines: lines.map((l) => ({ propertyId: l.propertyId, productId: l.productId, quantity: l.toRestock })),
    });
  });
}
