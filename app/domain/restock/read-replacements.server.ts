import { and, asc, countDistinct, desc, eq } from "drizzle-orm";
import { saoPauloDay } from "~/lib/dates";
import { OPEN_REPLACEMENT_STATUSES, type ReplacementStatus } from "~/lib/replacement-status";
import { sortByNames } from "~/lib/sort-by-name";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { products, properties, replacementItems, replacements } from "~/platform/db/schema";
import { AppError } from "../errors";
import { type Actor, assertCan } from "../team/permissions";
import { RESTOCK_TEXT as T } from "./messages";

export type ReplacementSummary = {
  id: string;
  /** 'Reposição #n': per organization, in creation order. */
  number: number;
  status: ReplacementStatus;
  createdAt: Date;
  updatedAt: Date;
  /** 'Entregar até': the next check-in when it was planned (issue 23); null when none was known. */
  deliverBy: string | null;
  /** Still on its way after its 'entregar até' day. */
  late: boolean;
};

/** A run is late when today (São Paulo) is past its 'entregar até' and it has not arrived nor stopped. */
export function isLate(run: { deliverBy: string | null; status: string }, today: string): boolean {
  return (
    run.deliverBy !== null &&
    today > run.deliverBy &&
    (OPEN_REPLACEMENT_STATUSES as readonly string[]).includes(run.status)
  );
}

export type ReplacementListItem = ReplacementSummary & { productCount: number; propertyCount: number };

/** The organization's runs, newest first, with how many products and properties each one takes. */
export async function listReplacements(
  db: Db,
  actor: Actor,
  today: string = saoPauloDay(new Date()),
): Promise<ReplacementListItem[]> {
  assertCan(actor, "replacement.read");
  const rows = await db
    .select({
      id: replacements.id,
      number: replacements.number,
      status: replacements.status,
      createdAt: replacements.createdAt,
      updatedAt: replacements.updatedAt,
      deliverBy: replacements.deliverBy,
      productCount: countDistinct(replacementItems.productId),
      propertyCount: countDistinct(replacementItems.propertyId),
    })
    .from(replacements)
    .leftJoin(replacementItems, eq(replacementItems.replacementId, replacements.id))
    .where(eq(replacements.organizationId, actor.organizationId))
    .groupBy(replacements.id)
    .orderBy(desc(replacements.createdAt), desc(replacements.number));
  return rows.map((r) => ({ ...r, status: r.status as ReplacementStatus, late: isLate(r, today) }));
}

export type ReplacementLine = {
  itemId: string;
  propertyId: string;
  propertyName: string;
  propertyImage: string | null;
  productId: string;
  productName: string;
  productImage: string | null;
  quantity: number;
  /** What actually goes (equals quantity unless lowered). */
  delivered: number;
  /** What each unit cost the host, folded into the property's average cost on delivery (null: unknown). */
  unitCostCents: number | null;
};

export type ReplacementDetail = ReplacementSummary & { lines: ReplacementLine[] };

/** One run of the organization with its lines, or not_found (also for another organization's id). */
export async function getReplacement(
  db: Db,
  actor: Actor,
  id: unknown,
  today: string = saoPauloDay(new Date()),
): Promise<ReplacementDetail> {
  assertCan(actor, "replacement.read");
  if (!isUuid(id)) throw new AppError("not_found", T.notFound);
  const [run] = await db
    .select({
      id: replacements.id,
      number: replacements.number,
      status: replacements.status,
      createdAt: replacements.createdAt,
      updatedAt: replacements.updatedAt,
      deliverBy: replacements.deliverBy,
    })
    .from(replacements)
    .where(and(eq(replacements.id, id), eq(replacements.organizationId, actor.organizationId)));
  if (!run) throw new AppError("not_found", T.notFound);
  const lines = await db
    .select({
      itemId: replacementItems.id,
      propertyId: replacementItems.propertyId,
      propertyName: properties.name,
      propertyImage: properties.imageThumb,
      productId: replacementItems.productId,
      productName: products.name,
      productImage: products.imageThumb,
      quantity: replacementItems.quantity,
      deliveredQuantity: replacementItems.deliveredQuantity,
      unitCostCents: replacementItems.unitCostCents,
    })
    .from(replacementItems)
    .innerJoin(properties, eq(properties.id, replacementItems.propertyId))
    .innerJoin(products, eq(products.id, replacementItems.productId))
    .where(eq(replacementItems.replacementId, run.id))
    .orderBy(asc(products.name), asc(properties.name));
  return {
    ...run,
    status: run.status as ReplacementStatus,
    late: isLate(run, today),
    lines: sortByNames(
      lines.map(({ deliveredQuantity, ...l }) => ({ ...l, delivered: deliveredQuantity ?? l.quantity })),
      (l) => l.productName,
      (l) => l.propertyName,
    ),
  };
}
