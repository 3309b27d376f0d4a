import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { activity, orders, products, properties, propertyProducts } from "~/platform/db/schema";
import type { PaymentsConfig } from "~/platform/env.server";
import { isReceiving } from "../payment-accounts/accounts.server";
import { type Actor, assertCan } from "../team/permissions";
import { GETTING_STARTED_STEPS, type GettingStartedStep, POSTER_DOWNLOADED } from "./steps";

export type GettingStarted = {
  steps: { step: GettingStartedStep; done: boolean }[];
  done: boolean;
  /** The oldest live property: where the stock, poster and purchase steps point. */
  property: { id: string; name: string; hash: string } | null;
};

/**
 * Where the organization stands on the way to its first sale, each step read from real data: a live
 * property; a live product; a live product in a live property with units counted (more than 0, or
 * 'Sem limite'); a payment account that takes payments; a poster or QR downloaded (its activity line);
 * a paid order (a refunded one was paid too).
 */
export async function readGettingStarted(
  ctx: { db: Db; config: PaymentsConfig },
  actor: Actor,
): Promise<GettingStarted> {
  assertCan(actor, "payments.read");
  const { db } = ctx;
  const org = actor.organizationId;
  const first = db
    .select({ id: properties.id, name: properties.name, hash: properties.hash })
    .from(properties)
    .where(and(eq(properties.organizationId, org), isNull(properties.archivedAt)))
    .orderBy(properties.createdAt, properties.id)
    .limit(1);
  const anyProduct = db
    .select({ one: sql`1` })
    .from(products)
    .where(and(eq(products.organizationId, org), isNull(products.archivedAt)));
  const anyStock = db
    .select({ one: sql`1` })
    .from(propertyProducts)
    .innerJoin(properties, eq(properties.id, propertyProducts.propertyId))
    .innerJoin(products, eq(products.id, propertyProducts.productId))
    .where(
      and(
        eq(propertyProducts.organizationId, org),
        isNull(properties.archivedAt),
        isNull(products.archivedAt),
        or(isNull(propertyProducts.currentQuantity), gt(propertyProducts.currentQuantity, 0)),
      ),
    );
  const anyPoster = db
    .select({ one: sql`1` })
    .from(activity)
    .where(and(eq(activity.organizationId, org), eq(activity.kind, POSTER_DOWNLOADED)));
  const anyPaid = db
    .select({ one: sql`1` })
    .from(orders)
    .where(and(eq(orders.organizationId, org), inArray(orders.status, ["paid", "refunded"])));
  // Read on every owner's dashboard: the data steps in one round trip.
  const [found, receiving] = await Promise.all([
    db.execute(sql`select
      (select row_to_json(p) from (${first}) p) as property,
      exists(${anyProduct}) as products,
      exists(${anyStock}) as stock,
      exists(${anyPoster}) as poster,
      exists(${anyPaid}) as purchase`),
    isReceiving(ctx, org),
  ]);
  const row = found.rows[0] as
    | {
        property: GettingStarted["property"];
        products: boolean;
        stock: boolean;
        poster: boolean;
        purchase: boolean;
      }
    | undefined;
  const firstProperty = row?.property ? [row.property] : [];
  const hasProduct = row?.products === true;
  const hasStock = row?.stock === true;
  const posterDownloaded = row?.poster === true;
  const paid = row?.purchase === true;
  const done: Record<GettingStartedStep, boolean> = {
    property: firstProperty.length > 0,
    products: hasProduct,
    stock: hasStock,
    receiving,
    poster: posterDownloaded,
    purchase: paid,
  };
  const steps = GETTING_STARTED_STEPS.map((step) => ({ step, done: done[step] }));
  return { steps, done: steps.every((s) => s.done), property: firstProperty[0] ?? null };
}
