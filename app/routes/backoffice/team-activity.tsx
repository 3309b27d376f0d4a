import { History } from "lucide-react";
import { listActivity } from "~/domain/team/activity.server";
import { describeActivity } from "~/domain/team/activity-text";
import { formatDateTime } from "~/lib/dates";
import { buttonClasses } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import type { Route } from "./+types/team-activity";
import { EMPTY_TEXT as E } from "./empty-states-text";
import { backofficeContext } from "./guard.server";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";

export function meta() {
  return [{ title: "Atividade da equipe" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "team.manage", { title: "Atividade", what: "ver a atividade da equipe" });
  const { db } = context.get(servicesContext);
  const entries = await listActivity(db, actor);
  return {
    entries: entries.map((e) => ({
      id: e.id,
      text: describeActivity(e),
      actorName: e.actorName,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

export default function TeamActivity({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame
      title="Atividade"
      description="Quem mudou preços e a equipe, e quando. As mudanças de estoque ficam no histórico do estoque."
      actions={
        <>
          <Link to="/team" className={buttonClasses({ variant: "outline" })}>
            Equipe
          </Link>
          <Link to="/inventory/historico" className={buttonClasses({ variant: "outline" })}>
            Histórico do estoque
          </Link>
        </>
      }
    >
      {loaderData.entries.length === 0 ? (
        <EmptyState icon={History} title={E.activity} description={E.activityHint} />
      ) : (
        <ol aria-label="Atividade" className="grid gap-2">
          {loaderData.entries.map((e) => (
            <li key={e.id} className="grid gap-0.5 rounded-xl border border-border bg-surface p-3">
              <p className="font-medium">{e.text}</p>
              <p className="text-sm text-muted">
                {e.actorName ?? "Conta removida"} · {formatDateTime(e.createdAt)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </PageFrame>
  );
}
