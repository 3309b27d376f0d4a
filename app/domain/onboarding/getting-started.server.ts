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
  const exists = async (query: Promise<unknown[]>) => (await query).length > 0;
  const [firstProperty, hasProduct, hasStock, receiving, posterDownloaded, paid] = await Promise.all([
    db
      .select({ id: properties.id, name: properties.name, hash: properties.hash })
      .from(properties)
      .where(and(eq(properties.organizationId, org), isNull(properties.archivedAt)))
      .orderBy(properties.createdAt, properties.id)
      .limit(1),
    exists(
      db
        .select({ one: sql`1` })
        .from(products)
        .where(and(eq(products.organizationId, org), isNull(products.archivedAt)))
        .limit(1),
    ),
    exists(
      db
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
        )
        .limit(1),
    ),
    isReceiving(ctx, org),
    exists(
      db
        .select({ one: sql`1` })
        .from(activity)
        .where(and(eq(activity.organizationId, org), eq(activity.kind, POSTER_DOWNLOADED)))
        .limit(1),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(orders)
        .where(and(eq(orders.organizationId, org), inArray(orders.status, ["paid", "refunded"])))
        .limit(1),
    ),
  ]);
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
