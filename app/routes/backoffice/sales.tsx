import { Download, ShoppingBag } from "lucide-react";
import { useState } from "react";
import { useLocation } from "react-router";
import { MONEY_TEXT } from "~/domain/ledger/messages";
import { refundOrder } from "~/domain/payments/refund-order.server";
import { listSales, readSalesFirstPage, type SalesPage } from "~/domain/sales/sales-page.server";
import { can } from "~/domain/team/permissions";
import { formText } from "~/lib/form-text";
import { buttonClasses } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { LoadMore, useKeysetPages } from "~/ui/keyset-pages";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import { answer } from "../intents.server";
import type { Route } from "./+types/sales";
import { EMPTY_TEXT as E } from "./empty-states-text";
import { backofficeContext } from "./guard.server";
import { RefundDialog } from "./refund-dialog";
import { requireCan } from "./require-can.server";
import { SaleItem, type SaleView } from "./sale-row";
import { SalesFilters } from "./sales-filters";
import { salesQueryWithStay } from "./sales-query.server";
import { SalesTotals } from "./sales-totals";
import { servicesContext } from "./services.server";

export function meta() {
  return [{ title: "Vendas" }];
}

const view = (page: SalesPage) => ({
  rows: page.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  next: page.next,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "sales.read", { title: "Vendas", what: "ver as vendas" });
  const { db } = context.get(servicesContext);
  const query = new URL(request.url).searchParams;
  const filter = await salesQueryWithStay(db, actor, query);
  const cursor = query.get("cursor");
  // A later page (infinite scroll) needs only its rows.
  if (cursor) return { more: view(await listSales(db, actor, filter, cursor)) };
  const { page, totals, properties } = await readSalesFirstPage(db, actor, filter);
  return {
    filter,
    first: view(page),
    totals,
    properties,
    canRefund: can(actor, "sales.refund"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const form = await request.formData();
  return answer("refund", async () => {
    await refundOrder(context.get(servicesContext), actor, {
      orderId: formText(form, "orderId"),
      reason: formText(form, "reason"),
    });
    return MONEY_TEXT.refunded;
  });
}

type Loaded = Exclude<Route.ComponentProps["loaderData"], { more: unknown }>;

export default function Sales({ loaderData }: Route.ComponentProps) {
  if ("more" in loaderData) return null;
  return <SalesScreen {...loaderData} />;
}

function SalesScreen({ filter, first, totals, properties, canRefund }: Loaded) {
  const { search } = useLocation();
  const pages = useKeysetPages<SaleView>("/sales", first);
  const [refunding, setRefunding] = useState<SaleView | null>(null);

  const exportQuery = new URLSearchParams(search);
  exportQuery.delete("cursor");
  return (
    <PageFrame
      title="Vendas"
      actions={
        <a href={`/sales.csv?${exportQuery}`} className={buttonClasses({ variant: "outline" })} download>
          <Download aria-hidden="true" />
          Exportar CSV
        </a>
      }
    >
      {/* Keyed by the filter: going to another /sales URL (Limpar, Back) shows its filter in the form. */}
      <SalesFilters key={JSON.stringify(filter)} filter={filter} properties={properties} />
      <SalesTotals totals={totals} />
      {pages.rows.length === 0 ? (
        <NoSales filtered={isFiltered(filter)} />
      ) : (
        <ol aria-label="Vendas" className="grid gap-3">
          {pages.rows.map((sale) => (
            <li key={sale.id}>
              <SaleItem
                sale={sale}
                onRefund={canRefund && sale.status === "paid" ? () => setRefunding(sale) : undefined}
              />
            </li>
          ))}
        </ol>
      )}
      <LoadMore pages={pages} label="Carregar mais vendas" whenSeen />
      {canRefund ? <RefundDialog sale={refunding} onClose={() => setRefunding(null)} /> : null}
    </PageFrame>
  );
}

const isFiltered = (filter: Loaded["filter"]) =>
  filter.status !== null ||
  filter.propertyId !== null ||
  filter.from !== null ||
  filter.to !== null ||
  filter.stay !== null;

/** 'Nenhuma venda encontrada': because of the filters, or because nothing has been sold yet. */
function NoSales({ filtered }: { filtered: boolean }) {
  return (
    <EmptyState
      icon={ShoppingBag}
      title={MONEY_TEXT.noSales}
      description={filtered ? E.salesFiltered : E.salesHint}
      action={
        <Link to={filtered ? "/sales" : "/properties"} className={buttonClasses({ variant: "outline" })}>
          {filtered ? E.clearFilters : E.salesToProperties}
        </Link>
      }
    />
  );
}
