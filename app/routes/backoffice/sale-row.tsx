import type { SaleRow } from "~/domain/sales/sales-page.server";
import { formatDateTime, formatDay } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { PAYMENT_METHOD_LABEL } from "~/lib/payment-method";
import { shortId } from "~/lib/short-id";
import { Button } from "~/ui/button";
import { OrderStatusBadge } from "./order-status-badge";
import { MoneyRows, saleFigures } from "./wallet-money";

export type SaleView = Omit<SaleRow, "createdAt"> & { createdAt: string };

/**
 * One sale (part 2 §2): first 8 characters of the id, date, status, property and items, each line as
 * quantity × price = line total. A paid or refunded sale shows its money as the wallet ledger has it
 * (gross, the provider's fee, Estadia's fee, the refund, the net); an unpaid one only its total.
 */
export function SaleItem({ sale, onRefund }: { sale: SaleView; onRefund?: () => void }) {
  const settled = sale.status === "paid" || sale.status === "refunded";
  return (
    <article
      aria-labelledby={`sale-${sale.id}`}
      className="grid gap-3 rounded-xl border border-border bg-surface p-4 shadow-xs"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`sale-${sale.id}`} className="font-mono text-sm font-semibold text-ink">
          #{shortId(sale.id)}
        </h2>
        <OrderStatusBadge status={sale.status} dispute={sale.dispute} />
      </div>
      <p className="text-sm text-muted">
        {formatDateTime(sale.createdAt)} · {sale.propertyName} · {PAYMENT_METHOD_LABEL[sale.paymentMethod]} ·{" "}
        {sale.buyerName}
      </p>
      <ul aria-label="Itens" className="grid gap-1 text-sm">
        {sale.items.map((item) => (
          <li key={item.name} className="flex flex-wrap justify-between gap-x-3">
            <span>{item.name}</span>
            <span className="ml-auto text-muted tabular-nums">
              {item.quantity} × {formatCents(item.unitPriceCents)} ={" "}
              <span className="text-ink">{formatCents(item.quantity * item.unitPriceCents)}</span>
            </span>
          </li>
        ))}
      </ul>
      {settled ? (
        <MoneyRows figures={saleFigures(sale, sale.netCents)} className="border-t border-border pt-2" />
      ) : (
        <p className="flex justify-between gap-3 border-t border-border pt-2 text-sm">
          <span className="text-muted">Total</span>
          <span className="font-semibold tabular-nums">{formatCents(sale.totalCents)}</span>
        </p>
      )}
      {sale.dispute ? (
        <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-muted">
            {sale.disputeRespondBy
              ? `Envie as provas ao provedor até ${formatDay(sale.disputeRespondBy)}.`
              : "Contestação encerrada."}
          </span>
          <a className="font-medium text-brand underline" href={`/sales/${sale.id}/contestacao.pdf`} download>
            Dossiê da contestação (PDF)
          </a>
        </p>
      ) : null}
      {onRefund ? (
        <div className="flex justify-end">
          <Button variant="outline" size="sm" onClick={onRefund}>
            Reembolsar
          </Button>
        </div>
      ) : null}
    </article>
  );
}
