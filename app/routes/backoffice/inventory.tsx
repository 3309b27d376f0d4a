import { ClipboardCheck, History, PackageSearch, SlidersHorizontal } from "lucide-react";
import { type InventoryRow, inventoryFilter, readInventoryPage } from "~/domain/stock/read-inventory.server";
import { setAlertQuantity } from "~/domain/stock/set-alert-quantity.server";
import { can } from "~/domain/team/permissions";
import { formText } from "~/lib/form-text";
import { Badge } from "~/ui/badge";
import { buttonClasses } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import { answerIntent } from "../intents.server";
import type { Route } from "./+types/inventory";
import { backofficeContext } from "./guard.server";
import { AlertLevelForm } from "./inventory-alert-form";
import { InventoryFilters } from "./inventory-filters";
import { InventoryTabs } from "./inventory-tabs";
import { INVENTORY_TEXT as T } from "./inventory-text";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";
import { STOCK_COUNT_TEXT } from "./stock-count-text";

export function meta() {
  return [{ title: T.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "catalog.read", { title: T.title, what: "ver o estoque" });
  const { db } = context.get(servicesContext);
  const filter = inventoryFilter(new URL(request.url).searchParams);
  const { rows, properties, categories } = await readInventoryPage(db, actor, filter);
  return {
    filter,
    filtered: filter.propertyId !== null || filter.categoryId !== null || filter.onlyMissing,
    rows,
    properties,
    categories,
    canSetAlert: can(actor, "catalog.manage"),
    canCount: can(actor, "stock.count"),
    showLosses: can(actor, "sales.read"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  return answerIntent(form, {
    alert: async () => {
      const [propertyId, productId] = [formText(form, "propertyId"), formText(form, "productId")];
      await setAlertQuantity(db, actor, propertyId, productId, formText(form, "alertQuantity"));
      return T.alertSaved;
    },
  });
}

export default function Inventory({ loaderData }: Route.ComponentProps) {
  const { filter, filtered, rows, properties, categories, canSetAlert, canCount } = loaderData;
  const groups = byProperty(rows);
  const missing = rows.filter((r) => r.missing).length;
  const low = rows.filter((r) => r.low).length;
  return (
    <PageFrame title={T.title} description={T.description}>
      <InventoryTabs current="stock" showLosses={loaderData.showLosses} />
      <InventoryFilters filter={filter} properties={properties} categories={categories} />
      {rows.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={PackageSearch}
            title={T.emptyFiltered}
            action={
              <Link to="/inventory" className={buttonClasses({ variant: "outline" })}>
                {T.clearFilters}
              </Link>
            }
          />
        ) : (
          <NothingInStock properties={properties} canManage={canSetAlert} />
        )
      ) : (
        <>
          <dl aria-label="Resumo do estoque" className="grid grid-cols-3 gap-3">
            {[
              ["Produtos nos imóveis", rows.length],
              ["Em falta", missing],
              ["No nível de alerta", low],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl border border-border bg-surface p-3 sm:p-4">
                <dt className="text-xs text-muted sm:text-sm">{label}</dt>
                <dd className="text-xl font-semibold text-ink">{value}</dd>
              </div>
            ))}
          </dl>
          {canSetAlert ? <p className="text-sm text-muted">{T.alertHint}</p> : null}
          {groups.map((group) => (
            <PropertyStock
              key={group.propertyId}
              group={group}
              canSetAlert={canSetAlert}
              canCount={canCount}
            />
          ))}
        </>
      )}
    </PageFrame>
  );
}

/**
 * No product in any property yet: the next step is a property's products page (straight there when there is
 * only one property). Staff cannot add products, so they are only told what will appear.
 */
function NothingInStock({
  properties,
  canManage,
}: {
  properties: { id: string; name: string }[];
  canManage: boolean;
}) {
  const only = properties.length === 1 ? properties[0] : undefined;
  return (
    <EmptyState
      icon={PackageSearch}
      title={T.empty}
      description={
        !canManage ? T.emptyHintStaff : properties.length === 0 ? T.emptyHintNoProperty : T.emptyHint
      }
      action={
        !canManage ? null : only ? (
          <Link to={`/properties/${only.id}/products`} className={buttonClasses()}>
            {T.emptyToProperty(only.name)}
          </Link>
        ) : (
          <Link to="/properties" className={buttonClasses({ variant: "outline" })}>
            {T.emptyToProperties}
          </Link>
        )
      }
    />
  );
}

type Group = { propertyId: string; propertyName: string; rows: InventoryRow[] };

/** Rows come ordered by property: consecutive rows of one property make its group. */
function byProperty(rows: InventoryRow[]): Group[] {
  const groups: Group[] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last?.propertyId === row.propertyId) last.rows.push(row);
    else groups.push({ propertyId: row.propertyId, propertyName: row.propertyName, rows: [row] });
  }
  return groups;
}

