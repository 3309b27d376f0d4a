import { and, eq } from "drizzle-orm";
import {
  ALLOWED_MOVES,
  isReplacementStatus,
  REPLACEMENT_LABEL,
  type ReplacementStatus,
} from "~/lib/replacement-status";
import { isUuid } from "~/lib/uuid";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { replacementItems, replacementStatusChanges, replacements } from "~/platform/db/schema";
import { CATALOG_TEXT } from "../catalog/catalog-text";
import { costSchema } from "../catalog/schemas.server";
import { AppError } from "../errors";
import { returnToStock } from "../stock/return-to-stock.server";
import { type Actor, assertCan } from "../team/permissions";
import { deliverGuestOrders } from "./guest-order-runs.server";
import { RESTOCK_TEXT as T } from "./messages";

/**
 * Moves a run from the status the person saw (`from`) to `to`, if that move is allowed: forward along the
 * button's path, cancelled before transit, returned from transit. The update is guarded by `from`, so two
 * people pressing the same button at once make one move (the second is told where it stands now).
 * Delivered adds each line's delivered quantity to its property's stock, with a `restock` movement, in the
 * same transaction: exactly once. Its guest orders (ADR 0060) are marked delivered then too; the guests'
 * emails go after commit (sendRunDeliveryEmails).
 */
export async function advanceReplacement(
  db: Db,
  actor: Actor,
  input: { id: unknown; from: unknown; to: unknown },
): Promise<{ status: ReplacementStatus }> {
  assertCan(actor, input.to === "cancelled" ? "replacement.manage" : "replacement.deliver");
  if (!isUuid(input.id)) throw new AppError("not_found", T.notFound);
  if (!isReplacementStatus(input.from) || !isReplacementStatus(input.to))
    throw new AppError("invalid", T.statusFailed);
  const { from, to } = input;
  if (!ALLOWED_MOVES[from].includes(to)) {
    throw new AppError("invalid", T.cannotMove(REPLACEMENT_LABEL[from], REPLACEMENT_LABEL[to]));
  }
  const id = input.id;
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(replacements)
      .set({ status: to, updatedAt: new Date() })
      .where(
        and(
          eq(replacements.id, id),
          eq(replacements.organizationId, actor.organizationId),
          eq(replacements.status, from),
        ),
      )
      .returning({ id: replacements.id });
    if (!moved) {
      const [now] = await tx
        .select({ status: replacements.status })
        .from(replacements)
        .where(and(eq(replacements.id, id), eq(replacements.organizationId, actor.organizationId)));
      if (!now) throw new AppError("not_found", T.notFound);
      const status = now.status as ReplacementStatus;
      // The same move made by someone else a moment ago: done, nothing more to do.
      if (status === to) return { status };
      throw new AppError("conflict", T.moved(REPLACEMENT_LABEL[status]));
    }
    await tx.insert(replacementStatusChanges).values({
      organizationId: actor.organizationId,
      replacementId: id,
      fromStatus: from,
      toStatus: to,
      actorUserId: actor.userId,
    });
    if (to === "delivered") {
      await deliver(tx, actor, id);
      await deliverGuestOrders(tx, id, new Date());
    }
    return { status: to };
  });
}

/**
 * Each line's delivered units (what was planned, unless lowered) go into its property's stock at the
 * line's unit cost.
 */
async function deliver(tx: Tx, actor: Actor, replacementId: string) {
  const lines = await tx
    .select({
      propertyId: replacementItems.propertyId,
      productId: replacementItems.productId,
      quantity: replacementItems.quantity,
      delivered: replacementItems.deliveredQuantity,
      unitCostCents: replacementItems.unitCostCents,
    })
    .from(replacementItems)
    .where(eq(replacementItems.replacementId, replacementId));
  await returnToStock(
    tx,
    actor,
    { reason: "restock", reference: `replacement:${replacementId}` },
    lines.map((l) => ({
      propertyId: l.propertyId,
      productId: l.productId,
      quantity: l.delivered ?? l.quantity,
      unitCostCents: l.unitCostCents,
    })),
  );
}

/**
 * Lowers what a line actually takes (a unit that did not fit in the car), before delivery: 0 up to what
 * was planned. A line's unit cost changes too when `unitCost` is given (typed like a price, empty = not
 * known); only those who manage runs may change it. The run must still be on its way. Field errors are
 * keyed by the line's id (quantity) and `cost:{id}` (unit cost).
 */
export async function setDeliveredQuantities(
  db: Db,
  actor: Actor,
  input: { id: unknown; lines: { itemId: unknown; delivered: unknown; unitCost?: unknown }[] },
): Promise<void> {
  assertCan(actor, "replacement.deliver");
  if (input.lines.some((l) => l.unitCost !== undefined)) assertCan(actor, "replacement.manage");
  if (!isUuid(input.id)) throw new AppError("not_found", T.notFound);
  const id = input.id;
  await db.transaction(async (tx) => {
    const [run] = await tx
      .select({ status: replacements.status })
      .from(replacements)
      .where(and(eq(replacements.id, id), eq(replacements.organizationId, actor.organizationId)))
      .for("update");
    if (!run) throw new AppError("not_found", T.notFound);
    if (!["processing", "separated_for_replacement", "in_transit"].includes(run.status)) {
      throw new AppError("conflict", T.quantitiesLocked);
    }
    const items = await tx.select().from(replacementItems).where(eq(replacementItems.replacementId, id));
    const byId = new Map(items.map((i) => [i.id, i]));
    const fieldErrors: Record<string, string> = {};
    const changes: { itemId: string; delivered: number; unitCostCents?: number | null }[] = [];
    for (const line of input.lines) {
      const item = typeof line.itemId === "string" ? byId.get(line.itemId) : undefined;
      if (!item) throw new AppError("not_found", T.notFound);
      const text = typeof line.delivered === "string" ? line.delivered.trim() : String(line.delivered ?? "");
      const delivered = Number(text);
      const cost = line.unitCost === undefined ? undefined : costSchema.safeParse(line.unitCost);
      if (!/^\d+$/.test(text) || delivered > item.quantity)
        fieldErrors[item.id] = T.quantityRange(item.quantity);
      if (cost && !cost.success)
        fieldErrors[`cost:${item.id}`] = cost.error.issues[0]?.message ?? CATALOG_TEXT.costInvalid;
      else changes.push({ itemId: item.id, delivered, unitCostCents: cost?.data });
    }
    const first = Object.values(fieldErrors)[0];
    if (first) throw new AppError("invalid", first, fieldErrors);
    for (const c of changes) {
      const item = byId.get(c.itemId);
      await tx
        .update(replacementItems)
        .set({
          deliveredQuantity: c.delivered === item?.quantity ? null : c.delivered,
          ...(c.unitCostCents === undefined ? {} : { unitCostCents: c.unitCostCents }),
        })
        .where(eq(replacementItems.id, c.itemId));
    }
  });
}
