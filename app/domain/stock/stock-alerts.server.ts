import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { products, properties, propertyProducts, stockAlerts } from "~/platform/db/schema";
import { claimUntilCommit } from "~/platform/db/transaction-lock.server";
import { stockAlertEmail } from "~/platform/mail/templates.server";
import { notifyMembers } from "../notifications/notify.server";
import type { NotifyContext } from "../notifications/notify-context";
import type { Movement } from "./record-movement.server";

/**
 * A property product's alert level: the host's own, or a quarter of the expected quantity (rounded down);
 * none when nothing is expected.
 */
export const alertLevel = sql<number | null>`coalesce(${propertyProducts.alertQuantity},
  floor(${propertyProducts.expectedQuantity} / 4.0)::int)`;

/**
 * Opens an alert for each product a sale or an adjustment took from above its alert level to at or below it
 * (one open alert per property product: the next digest says it once).
 */
export async function raiseStockAlerts(
  tx: Tx | Db,
  organizationId: string,
  movements: Movement[],
): Promise<void> {
  const falls = movements.filter(
    (m) =>
      (m.reason === "sale" || m.reason === "adjustment" || m.reason === "loss") &&
      m.newQuantity !== null &&
      (m.oldQuantity === null || m.newQuantity < m.oldQuantity),
  );
  for (const m of falls) {
    await tx.execute(sql`
      insert into ${stockAlerts} (organization_id, property_id, product_id, quantity)
      select ${organizationId}::uuid, ${m.propertyId}::uuid, ${m.productId}::uuid, ${m.newQuantity}::int
      from ${propertyProducts}
      where ${propertyProducts.propertyId} = ${m.propertyId} and ${propertyProducts.productId} = ${m.productId}
        and ${alertLevel} is not null and ${m.newQuantity}::int <= ${alertLevel}
        and (${m.oldQuantity}::int is null or ${m.oldQuantity}::int > ${alertLevel})
      on conflict do nothing`);
  }
}

/**
 * Tells each organization with open alerts, in one notice listing them, to its owners and managers (by
 * email, or on WhatsApp for those who chose it), and closes the alerts: a digest, not a message per sale.
 * Run by a job (once across instances); one organization's digest is sent by one run at a time, and its
 * alerts stay open if it could not be sent.
 */
export async function sendStockAlertDigests(ctx: NotifyContext & { db: Db }) {
  const organizations = await ctx.db
    .selectDistinct({ organizationId: stockAlerts.organizationId })
    .from(stockAlerts)
    .where(isNull(stockAlerts.notifiedAt));
  let sent = 0;
  for (const { organizationId } of organizations) {
    try {
      await ctx.db.transaction(async (tx) => {
        // The organization is claimed whole: locking its alerts one by one, skipping those another run held,
        // let two runs split one digest into two partial emails. A run that finds it claimed leaves it.
        if (!(await claimUntilCommit(tx, `stock-digest:${organizationId}`))) return;
        // Its alerts are read once a stock change that holds one has finished with it.
        const open = await tx
          .select({ id: stockAlerts.id })
          .from(stockAlerts)
          .where(and(eq(stockAlerts.organizationId, organizationId), isNull(stockAlerts.notifiedAt)))
          .for("update");
        if (open.length === 0) return;
        const ids = open.map((a) => a.id);
        const lines = await tx
          .select({
            property: properties.name,
            product: products.name,
            current: propertyProducts.currentQuantity,
            expected: propertyProducts.expectedQuantity,
          })
          .from(stockAlerts)
          .innerJoin(properties, eq(properties.id, stockAlerts.propertyId))
          .innerJoin(products, eq(products.id, stockAlerts.productId))
          .innerJoin(
            propertyProducts,
            and(
              eq(propertyProducts.propertyId, stockAlerts.propertyId),
              eq(propertyProducts.productId, stockAlerts.productId),
            ),
          )
          .where(inArray(stockAlerts.id, ids))
          .orderBy(properties.name, products.name);
        const digest = lines.map((l) => ({
          property: l.property,
          product: l.product,
          current: l.current ?? 0,
          expected: l.expected,
        }));
        await notifyMembers(
          { ...ctx, db: tx },
          {
            organizationId,
            event: "stock_alert",
            // The alerts it closes: the same digest is never told twice.
            key: `stock-alert:${[...ids].sort()[0]}`,
            email: stockAlertEmail({ lines: digest, restockUrl: `${ctx.appUrl}/replacements/create` }),
            whatsapp: {
              template: "estadia_estoque_baixo",
              values: [
                digest.length === 1 ? "1 produto" : `${digest.length} produtos`,
                digest
                  .map(
                    (l) =>
                      `${l.property}: ${l.product} (${l.current}${l.expected === null ? "" : ` de ${l.expected}`})`,
                  )
                  .join("; "),
              ],
            },
          },
        );
        await tx.update(stockAlerts).set({ notifiedAt: ctx.now() }).where(inArray(stockAlerts.id, ids));
        sent += 1;
      });
    } catch (err) {
      ctx.log.warn({ err, organizationId }, "stock alert digest not sent; next run tries again");
    }
  }
  return sent;
}
