import { inArray } from "drizzle-orm";
import type { Tx } from "~/platform/db/database-handle.server";
import { products, replacementItems, replacementStatusChanges, replacements } from "~/platform/db/schema";
import type { Actor } from "../team/permissions";
import { nextReplacementNumber } from "./replacement-number.server";

export type RunLine = { propertyId: string; productId: string; quantity: number };

/**
 * Writes a run 'Em processamento' with its lines, each at its product's cost now (editable until delivery),
 * and its first status change. The caller holds the organization's `replacements:<org>` lock and has just
 * worked out the lines inside the same transaction.
 */
export async function insertRun(
  tx: Tx,
  actor: Actor,
  run: { deliverBy: string | null; lines: readonly RunLine[] },
): Promise<{ id: string; number: number }> {
  const costs = new Map(
    (
      await tx
        .select({ id: products.id, costCents: products.costCents })
        .from(products)
        .where(inArray(products.id, [...new Set(run.lines.map((l) => l.productId))]))
    ).map((p) => [p.id, p.costCents]),
  );
  const number = await nextReplacementNumber(tx, actor.organizationId);
  const [created] = await tx
    .insert(replacements)
    .values({
      organizationId: actor.organizationId,
      number,
      createdBy: actor.userId,
      deliverBy: run.deliverBy,
    })
    .returning({ id: replacements.id, number: replacements.number });
  if (!created) throw new Error("replacement insert returned nothing");
  await tx.insert(replacementItems).values(
    run.lines.map((l) => ({
      organizationId: actor.organizationId,
      replacementId: created.id,
      propertyId: l.propertyId,
      productId: l.productId,
      quantity: l.quantity,
      unitCostCents: costs.get(l.productId) ?? null,
    })),
  );
  await tx.insert(replacementStatusChanges).values({
    organizationId: actor.organizationId,
    replacementId: created.id,
    fromStatus: null,
    toStatus: "processing",
    actorUserId: actor.userId,
  });
  return created;
}
