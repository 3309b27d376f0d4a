import { countOf, MONEY_LABEL as L } from "~/domain/ledger/messages";
import type { SalesTotals as Totals } from "~/domain/sales/sales-totals.server";
import { MoneyTiles } from "./wallet-money";

/** '5 vendas · 3 pagas · 1 reembolsada · 1 pendente': what each count counts, zeros left out. */
export function countsText(totals: Pick<Totals, "orders" | "counts">): string {
  const { paid, refunded, pending, cancelled, failed } = totals.counts;
  const parts = [
    countOf(totals.orders, "venda", "vendas"),
    paid ? countOf(paid, "paga", "pagas") : "",
    refunded ? countOf(refunded, "reembolsada", "reembolsadas") : "",
    pending ? countOf(pending, "pendente", "pendentes") : "",
    cancelled ? countOf(cancelled, "cancelada", "canceladas") : "",
    failed ? `${failed} com falha` : "",
  ];
  return parts.filter(Boolean).join(" · ");
}

/**
 * The filtered period's totals on top of /sales, from the same ledger lines as each sale: refunded sales
 * stay in 'Vendas brutas' and 'Reembolsos' offsets them, so 'Líquido' is what the wallets hold for them.
 */
export function SalesTotals({ totals }: { totals: Totals }) {
  return (
    <section aria-label="Totais do período" className="grid gap-2">
      <p className="text-sm text-muted">{countsText(totals)}</p>
      <MoneyTiles
        className="sm:grid-cols-3 lg:grid-cols-5"
        figures={[
          { label: L.grossTotal, cents: totals.grossCents },
          { label: L.providerFee, cents: -totals.providerFeeCents },
          { label: L.platformFee, cents: -totals.platformFeeCents },
          { label: L.refundTotal, cents: totals.refundCents },
          { label: L.net, cents: totals.netCents, strong: true },
        ]}
      />
    </section>
  );
}
