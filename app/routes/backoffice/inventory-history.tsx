import { Download, History } from "lucide-react";
import { useLocation } from "react-router";
import { listCatalogProductsForPicker } from "~/domain/catalog/products.server";
import { listProperties } from "~/domain/properties/read-properties.server";
import { causeLabel, movementLabel, moverLabel, quantityLabel } from "~/domain/stock/movement-reasons";
import {
  type HistoryPage,
  type HistoryRow,
  historyFilter,
  listStockHistory,
} from "~/domain/stock/read-stock-history.server";
import { can } from "~/domain/team/permissions";
import { formatDateTime } from "~/lib/dates";
import { sortByName } from "~/lib/sort-by-name";
import { buttonClasses } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { LoadMore, useKeysetPages } from "~/ui/keyset-pages";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import type { Route } from "./+types/inventory-history";
import { backofficeContext } from "./guard.server";
import { HistoryFilters } from "./inventory-history-filters";
import { InventoryTabs } from "./inventory-tabs";
import { INVENTORY_TEXT as T } from "./inventory-text";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";

export function meta() {
  return [{ title: T.historyTitle }];
}

type RowView = Omit<HistoryRow, "at"> & { at: string };
type PageView = { rows: RowView[]; next: string | null };

const view = (page: HistoryPage): PageView => ({
  rows: page.rows.map((r) => ({ ...r, at: r.at.toISOString() })),
  next: page.next,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "catalog.read", { title: T.historyTitle, what: "ver o estoque" });
  const { db } = context.get(servicesContext);
  const query = new URL(request.url).searchParams;
  const filter = historyFilter(query);
  const cursor = query.get("cursor");
  // 'Carregar mais' needs only the next rows.
  if (cursor) return { more: view(await listStockHistory(db, actor, filter, cursor)) };
  const [page, properties, products] = await Promise.all([
    listStockHistory(db, actor, filter, null),
    listProperties(db, actor),
    listCatalogProductsForPicker(db, actor),
  ]);
  return {
    filter,
    first: view(page),
    properties: sortByName(properties.map((p) => ({ id: p.id, name: p.name }))),
    products: products.map((p) => ({ id: p.id, name: p.name })),
    showLosses: can(actor, "sales.read"),
  };
}

type Loaded = Exclude<Route.ComponentProps["loaderData"], { more: unknown }>;

export default function InventoryHistory({ loaderData }: Route.ComponentProps) {
  if ("more" in loaderData) return null;
  return <HistoryScreen {...loaderData} />;
}

function HistoryScreen({ filter, first, properties, products, showLosses }: Loaded) {
  const { search } = useLocation();
  const pages = useKeysetPages<RowView>("/inventory/historico", first);

  // The CSV of the filters shown (the empty fields a GET form sends are left out).
  const exportQuery = new URLSearchParams(
    [...new URLSearchParams(search)].filter(([name, value]) => name !== "cursor" && value !== ""),
  );
  // Empty because of a filter, or nothing has moved yet (an ignored bad date filters nothing).
  const filtered =
    filter.propertyId !== null ||
    filter.productId !== null ||
    filter.reason !== null ||
    filter.from !== null ||
    filter.to !== null;
  const csvHref = `/inventory/historico.csv${exportQuery.size ? `?${exportQuery}` : ""}`;
  return (
    <PageFrame
      title={T.historyTitle}
      description={T.historyDescription}
      actions={
        <a href={csvHref} className={buttonClasses({ variant: "outline" })} download>
          <Download aria-hidden="true" />
          Exportar CSV
        </a>
      }
    >
      <InventoryTabs current="history" showLosses={showLosses} />
      <HistoryFilters filter={filter} properties={properties} products={products} />
      {pages.rows.length === 0 ? (
        <EmptyState
          icon={History}
          title={T.noMovements}
          description={filtered ? T.noMovementsFiltered : T.noMovementsHint}
          action={
            <Link
              to={filtered ? "/inventory/historico" : "/inventory"}
              className={buttonClasses({ variant: "outline" })}
            >
              {filtered ? T.clearFilters : T.toStock}
            </Link>
          }
        />
      ) : (
        <div className="rounded-xl border border-border bg-surface">
          {/* Column titles for the eye; each value says its own for screen readers. */}
          <div
            aria-hidden="true"
            className={`hidden px-4 py-3 text-sm font-medium text-muted lg:grid ${COLUMNS}`}
          >
            <span>Data</span>
            <span>Imóvel</span>
            <span>Produto</span>
            <span>Motivo</span>
            <span>Quem</span>
            <span>Quantidade</span>
          </div>
          <ol
            aria-label="Movimentações, das mais recentes às mais antigas"
            className="divide-y divide-border lg:border-t lg:border-border"
          >
            {pages.rows.map((row) => (
              <MovementLine key={row.id} row={row} />
            ))}
          </ol>
        </div>
      )}
      <LoadMore pages={pages} label={T.loadMore} />
    </PageFrame>
  );
}

// One grid for the header and every row from lg up; below, each movement is a small card.
const COLUMNS =
  "lg:grid-cols-[8.5rem_minmax(0,1fr)_minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)_7rem] lg:gap-x-4";

function MovementLine({ row }: { row: RowView }) {
  const from = quantityLabel(row.oldQuantity, "old", row.reason);
  const to = quantityLabel(row.newQuantity, "new", row.reason);
  const label = "sr-only";
  return (
    <li
      className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 px-4 py-3 text-sm lg:items-center ${COLUMNS}`}
    >
      <p className="col-start-2 row-start-1 text-right text-xs text-muted lg:col-start-auto lg:row-start-auto lg:text-left lg:text-sm lg:text-ink">
        <span className={label}>Data: </span>
        {formatDateTime(row.at)}
      </p>
      <p className="col-start-1 row-start-2 text-muted lg:col-start-auto lg:row-start-auto lg:text-ink">
        <span className={label}>Imóvel: </span>
        {row.propertyName}
      </p>
      <p className="col-start-1 row-start-1 font-medium text-ink lg:col-start-auto lg:row-start-auto lg:font-normal">
        <span className={label}>Produto: </span>
        {row.productName}
      </p>
      <p>
        <span className={label}>Motivo: </span>
        {movementLabel(row.reason, row.lossReason)}
        {row.cause ? (
          <>
            {" "}
            {row.cause.kind === "replacement" ? (
              <Link to={`/replacements/${row.cause.id}`} className="font-mono text-xs text-brand underline">
                {causeLabel(row.cause)}
              </Link>
            ) : (
              <span className="font-mono text-xs text-muted">{causeLabel(row.cause)}</span>
            )}
          </>
        ) : null}
      </p>
      <p className="text-right text-muted lg:text-left lg:text-ink">
        <span className={label}>Quem: </span>
        {moverLabel(row.reason, row.actorName)}
      </p>
      <p className="col-start-2 row-start-2 text-right font-semibold whitespace-nowrap lg:col-start-auto lg:row-start-auto lg:text-left">
        <span className={label}>Quantidade: </span>
        {from} <span aria-hidden="true">→</span>
        <span className="sr-only">para</span> {to}
      </p>
    </li>
  );
}
