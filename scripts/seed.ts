// `npm run seed`: demo data for the configured database. Idempotent: running it twice changes nothing more.
// Each area adds its step to `steps` as it is built (accounts, catalogue, shop...).
import { database } from "~/platform/db/database.server";
import type { Db } from "~/platform/db/database-handle.server";
import { seedAccounts } from "./seed-accounts";
import { seedCatalog } from "./seed-catalog";
import { runTask } from "./task";

type SeedStep = { name: string; run(db: Db): Promise<string> };

const steps: SeedStep[] = [
  { name: "Accounts", run: seedAccounts },
  { name: "Catalogue", run: seedCatalog },
];

await runTask("seed", async () => {
  const { db, kind } = await database();
  const lines = [`Database ready (${kind}), migrations applied.`];
  for (const step of steps) lines.push(`${step.name}: ${await step.run(db)}`);
  if (steps.length === 0) lines.push("No demo data defined yet.");
  return lines.join("\n");
});
