import type { SaleRow } from "~/domain/ledger/read-sales.server";
import { formatDateTime } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { shortId } from "~/lib/short-id";
import { Button } from "~/ui/button";
import { OrderStatusBadge } from "./order-status-badge";

export type SaleView = Omit<SaleRow, "createdAt"> & { createdAt: string };

const METHOD = { pix: "Pix", credit_card: "Cartão" } as const;

/** One sale (part 2 §2): first 8 characters of the id, date, status, property and items. */
export function SaleItem({ sale, onRefund }: { sale: SaleView; onRefund?: () => void }) {
  return (
    <article
      aria-labelledby={`sale-${sale.id}`}
      className="grid gap-3 rounded-xl border border-border bg-surface p-4 shadow-xs"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`sale-${sale.id}`} className="font-mono text-sm font-semibold text-ink">
          #{shortId(sale.id)}
        </h2>
        <OrderStatusBadge status={sale.status} />
      </div>
      <p className="text-sm text-muted">
        {formatDateTime(sale.createdAt)} · {sale.propertyName} · {METHOD[sale.paymentMethod]} ·{" "}
        {sale.buyerName}
      </p>
      <ul className="grid gap-1 text-sm">
        {sale.items.map((item) => (
          <li key={item.name} className="flex justify-between gap-3">
            <span>
              {item.quantity} x {item.name}
            </span>
            <span className="text-muted">{formatCents(item.unitPriceCents)}</span>
          </li>
        ))}
      </ul>
      <div className="flex items-center justify-between border-t border-border pt-2">
        <span className="font-semibold">{formatCents(sale.totalCents)}</span>
        {onRefund ? (
          <Button variant="outline" size="sm" onClick={onRefund}>
            Reembolsar
          </Button>
        ) : null}
      </div>
    </article>
  );
}
