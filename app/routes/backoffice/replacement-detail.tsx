import { ArrowLeft, FileText } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, useFetcher, useSearchParams } from "react-router";
import { AppError, refusalOf } from "~/domain/errors";
import { sendRunDeliveryEmails } from "~/domain/orders/send-delivery-email.server";
import { advanceReplacement, setDeliveredQuantities } from "~/domain/restock/advance-replacement.server";
import { RESTOCK_TEXT } from "~/domain/restock/messages";
import { getReplacement } from "~/domain/restock/read-replacements.server";
import { AGENDA_TEXT } from "~/domain/stays/agenda-messages";
import { can } from "~/domain/team/permissions";
import { formatDateTime } from "~/lib/dates";
import { formText } from "~/lib/form-text";
import {
  ALLOWED_MOVES,
  defaultGrouping,
  type Grouping,
  GUIDANCE,
  NEXT_STEP,
  REPLACEMENT_LABEL,
  type ReplacementStatus,
} from "~/lib/replacement-status";
import { Button, buttonClasses } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import { toast } from "~/ui/toaster";
import type { Answer } from "../answer";
import { answerIntent } from "../intents.server";
import type { Route } from "./+types/replacement-detail";
import { backofficeContext } from "./guard.server";
import { ReplacementLines } from "./replacement-lines";
import { ReplacementStatusBadge } from "./replacement-status-badge";
import { servicesContext } from "./services.server";

