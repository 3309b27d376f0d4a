// Stays written straight into the table, as a feed sync or 'Reserva direta' would leave them (issue 23).
import type { Db } from "~/platform/db/database-handle.server";
import { stays } from "~/platform/db/schema";

/** A confirmed Airbnb guest stay at the property, unless `more` says otherwise; its id. */
export async function insertStay(
  db: Db,
  at: { organizationId: string; propertyId: string },
  checkIn: string,
  checkOut: string,
  more: Partial<typeof stays.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(stays)
    .values({
      organizationId: at.organizationId,
      propertyId: at.propertyId,
      kind: "stay",
      source: "airbnb",
      checkIn,
      checkOut,
      ...more,
    })
    .returning({ id: stays.id });
  if (!row) throw new Error("no stay");
  return row.id;
}
