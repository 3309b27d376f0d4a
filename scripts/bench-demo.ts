// What the bench's parts share: the demo host as an actor, and a domain call's mean time.
import { eq } from "drizzle-orm";
import { DEMO_HOST } from "~/domain/demo/demo-host";
import type { Actor } from "~/domain/team/permissions";
import type { Db } from "~/platform/db/database-handle.server";
import { member, user } from "~/platform/db/schema";

export async function demoOwner(db: Db): Promise<Actor> {
  const [row] = await db
    .select({ userId: member.userId, organizationId: member.organizationId })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(user.email, DEMO_HOST.email));
  if (!row) throw new Error("no demo host");
  return { ...row, role: "owner" };
}

/** The mean of `times` calls after one to warm up, in ms. */
export async function timed(run: () => Promise<unknown>, times: number): Promise<number> {
  await run();
  const started = process.hrtime.bigint();
  for (let i = 0; i < times; i++) await run();
  return Number(process.hrtime.bigint() - started) / 1e6 / times;
}