// One grid for the header and every row from lg up (the side navigation leaves room for columns there);
// below, each product is a small card whose values carry their own labels.
const COLUMNS = "lg:grid-cols-[minmax(0,1fr)_5rem_5rem_9rem_13.5rem_2.5rem] lg:items-center lg:gap-x-4";

function PropertyStock({
  group,
  canSetAlert,
  canCount,
}: {
  group: Group;
  canSetAlert: boolean;
  canCount: boolean;
}) {
  const headingId = `imovel-${group.propertyId}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {group.propertyName}
        </h2>
        <div className="flex flex-wrap gap-1">
          <Link
            to={`/properties/${group.propertyId}/products`}
            className={buttonClasses({ variant: "ghost", size: "sm" })}
          >
            <SlidersHorizontal aria-hidden="true" />
            Ajustar quantidades
          </Link>
          {canCount ? (
            <Link
              to={`/properties/${group.propertyId}/conferencia`}
              className={buttonClasses({ variant: "ghost", size: "sm" })}
            >
              <ClipboardCheck aria-hidden="true" />
              {STOCK_COUNT_TEXT.open}
              <span className="sr-only"> de {group.propertyName}</span>
            </Link>
          ) : null}
        </div>
      </div>
      <div className="rounded-xl border border-border bg-surface">
        {/* Column titles for the eye; each value says its own for screen readers. */}
        <div
          aria-hidden="true"
          className={`hidden px-4 py-3 text-sm font-medium text-muted lg:grid ${COLUMNS}`}
        >
          <span>Produto</span>
          <span>Atual</span>
          <span>Esperado</span>
          <span>Situação</span>
          <span>Nível de alerta</span>
        </div>
        <ul
          aria-label={`Produtos de ${group.propertyName}`}
          className="divide-y divide-border lg:border-t lg:border-border"
        >
          {group.rows.map((row) => (
            <StockLine key={row.productId} row={row} canSetAlert={canSetAlert} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function StockLine({ row, canSetAlert }: { row: InventoryRow; canSetAlert: boolean }) {
  const lacking = row.current !== null && row.expected !== null ? row.expected - row.current : 0;
  const label = "text-muted lg:sr-only";
  return (
    <li className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-2 px-4 py-3 text-sm ${COLUMNS}`}>
      <div className="min-w-0">
        <p className="font-medium break-words text-ink">{row.productName}</p>
        {row.categoryName ? (
          <p className="mt-0.5 flex items-center gap-1.5 text-xs text-muted">
            <span
              aria-hidden="true"
              className="inline-block size-2.5 shrink-0 rounded-full ring-1 ring-black/15 ring-inset"
              style={{ backgroundColor: row.categoryColor ?? undefined }}
            />
            {row.categoryName}
          </p>
        ) : null}
      </div>
      <Link
        to={`/inventory/historico?imovel=${row.propertyId}&produto=${row.productId}`}
        className={buttonClasses({
          variant: "ghost",
          size: "icon",
          className: "justify-self-end lg:order-last",
        })}
        aria-label={`Histórico de ${row.productName} em ${row.propertyName}`}
        title="Histórico"
      >
        <History aria-hidden="true" />
      </Link>
      <div className="col-span-2 flex flex-wrap items-center gap-x-4 gap-y-1 lg:contents">
        <p>
          <span className={label}>Atual: </span>
          {row.current === null ? (
            <span className="text-muted">{T.unlimited}</span>
          ) : (
            <span className="font-semibold text-ink">{row.current}</span>
          )}
          {row.reserved > 0 ? (
            <span className="text-xs text-muted lg:block">
              {" "}
              {row.reserved === 1 ? "1 reservado" : `${row.reserved} reservados`}
            </span>
          ) : null}
        </p>
        <p>
          <span className={label}>Esperado: </span>
          {row.expected === null ? <span className="text-muted">Sem meta</span> : row.expected}
        </p>
        <p className="flex flex-wrap gap-1">
          <span className="sr-only">Situação: </span>
          {row.missing ? <Badge tone="red">{lacking === 1 ? "Falta 1" : `Faltam ${lacking}`}</Badge> : null}
          {row.low ? <Badge tone="yellow">Estoque baixo</Badge> : null}
          {!row.missing && !row.low && row.current !== null && row.expected !== null ? (
            <Badge tone="green">Completo</Badge>
          ) : null}
        </p>
      </div>
      <div className="col-span-2 lg:col-span-1">
        {canSetAlert ? (
          <AlertLevelForm
            propertyId={row.propertyId}
            productId={row.productId}
            what={`${row.productName} em ${row.propertyName}`}
            alertQuantity={row.alertQuantity}
            alertLevel={row.alertLevel}
          />
        ) : (
          <p>
            <span className={label}>Nível de alerta: </span>
            {row.alertLevel ?? "—"}
            {row.alertQuantity === null && row.alertLevel !== null ? (
              <span className="text-muted"> (padrão)</span>
            ) : null}
          </p>
        )}
      </div>
    </li>
  );
}
