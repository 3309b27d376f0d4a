// `npm run db:migrate`: applies pending migrations to the configured database (the same step `npm start` runs).
import { database } from "~/platform/db/database.server";
import { runTask } from "./task";

await runTask("db:migrate", async () => {
  const { kind } = await database();
  return `Migrations applied (${kind}).`;
});