export function meta() {
  return [{ title: "Reposição" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  try {
    const run = await getReplacement(db, actor, params.id);
    const canManage = can(actor, "replacement.manage");
    return {
      run: {
        ...run,
        createdAt: run.createdAt.toISOString(),
        updatedAt: run.updatedAt.toISOString(),
        // Staff never receive what the host pays.
        lines: canManage ? run.lines : run.lines.map((l) => ({ ...l, unitCostCents: null })),
      },
      canDeliver: can(actor, "replacement.deliver"),
      canManage,
    };
  } catch (err) {
    if (refusalOf(err).kind !== "not_found") throw err;
    return data({ notFound: true as const }, { status: 404 });
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const services = context.get(servicesContext);
  const { db } = services;
  const form = await request.formData();
  return answerIntent(
    form,
    {
      quantities: async () => {
        // A line's unit cost is posted only to those who manage runs ('cost:{id}'); absent, it stays.
        const lines = [...form.entries()]
          .filter(([name]) => name.startsWith("delivered:"))
          .map(([name, value]) => {
            const itemId = name.slice("delivered:".length);
            const unitCost = form.get(`cost:${itemId}`);
            return { itemId, delivered: value, ...(unitCost === null ? {} : { unitCost }) };
          });
        await setDeliveredQuantities(db, actor, { id: params.id, lines });
        return "Quantidades salvas";
      },
      advance: async () => {
        const { status } = await advanceReplacement(db, actor, {
          id: params.id,
          from: formText(form, "from"),
          to: formText(form, "to"),
        });
        // The guests of its pre-arrival orders learn it is there (ADR 0060), after the delivery committed.
        if (status === "delivered") await sendRunDeliveryEmails(services, params.id ?? "");
        return RESTOCK_TEXT.statusUpdated(REPLACEMENT_LABEL[status]);
      },
    },
    {
      reword: (refusal, intent) =>
        intent === "advance"
          ? new AppError(
              refusal.kind,
              `${RESTOCK_TEXT.statusFailed}: ${refusal.message}`,
              refusal.fieldErrors,
            )
          : refusal,
    },
  );
}

/** Part 2 §2 'Replacement detail': status, guidance, grouped lines, and the button to the next step. */
export default function ReplacementDetail({ loaderData, actionData }: Route.ComponentProps) {
  if ("notFound" in loaderData) {
    return (
      <PageFrame title="Reposição">
        <EmptyState
          title={RESTOCK_TEXT.notFound}
          action={<Link to="/replacements">Ver as reposições</Link>}
        />
      </PageFrame>
    );
  }
  return <Detail {...loaderData} posted={actionData} />;
}

type Loaded = Exclude<Route.ComponentProps["loaderData"], { notFound: true }>;

/** `posted`: the answer to a plain form post (before the page's script runs), shown on the page. */
function Detail({ run, canDeliver, canManage, posted }: Loaded & { posted: Answer | undefined }) {
  const [params] = useSearchParams();
  const by: Grouping =
    params.get("agrupar") === "produto"
      ? "product"
      : params.get("agrupar") === "imovel"
        ? "property"
        : defaultGrouping(run.status);
  const mover = useFetcher<Answer>();
  const handled = useRef<Answer | null>(null);
  useEffect(() => {
    const answer = mover.data;
    if (!answer || mover.state !== "idle" || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) toast.success(answer.message);
    else toast.error(answer.message);
  }, [mover.data, mover.state]);

  const next = NEXT_STEP[run.status];
  const busy = mover.state !== "idle";
  const editable = canDeliver && ALLOWED_MOVES[run.status].length > 0;
  const move = (to: ReplacementStatus) =>
    mover.submit({ intent: "advance", from: run.status, to }, { method: "post" });
  return (
    <PageFrame
      title={RESTOCK_TEXT.runName(run.number)}
      description={`Criada em ${formatDateTime(run.createdAt)} · atualizada em ${formatDateTime(run.updatedAt)}`}
      actions={
        <>
          <Link to="/replacements" className={buttonClasses({ variant: "ghost" })}>
            <ArrowLeft aria-hidden="true" />
            Reposições
          </Link>
          <a
            href={`/replacements/${run.id}/lista.pdf?agrupar=${by === "product" ? "produto" : "imovel"}`}
            className={buttonClasses({ variant: "outline" })}
          >
            <FileText aria-hidden="true" />
            Lista para imprimir
          </a>
        </>
      }
    >
      {posted && !mover.data ? (
        <p role={posted.ok ? "status" : "alert"} className={posted.ok ? "text-success" : "text-danger"}>
          {posted.message}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <ReplacementStatusBadge status={run.status} />
        <p className="text-sm text-ink">{GUIDANCE[run.status]}</p>
      </div>
      {run.deliverBy ? (
        <p className="text-sm font-medium text-ink">{AGENDA_TEXT.deliverBy(run.deliverBy)}</p>
      ) : null}
      {run.deliverBy && run.late ? (
        <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger">
          {AGENDA_TEXT.late(run.deliverBy)}
        </p>
      ) : null}
      <nav aria-label="Agrupar" className="flex gap-2">
        {(
          [
            ["product", "produto", "Por produto"],
            ["property", "imovel", "Por imóvel"],
          ] as const
        ).map(([g, param, label]) => (
          <Link
            key={g}
            to={`?agrupar=${param}`}
            aria-current={by === g ? "true" : undefined}
            className={buttonClasses({ variant: by === g ? "secondary" : "ghost", size: "sm" })}
          >
            {label}
          </Link>
        ))}
      </nav>
      <ReplacementLines lines={run.lines} by={by} editable={editable} showCosts={canManage} />
      <div className="flex flex-wrap gap-2 sm:pb-20">
        {canManage && ALLOWED_MOVES[run.status].includes("cancelled") ? (
          <Button variant="outline" disabled={busy} onClick={() => move("cancelled")}>
            Cancelar reposição
          </Button>
        ) : null}
        {canDeliver && ALLOWED_MOVES[run.status].includes("returned") ? (
          <Button variant="outline" disabled={busy} onClick={() => move("returned")}>
            Marcar como devolvida
          </Button>
        ) : null}
      </div>
      {canDeliver && next ? (
        // Phones: a bar in the page's flow, stuck to the bottom, so no line sits under a floating button.
        <div className="sticky bottom-0 z-40 -mx-4 border-t border-border bg-surface px-4 py-3 sm:fixed sm:right-8 sm:bottom-8 sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
          <mover.Form method="post">
            <input type="hidden" name="intent" value="advance" />
            <input type="hidden" name="from" value={run.status} />
            <input type="hidden" name="to" value={next.to} />
            <Button
              type="submit"
              size="lg"
              busy={busy}
              busyLabel="Atualizando..."
              className="w-full shadow-lg sm:w-auto"
            >
              Marcar como: {next.button}
            </Button>
          </mover.Form>
        </div>
      ) : null}
    </PageFrame>
  );
}
