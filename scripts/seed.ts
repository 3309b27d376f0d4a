// `npm run seed`: demo data for the configured database. Idempotent: running it twice changes nothing more.
// The steps live in app/domain/demo/, where the first start in development runs them too (ADR 0018).
import { seedDemoData } from "~/domain/demo/seed-demo.server";
import { database } from "~/platform/db/database.server";
import { runTask } from "./task";

await runTask("seed", async () => {
  const { db, kind } = await database();
  const lines = [`Database ready (${kind}), migrations applied.`, ...(await seedDemoData(db))];
  return lines.join("\n");
});
