import { database } from "~/platform/db/database.server";

/** For load balancers and uptime checks: runs a real query, 503 when the database does not answer. */
export async function loader() {
  const handle = await database();
  const ok = await handle.ping(2_000);
  return Response.json({ status: ok ? "ok" : "unavailable", db: handle.kind }, { status: ok ? 200 : 503 });
}
