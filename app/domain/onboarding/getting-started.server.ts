import { and, eq, gt, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { literalLimit, type Part, type Queryable, readParts } from "~/platform/db/prepared";
import { activity, orders, organization, products, properties, propertyProducts } from "~/platform/db/schema";
import type { PaymentsConfig } from "~/platform/env.server";
import { liveAccountPart, receivesWith } from "../payment-accounts/accounts.server";
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
  // The steps and the live account in one round trip.
  const { steps, account } = await readParts(ctx.db, "getting_started", actor.organizationId, {
    steps: gettingStartedPart(),
    account: liveAccountPart(),
  });
  return gettingStartedOf(steps, receivesWith(account, ctx.config));
}

type StepsRow = {
  property: GettingStarted["property"];
  products: boolean;
  stock: boolean;
  poster: boolean;
  purchase: boolean;
};

/** The checklist, from what `gettingStartedPart` read and whether the organization takes payments. */
export function gettingStartedOf(row: StepsRow | undefined, receiving: boolean): GettingStarted {
  const done: Record<GettingStartedStep, boolean> = {
    property: Boolean(row?.property),
    products: row?.products === true,
    stock: row?.stock === true,
    receiving,
    poster: row?.poster === true,
    purchase: row?.purchase === true,
  };
  const steps = GETTING_STARTED_STEPS.map((step) => ({ step, done: done[step] }));
  return { steps, done: steps.every((s) => s.done), property: row?.property ?? null };
}

/**
 * The data steps, as a part of a page's read (on its own with the live account, or with the dashboard's other
 * reads); undefined for an organization not found.
 */
export function gettingStartedPart(): Part<StepsRow, StepsRow | undefined> {
  return { columns: stepsColumns, result: (row) => row };
}

function stepsColumns(db: Queryable): { [K in keyof StepsRow]: SQL<StepsRow[K]> } {
  const org = organization.id;
  const first = db
    .select({ id: properties.id, name: properties.name, hash: properties.hash })
    .from(properties)
    .where(and(eq(properties.organizationId, org), isNull(properties.archivedAt)))
    .orderBy(properties.createdAt, properties.id)
    .limit(literalLimit(1));
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
  return {
    property: sql<GettingStarted["property"]>`(select row_to_json(p) from (${first}) p)`,
    products: sql<boolean>`exists(${anyProduct})`,
    stock: sql<boolean>`exists(${anyStock})`,
    poster: sql<boolean>`exists(${anyPoster})`,
    purchase: sql<boolean>`exists(${anyPaid})`,
  };
}
