import { ArrowLeft, ArrowRight, Plus } from "lucide-react";
import { claimDeadlineOf, daysLeft } from "~/domain/damages/claim-deadline";
import { includeUnpaidInDamage } from "~/domain/damages/claim-unpaid-consumption.server";
import { DAMAGE_STATUS_LABEL, isDamageStatus } from "~/domain/damages/damage-status";
import { MONEY_LABEL as L } from "~/domain/ledger/messages";
import { sourceLabel } from "~/domain/stays/feed-source";
import { readStay } from "~/domain/stays/read-stay.server";
import { daysRange, nightsText } from "~/domain/stays/stay-dates-text";
import { purchasesText, STAY_TEXT as T } from "~/domain/stays/stay-messages";
import { STAY_ACCOUNT_TEXT as A } from "~/domain/stock/stay-account-text";
import {
  forgiveStayCount,
  readStayCount,
  type StayCount,
  saveUnpaidAlert,
  unpaidAlertCents,
} from "~/domain/stock/stay-count-account.server";
import { can } from "~/domain/team/permissions";
import { formatDay, saoPauloDay } from "~/lib/dates";
import { formText } from "~/lib/form-text";
import { env } from "~/platform/env.server";
import { Badge } from "~/ui/badge";
import { buttonClasses } from "~/ui/button";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import { answerIntent } from "../intents.server";
import type { Route } from "./+types/stay-detail";
import { backofficeContext } from "./guard.server";
import { notFoundUnlessFound } from "./not-found.server";
import { requireCan } from "./require-can.server";
import { SaleItem } from "./sale-row";
import { countsText } from "./sales-totals";
import { servicesContext } from "./services.server";
import { StayAccount, type StayAccountView } from "./stay-account";
import { StayShopLink } from "./stay-shop-link";
import { TurnoverCountLink } from "./turnover-count-link";
import { MoneyTiles } from "./wallet-money";

export function meta() {
  return [{ title: T.title }];
}

/**
 * A stay: its dates and source, the sales paid during it, its account ('Conta da estadia': what its turnover
 * count found missing and what was done about it), its damage records and its neighbours.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "stays.read", { title: T.title, what: "ver as estadias" });
  const { db } = context.get(servicesContext);
  // Another organization's stay is the 404 page, exactly like one that never existed.
  const page = notFoundUnlessFound(await readStay(db, actor, params.stayId));
  const count =
    page.stay.kind === "stay" ? await readStayCount(db, actor.organizationId, page.stay.id) : null;
  const seesMoney = can(actor, "sales.read");
  return {
    account: count ? accountView(count, seesMoney) : null,
    paidCents: seesMoney ? (page.sales?.totals.grossCents ?? 0) : null,
    canSettle: can(actor, "damage.manage"),
    claimOpen: daysLeft(claimDeadlineOf(page.stay.checkOut), saoPauloDay(new Date())) >= 0,
    alertCents: can(actor, "organization.manage") ? await unpaidAlertCents(db, actor.organizationId) : null,
    ...page,
    sales: page.sales
      ? { ...page.sales, rows: page.sales.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) }
      : null,
    canReport: can(actor, "damage.report"),
    canCount: can(actor, "stock.count"),
    shopUrl: page.shopPath ? `${env().appUrl}${page.shopPath}` : null,
  };
}

/** The account's money is left out for who may not see money (cleaning staff see units only). */
function accountView(count: StayCount, seesMoney: boolean): StayAccountView {
  return {
    countId: count.id,
    takenAt: count.takenAt.toISOString(),
    countedBy: count.countedBy,
    missing: count.missing.map((m) =>
      seesMoney
        ? {
            name: m.name,
            units: m.units,
            unitPriceCents: m.unitPriceCents,
            priceCents: m.priceCents,
            costCents: m.costCents,
          }
        : { name: m.name, units: m.units },
    ),
    ...(seesMoney
      ? {
          totalPriceCents: count.totalPriceCents,
          totalCostCents: count.missing.some((m) => m.costCents === null)
            ? null
            : count.missing.reduce((sum, m) => sum + (m.costCents ?? 0), 0),
        }
      : {}),
    sharedBetween: count.sharedBetween,
    status: count.status,
    statusBy: count.statusBy,
    statusAt: count.statusAt?.toISOString() ?? null,
    damageId: count.damageId,
  };
}

