import { and, asc, eq, inArray, isNull, type Placeholder, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { addDays } from "~/lib/dates";
import { OPEN_REPLACEMENT_STATUSES } from "~/lib/replacement-status";
import { sortByNames } from "~/lib/sort-by-name";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { asJson, columnAs, type Part, prepared, type Queryable } from "~/platform/db/prepared";
import {
  organization,
  products,
  properties,
  propertyProducts,
  replacementItems,
  replacements,
} from "~/platform/db/schema";
import { AppError } from "../errors";
import { AGENDA_TEXT } from "../stays/agenda-messages";
import { nextCheckIns } from "../stays/next-check-ins.server";
import { type Actor, assertCan } from "../team/permissions";

export type MissingProduct = {
  propertyId: string;
  propertyName: string;
  productId: string;
  productName: string;
  imageThumb: string | null;
  current: number;
  expected: number;
  /** Units already in a run that has not been delivered yet. */
  onTheWay: number;
  /** expected − current − on the way: what a new run should take. */
  toRestock: number;
};

/**
 * What is missing in the organization's properties (part 2 missing_products_view): counted products below
 * their expected quantity, with what open runs already take there. Archived products and properties are left
 * out. `onlyToRestock` keeps those that still need a run.
 */
export async function listMissingProducts(
  db: Db | Tx,
  actor: Actor,
  options: { onlyToRestock?: boolean } = {},
): Promise<MissingProduct[]> {
  assertCan(actor, "replacement.read");
  const query = prepared(db, "missing_products", () => missingRows(db, sql.placeholder("organizationId")));
  return missingOf(await query.execute({ organizationId: actor.organizationId }), options);
}

export type MissingRow = Omit<MissingProduct, "toRestock">;

/** What is missing as a part of a page's read (the dashboard's count of products to restock). */
export function missingPart(
  options: { onlyToRestock?: boolean } = {},
): Part<{ missing: MissingRow[] }, MissingProduct[]> {
  return {
    columns: (db) => ({ missing: asJson<MissingRow>(missingRows(db, organization.id)) }),
    result: (row) => missingOf(row?.missing ?? [], options),
  };
}

/** The products from the rows `missingRows` read (read alone, or as JSON with a page's other reads). */
function missingOf(rows: MissingRow[], options: { onlyToRestock?: boolean } = {}): MissingProduct[] {
  const missing = sortByNames(
    rows.map((r) => ({
      ...r,
      onTheWay: Number(r.onTheWay),
      toRestock: Math.max(0, r.expected - r.current - Number(r.onTheWay)),
    })),
    (m) => m.propertyName,
    (m) => m.productName,
  );
  return options.onlyToRestock ? missing.filter((m) => m.toRestock > 0) : missing;
}

/** Units per property×product in the organization's runs not delivered yet (what is 'a caminho'). */
export function onTheWaySubquery(db: Queryable, organizationId: AnyPgColumn | Placeholder | string) {
  return db
    .select({
      propertyId: replacementItems.propertyId,
      productId: replacementItems.productId,
      units:
        sql<number>`sum(coalesce(${replacementItems.deliveredQuantity}, ${replacementItems.quantity}))::int`.as(
          "units",
        ),
    })
    .from(replacementItems)
    .innerJoin(replacements, eq(replacements.id, replacementItems.replacementId))
    .where(
      and(
        eq(replacements.organizationId, organizationId),
        inArray(replacements.status, [...OPEN_REPLACEMENT_STATUSES]),
      ),
    )
    .groupBy(replacementItems.propertyId, replacementItems.productId)
    .as("on_the_way");
}

/** The read of what is missing, its columns named as `MissingRow`'s keys (so its JSON has them too). */
function missingRows(db: Queryable, organizationId: AnyPgColumn | Placeholder) {
  const onTheWay = onTheWaySubquery(db, organizationId);
  return db
    .select({
      propertyId: columnAs(propertyProducts.propertyId, "propertyId"),
      propertyName: columnAs(properties.name, "propertyName"),
      productId: columnAs(propertyProducts.productId, "productId"),
      productName: columnAs(products.name, "productName"),
      imageThumb: columnAs(products.imageThumb, "imageThumb"),
      // Both counted: the condition below leaves out the rows without them.
      current: sql<number>`${propertyProducts.currentQuantity}`.as("current"),
      expected: sql<number>`${propertyProducts.expectedQuantity}`.as("expected"),
      onTheWay: sql<number>`coalesce(${onTheWay.units}, 0)`.as("onTheWay"),
    })
    .from(propertyProducts)
    .innerJoin(properties, and(eq(properties.id, propertyProducts.propertyId), isNull(properties.archivedAt)))
    .innerJoin(products, and(eq(products.id, propertyProducts.productId), isNull(products.archivedAt)))
    .leftJoin(
      onTheWay,
      and(
        eq(onTheWay.propertyId, propertyProducts.propertyId),
        eq(onTheWay.productId, propertyProducts.productId),
      ),
    )
    .where(
      and(
        eq(propertyProducts.organizationId, organizationId),
        sql`${propertyProducts.currentQuantity} is not null and ${propertyProducts.expectedQuantity} is not null`,
        sql`${propertyProducts.currentQuantity} < ${propertyProducts.expectedQuantity}`,
      ),
    )
    .orderBy(asc(properties.name), asc(products.name));
}

export type MissingForCheckIn = MissingProduct & { nextCheckIn: string | null };

/**
 * What is missing with each property's next guest check-in (from `today`). With `withinDays` (1 to 60), only
 * the properties with a check-in in [today, today + N], the soonest first: restocking before the guest arrives.
 */
export async function listMissingByCheckIn(
  db: Db,
  actor: Actor,
  options: { today: string; withinDays?: unknown },
): Promise<MissingForCheckIn[]> {
  assertCan(actor, "replacement.read");
  const days = options.withinDays;
  const filtered = days !== undefined && days !== null;
  if (filtered && !(typeof days === "number" && Number.isInteger(days) && days >= 1 && days <= 60))
    throw new AppError("invalid", AGENDA_TEXT.checkinFilterRange);
  const [missing, checkIns] = await Promise.all([
    listMissingProducts(db, actor),
    nextCheckIns(db, actor, {
      from: options.today,
      ...(filtered ? { to: addDays(options.today, days) } : {}),
    }),
  ]);
  const withCheckIn = missing.map((m) => ({ ...m, nextCheckIn: checkIns.get(m.propertyId) ?? null }));
  if (!filtered) return withCheckIn;
  // A stable sort keeps the name order within a day.
  return withCheckIn
    .filter((m) => m.nextCheckIn !== null)
    .sort((a, b) =>
      (a.nextCheckIn ?? "") < (b.nextCheckIn ?? "") ? -1 : a.nextCheckIn === b.nextCheckIn ? 0 : 1,
    );
}
