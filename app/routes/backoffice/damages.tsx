import { Plus, ShieldAlert } from "lucide-react";
import { useNavigate } from "react-router";
import { deadlineText, isClaimUrgent } from "~/domain/damages/claim-deadline";
import { DAMAGE_STATUS_LABEL, DAMAGE_STATUSES } from "~/domain/damages/damage-status";
import { DAMAGE_TEXT } from "~/domain/damages/messages";
import { damagePropertyFilter, listDamages } from "~/domain/damages/read-damages.server";
import { stayDates } from "~/domain/stays/stay-dates-text";
import { saoPauloDay } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { buttonClasses } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { FilterForm, PropertyFilter, SelectFilter } from "~/ui/filter-form";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import type { Route } from "./+types/damages";
import { DamageStatusBadge } from "./damage-status-badge";
import { backofficeContext } from "./guard.server";
import { servicesContext } from "./services.server";

export function meta() {
  return [{ title: "Avarias" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  const query = new URL(request.url).searchParams;
  const filters = { propertyId: query.get("imovel"), status: query.get("status") };
  const { db } = context.get(servicesContext);
  const [records, properties] = await Promise.all([
    listDamages(db, actor, filters),
    damagePropertyFilter(db, actor),
  ]);
  const today = saoPauloDay(new Date());
  return {
    records: records.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      propertyName: r.propertyName,
      stayDates: r.stay ? stayDates(r.stay) : null,
      // Null for whoever may not see amounts (the read leaves them out).
      total: r.amounts ? formatCents(r.amounts.totalCents) : null,
      deadline: r.claimDeadline && r.status === "open" ? deadlineText(r.claimDeadline, today) : null,
      urgent: isClaimUrgent(r, today),
    })),
    showAmounts: records.some((r) => r.amounts !== null),
    properties,
    filters,
    filtered: Boolean(filters.propertyId || filters.status),
  };
}

/** Issue 23: the organization's damage records, newest first, filtered by property and status. */
export default function Damages({ loaderData }: Route.ComponentProps) {
  const { records, showAmounts, properties, filters, filtered } = loaderData;
  const navigate = useNavigate();
  const create = (
    <Link to="/avarias/nova" className={buttonClasses()}>
      <Plus aria-hidden="true" />
      Registrar avaria
    </Link>
  );
  return (
    <PageFrame title="Avarias" actions={create}>
      <FilterForm label="Filtros das avarias" clearTo="/avarias" columns="lg:grid-cols-3">
        <PropertyFilter id="damages-property" value={filters.propertyId} properties={properties} />
        <SelectFilter
          id="damages-status"
          name="status"
          label="Status"
          all="Todos os status"
          value={filters.status}
          options={DAMAGE_STATUSES.map((s) => ({ value: s, label: DAMAGE_STATUS_LABEL[s] }))}
        />
      </FilterForm>
      {records.length === 0 ? (
        <EmptyState
          icon={ShieldAlert}
          title={filtered ? DAMAGE_TEXT.emptyFiltered : DAMAGE_TEXT.empty}
          description={filtered ? undefined : DAMAGE_TEXT.emptyHint}
          action={filtered ? null : create}
        />
      ) : (
        <div className="overflow-x-auto rounded-xl border border-border bg-surface">
          <table className="w-full text-sm">
            <thead className="text-left text-muted">
              <tr>
                <th className="p-3 font-medium">Avaria</th>
                <th className="p-3 font-medium">Imóvel</th>
                <th className="p-3 font-medium">Estadia</th>
                <th className="p-3 font-medium">Status</th>
                {showAmounts ? <th className="p-3 text-right font-medium">Total</th> : null}
                <th className="p-3 font-medium">Prazo</th>
              </tr>
            </thead>
            <tbody>
              {records.map((r) => (
                <tr
                  key={r.id}
                  className="cursor-pointer border-t border-border hover:bg-surface-alt"
                  onClick={() => navigate(`/avarias/${r.id}`)}
                >
                  <td className="p-3">
                    <Link to={`/avarias/${r.id}`} className="font-medium text-brand underline">
                      {r.title}
                    </Link>
                  </td>
                  <td className="p-3">{r.propertyName}</td>
                  <td className="p-3 whitespace-nowrap">{r.stayDates ?? DAMAGE_TEXT.noStay}</td>
                  <td className="p-3">
                    <DamageStatusBadge status={r.status} />
                  </td>
                  {showAmounts ? (
                    <td className="p-3 text-right whitespace-nowrap tabular-nums">{r.total}</td>
                  ) : null}
                  <td className={r.urgent ? "p-3 font-medium text-danger" : "p-3"}>{r.deadline ?? "-"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PageFrame>
  );
}
