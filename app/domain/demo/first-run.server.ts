import { and, eq, isNull } from "drizzle-orm";
import { firstMembership } from "~/platform/auth/organizations.server";
import type { Db } from "~/platform/db/database-handle.server";
import { properties, user } from "~/platform/db/schema";
import { DEMO_HOST, DEMO_SHOP_PROPERTY } from "./demo-host";
import { seedDemoData } from "./seed-demo.server";

export type DemoAccess = {
  /** True when this start created the demo data (the database was empty). */
  seeded: boolean;
  /** The demo login, when the demo host exists. */
  login: { email: string; password: string } | null;
  /** `/i/{hash}` of the demo property's shop, when it exists. */
  shopPath: string | null;
};

/**
 * The first start on an empty database (no user at all) creates the demo data, exactly as `npm run seed`
 * does; a database that holds anything is left as it is. Either way, says where the demo is.
 * See docs/decisions/0018-first-run-demo-data.md.
 */
export async function demoOnFirstRun(db: Db): Promise<DemoAccess> {
  const [anyone] = await db.select({ id: user.id }).from(user).limit(1);
  if (!anyone) await seedDemoData(db);
  return { seeded: !anyone, ...(await findDemo(db)) };
}

/** Reads, never writes: the demo host and its shop, if they are (still) there. */
async function findDemo(db: Db): Promise<Omit<DemoAccess, "seeded">> {
  const [host] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_HOST.email));
  const membership = host ? await firstMembership(db, host.id) : undefined;
  if (!host || !membership) return { login: null, shopPath: null };
  const [shop] = await db
    .select({ hash: properties.hash })
    .from(properties)
    .where(
      and(
        eq(properties.organizationId, membership.organizationId),
        eq(properties.name, DEMO_SHOP_PROPERTY),
        isNull(properties.archivedAt),
      ),
    )
    .limit(1);
  return {
    login: { email: DEMO_HOST.email, password: DEMO_HOST.password },
    shopPath: shop ? `/i/${shop.hash}` : null,
  };
}
