import type { Db } from "~/platform/db/database-handle.server";
import { seedAccounts } from "./seed-accounts.server";
import { seedCatalog } from "./seed-catalog.server";
import { seedPayments } from "./seed-payments.server";

type SeedStep = { name: string; run(db: Db): Promise<string> };

// Each area adds its step here as it is built (accounts, catalogue, shop...).
const steps: SeedStep[] = [
  { name: "Accounts", run: seedAccounts },
  { name: "Catalogue", run: seedCatalog },
  { name: "Payments", run: seedPayments },
];

/**
 * The demo data, as `npm run seed` and the first start in development create it. Idempotent: run twice,
 * it changes nothing more. Returns one line per step saying what it did.
 */
export async function seedDemoData(db: Db): Promise<string[]> {
  const lines: string[] = [];
  for (const step of steps) lines.push(`${step.name}: ${await step.run(db)}`);
  return lines;
}
