import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database-handle.server";
import { propertyProducts } from "~/platform/db/schema";

// Each property-product keeps the weighted average cost of its units (no LIFO), the cost a sale keeps.

/**
 * The weighted average cost of a property-product after `quantity` units come in at `unitCostCents`, as
 * the value of the same UPDATE that adds them: the row is locked while it reads the old quantity and
 * average, so concurrent deliveries and refunds never lose one another. Units of unknown cost leave the
 * average as it is; with nothing counted in stock (null or ≤ 0) or no average yet, the new cost is the
 * average; otherwise round((old qty × old avg + qty × cost) / (old qty + qty)), half up, in cents.
 */
export function averageAfterIncoming(quantity: number, unitCostCents: number | null): SQL {
  const current = propertyProducts.currentQuantity;
  const average = propertyProducts.averageCostCents;
  if (unitCostCents === null) return sql`${average}`;
  return sql`case
    when ${current} is null or ${current} <= 0 or ${average} is null then ${unitCostCents}::int
    else round((${current}::numeric * ${average} + ${quantity}::numeric * ${unitCostCents}) / (${current} + ${quantity}::int))::int
  end`;
}

/**
 * A product's cost was set or changed: the organization's properties with no average cost for it yet take
 * it (a known cost is better than none); a known average is never overwritten.
 */
export async function adoptProductCost(
  tx: Tx,
  organizationId: string,
  productId: string,
  costCents: number,
): Promise<void> {
  await tx
    .update(propertyProducts)
    .set({ averageCostCents: costCents })
    .where(
      and(
        eq(propertyProducts.organizationId, organizationId),
        eq(propertyProducts.productId, productId),
        isNull(propertyProducts.averageCostCents),
      ),
    );
}
