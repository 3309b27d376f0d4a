import type { ProductProfit } from "~/domain/profit/read-profit.server";
import { formatCents } from "~/lib/money";

/** The products that made the most profit in the period; 'sem custo' where the cost is unknown in part. */
export function ProfitTopProducts({ products }: { products: ProductProfit[] }) {
  return (
    <section
      aria-labelledby="profit-products"
      className="grid gap-2 rounded-xl border border-border bg-surface p-4"
    >
      <h2 id="profit-products" className="text-base font-semibold text-ink">
        Produtos que mais deram lucro
      </h2>
      {products.length === 0 ? (
        <p className="text-sm text-muted">Nenhum produto vendido no período.</p>
      ) : (
        <ol className="grid gap-1 text-sm">
          {products.map((p) => (
            <li
              key={p.productId}
              className="flex items-baseline justify-between gap-3 border-t border-border pt-1 first:border-0"
            >
              <span className="min-w-0 break-words text-ink">
                {p.name}{" "}
                <span className="text-muted">
                  · {p.units} {p.units === 1 ? "unidade" : "unidades"}
                  {p.uncostedUnits > 0 ? ` · ${p.uncostedUnits} sem custo` : ""}
                </span>
              </span>
              <span className="whitespace-nowrap tabular-nums font-medium">
                {p.profitCents === null ? "sem custo" : formatCents(p.profitCents)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
