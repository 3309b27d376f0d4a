import { createConfirmedUser } from "~/platform/auth/create-user.server";
import type { Db } from "~/platform/db/database-handle.server";
import { DEMO_HOST } from "./demo-host";

/** The demo host: confirmed, owner of 'Estadia Demo'. */
export async function seedAccounts(db: Db): Promise<string> {
  const { created, membership } = await createConfirmedUser(db, DEMO_HOST);
  return `${created ? "created" : "kept"} ${DEMO_HOST.email} / ${DEMO_HOST.password} (${membership.organizationName}, ${membership.role})`;
}
