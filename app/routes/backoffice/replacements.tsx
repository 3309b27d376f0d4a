import { CalendarRange, Plus, RefreshCw } from "lucide-react";
import { useNavigate } from "react-router";
import { RESTOCK_TEXT } from "~/domain/restock/messages";
import { listReplacements } from "~/domain/restock/read-replacements.server";
import { AGENDA_TEXT } from "~/domain/stays/agenda-messages";
import { can } from "~/domain/team/permissions";
import { formatDateTime } from "~/lib/dates";
import { Badge } from "~/ui/badge";
import { buttonClasses } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import type { Route } from "./+types/replacements";
import { backofficeContext } from "./guard.server";
import { ReplacementStatusBadge } from "./replacement-status-badge";
import { servicesContext } from "./services.server";

export function meta() {
  return [{ title: "Reposições" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  const runs = await listReplacements(db, actor);
  return {
    runs: runs.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    canCreate: can(actor, "replacement.manage"),
  };
}

/** Part 2 §2: the runs, newest first, numbered per organization (issue 25); a row opens its detail. */
export default function Replacements({ loaderData }: Route.ComponentProps) {
  const { runs, canCreate } = loaderData;
  const navigate = useNavigate();
  const start = canCreate ? (
    <>
      <Link to="/replacements/planejar" className={buttonClasses({ variant: "outline" })}>
        <CalendarRange aria-hidden="true" />
        Planejar reposições
      </Link>
      <Link to="/replacements/create" className={buttonClasses()}>
        <Plus aria-hidden="true" />
        Iniciar uma reposição
      </Link>
    </>
  ) : null;
  return (
    <PageFrame title="Reposições" actions={start}>
      {runs.length === 0 ? (
        <EmptyState
          icon={RefreshCw}
          title={RESTOCK_TEXT.noReplacements}
          description={RESTOCK_TEXT.noReplacementsHint}
          action={
            canCreate ? (
              <Link to="/replacements/create" className={buttonClasses()}>
                <Plus aria-hidden="true" />
                {RESTOCK_TEXT.noReplacementsAction}
              </Link>
            ) : null
          }
        />
      ) : (
        <div className="overflow-x-auto rounded-xl border border-border bg-surface">
          <table className="w-full text-sm">
            <thead className="text-left text-muted">
              <tr>
                <th className="p-3 font-medium">Reposição</th>
                <th className="p-3 font-medium">Itens</th>
                <th className="p-3 font-medium">Status</th>
                <th className="p-3 font-medium">Entrega</th>
                <th className="p-3 font-medium">Criada em</th>
                <th className="p-3 font-medium">Última atualização</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr
                  key={run.id}
                  className="cursor-pointer border-t border-border hover:bg-surface-alt"
                  onClick={() => navigate(`/replacements/${run.id}`)}
                >
                  <td className="p-3 whitespace-nowrap">
                    <Link to={`/replacements/${run.id}`} className="font-medium text-brand underline">
                      {RESTOCK_TEXT.runName(run.number)}
                    </Link>
                  </td>
                  <td className="p-3 whitespace-nowrap tabular-nums">
                    {RESTOCK_TEXT.counts(run.productCount, run.propertyCount)}
                  </td>
                  <td className="p-3">
                    <ReplacementStatusBadge status={run.status} />
                  </td>
                  <td className="p-3">
                    {run.deliverBy ? (
                      <span className="flex flex-wrap items-center gap-2 whitespace-nowrap">
                        {AGENDA_TEXT.deliverBy(run.deliverBy)}
                        {run.late ? (
                          <Badge tone="red" title={AGENDA_TEXT.late(run.deliverBy)}>
                            {AGENDA_TEXT.lateBadge}
                          </Badge>
                        ) : null}
                      </span>
                    ) : (
                      <span className="text-muted">-</span>
                    )}
                  </td>
                  <td className="p-3">{formatDateTime(run.createdAt)}</td>
                  <td className="p-3">{formatDateTime(run.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PageFrame>
  );
}