/** The account's actions: 'Incluir na avaria', 'Perdoar', and the owner's amount for the email. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  return answerIntent(form, {
    includeInDamage: async (f) => {
      const { damageId } = await includeUnpaidInDamage(db, actor, formText(f, "countId"));
      return { message: A.includedDone, damageId };
    },
    forgive: async (f) => {
      await forgiveStayCount(db, actor, formText(f, "countId"));
      return A.forgivenDone;
    },
    unpaidAlert: async (f) => {
      await saveUnpaidAlert(db, actor, formText(f, "unpaidAlert"));
      return A.alertSaved;
    },
  });
}

export default function StayDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { stay, window, salesCount, sales, damages, previous, next, canReport, canCount } = loaderData;
  const refusal = actionData && !actionData.ok ? actionData.message : null;
  const cancelled = stay.status === "cancelled";
  return (
    <PageFrame
      title={T.title}
      description={stay.propertyName}
      actions={
        <Link to="/agenda" className={buttonClasses({ variant: "ghost" })}>
          <ArrowLeft aria-hidden="true" />
          Agenda
        </Link>
      }
    >
      <section
        aria-label="Dados da estadia"
        className="grid gap-3 rounded-xl border border-border bg-surface p-4"
      >
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={cancelled ? "red" : "green"}>{cancelled ? T.cancelled : T.confirmed}</Badge>
          {stay.kind === "block" ? <Badge tone="gray">{T.block}</Badge> : null}
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Fact term="Check-in" value={formatDay(stay.checkIn)} />
          <Fact term="Check-out" value={formatDay(stay.checkOut)} />
          <Fact term="Noites" value={nightsText(stay.nights)} />
          <Fact term="Origem" value={sourceLabel(stay.source)} />
          {stay.reservationCode ? <Fact term={T.reservationCode} value={stay.reservationCode} /> : null}
        </dl>
        {canCount && stay.kind === "stay" && !cancelled ? (
          <div>
            <TurnoverCountLink propertyId={stay.propertyId} stayId={stay.id} />
          </div>
        ) : null}
        {loaderData.shopUrl ? <StayShopLink url={loaderData.shopUrl} /> : null}
      </section>

      <section aria-labelledby="stay-sales" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="stay-sales" className="text-lg font-semibold text-ink">
            {T.purchases}
          </h2>
          {sales && salesCount > 0 ? (
            <Link
              to={`/sales?estadia=${stay.id}`}
              className={buttonClasses({ variant: "outline", size: "sm" })}
            >
              {T.seeInSales}
            </Link>
          ) : null}
        </div>
        {window ? <p className="text-sm text-muted">{T.windowHint}</p> : null}
        {!window ? (
          <p className="text-sm text-muted">
            {stay.kind === "block" ? T.noSalesForBlock : T.noSalesWhenCancelled}
          </p>
        ) : salesCount === 0 ? (
          <p className="text-sm text-muted">{T.noPurchases}</p>
        ) : sales ? (
          <>
            <p className="text-sm text-muted">{countsText(sales.totals)}</p>
            <MoneyTiles
              className="sm:grid-cols-3"
              figures={[
                { label: L.grossTotal, cents: sales.totals.grossCents },
                { label: L.refundTotal, cents: sales.totals.refundCents },
                { label: L.net, cents: sales.totals.netCents, strong: true },
              ]}
            />
            <ol aria-label={T.purchases} className="grid gap-3">
              {sales.rows.map((sale) => (
                <li key={sale.id}>
                  <SaleItem sale={sale} />
                </li>
              ))}
            </ol>
          </>
        ) : (
          // Staff see how much was bought, not the money.
          <p className="text-sm text-ink">{purchasesText(salesCount)}</p>
        )}
      </section>

      {stay.kind === "stay" ? (
        <StayAccount
          account={loaderData.account}
          paidCents={loaderData.paidCents}
          canSettle={loaderData.canSettle}
          claimOpen={loaderData.claimOpen}
          alertCents={loaderData.alertCents}
          refusal={refusal}
        />
      ) : null}

      <section aria-labelledby="stay-damages" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="stay-damages" className="text-lg font-semibold text-ink">
            {T.damages}
          </h2>
          {canReport ? (
            <Link
              to={`/avarias/nova?imovel=${stay.propertyId}&estadia=${stay.id}`}
              className={buttonClasses({ variant: "outline", size: "sm" })}
            >
              <Plus aria-hidden="true" />
              {T.reportDamage}
            </Link>
          ) : null}
        </div>
        {damages.length === 0 ? (
          <p className="text-sm text-muted">{T.noDamages}</p>
        ) : (
          <ul aria-label={T.damages} className="grid gap-2">
            {damages.map((d) => (
              <li key={d.id}>
                <Link
                  to={`/avarias/${d.id}`}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border bg-surface p-3 text-sm hover:bg-brand-soft"
                >
                  <span className="font-medium text-ink">{d.title}</span>
                  <Badge tone="gray">
                    {isDamageStatus(d.status) ? DAMAGE_STATUS_LABEL[d.status] : d.status}
                  </Badge>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      {previous || next ? (
        <nav aria-label="Outras estadias do imóvel" className="flex flex-wrap justify-between gap-2">
          {previous ? (
            <Link to={`/estadias/${previous.id}`} className={buttonClasses({ variant: "ghost" })}>
              <ArrowLeft aria-hidden="true" />
              {T.previous}: {daysRange(previous.checkIn, previous.checkOut)}
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link to={`/estadias/${next.id}`} className={buttonClasses({ variant: "ghost" })}>
              {T.next}: {daysRange(next.checkIn, next.checkOut)}
              <ArrowRight aria-hidden="true" />
            </Link>
          ) : null}
        </nav>
      ) : null}
    </PageFrame>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted">{term}</dt>
      <dd className="font-medium text-ink">{value}</dd>
    </div>
  );
}
