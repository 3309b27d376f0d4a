import { ArrowLeft, FileText } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { addDamagePhotos } from "~/domain/damages/add-damage-photos.server";
import { deadlineText, isClaimUrgent } from "~/domain/damages/claim-deadline";
import { eventText, stayText } from "~/domain/damages/damage-labels";
import { photoFiles } from "~/domain/damages/damage-photo-files.server";
import { DAMAGE_STATUS_LABEL, EDITABLE_STATUSES } from "~/domain/damages/damage-status";
import { DAMAGE_TEXT } from "~/domain/damages/messages";
import { getDamage } from "~/domain/damages/read-damages.server";
import {
  moveDamage,
  removeDamagePhoto,
  setDamageItems,
  updateDamageDetails,
} from "~/domain/damages/update-damage.server";
import { refusalOf } from "~/domain/errors";
import { can } from "~/domain/team/permissions";
import { formatDateTime, formatDay, saoPauloDay } from "~/lib/dates";
import { formText } from "~/lib/form-text";
import { formatCents } from "~/lib/money";
import { Button, buttonClasses } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import { type Answer, fieldErrorsOf } from "../answer";
import { answerIntent } from "../intents.server";
import type { Route } from "./+types/damage-detail";
import { DamageItems } from "./damage-items";
import { DamagePhotos } from "./damage-photos";
import { DamageStatusActions } from "./damage-status-actions";
import { DamageStatusBadge } from "./damage-status-badge";
import { DamageTextFields } from "./damage-text-fields";
import { backofficeContext } from "./guard.server";
import { servicesContext } from "./services.server";

export function meta() {
  return [{ title: "Avaria" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  try {
    const d = await getDamage(db, actor, params.id);
    const today = saoPauloDay(new Date());
    const { amounts } = d;
    return {
      damage: {
        id: d.id,
        title: d.title,
        description: d.description,
        status: d.status,
        propertyName: d.propertyName,
        stay: d.stay ? { text: stayText(d.stay), reservationCode: d.stay.reservationCode } : null,
        deadline: d.claimDeadline ? deadlineText(d.claimDeadline, today) : null,
        urgent: isClaimUrgent(d, today),
        created: `${formatDateTime(d.createdAt)}${d.createdByName ? ` por ${d.createdByName}` : ""}`,
        items: d.items,
        // Null for whoever may not see amounts (the read leaves them out): staff see what broke.
        amounts: amounts && {
          totalCents: amounts.totalCents,
          items: d.items.map((i) => ({ ...i, estimatedCents: amounts.itemCents[i.id] ?? 0 })),
          recovered:
            amounts.recoveredCents === null
              ? null
              : `${formatCents(amounts.recoveredCents)}${amounts.reimbursedAt ? ` em ${formatDay(saoPauloDay(amounts.reimbursedAt))}` : ""}`,
        },
        photos: d.photos.map((p) => ({
          id: p.id,
          image: p.image,
          imageThumb: p.imageThumb,
          caption: p.takenAt
            ? `Tirada em ${formatDateTime(p.takenAt)}`
            : `Enviada em ${formatDateTime(p.uploadedAt)}`,
        })),
        events: d.events.map((e) => ({
          id: e.id,
          when: formatDateTime(e.createdAt),
          what: eventText(e),
          who: e.actorName,
        })),
      },
      canManage: can(actor, "damage.manage"),
      canAddPhotos: EDITABLE_STATUSES.includes(d.status),
    };
  } catch (err) {
    if (refusalOf(err).kind !== "not_found") throw err;
    return data({ notFound: true as const }, { status: 404 });
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  return answerIntent(form, {
    photos: async () => {
      const { added } = await addDamagePhotos(db, actor, params.id, photoFiles(form.getAll("photos")));
      return DAMAGE_TEXT.photosAdded(added);
    },
    items: async () => {
      const amounts = form.getAll("itemAmount");
      const items = form
        .getAll("itemDescription")
        .map((description, i) => ({ description, amount: amounts[i] ?? "" }))
        .filter((item) => String(item.description).trim() !== "" || String(item.amount).trim() !== "");
      await setDamageItems(db, actor, params.id, items);
      return DAMAGE_TEXT.itemsSaved;
    },
    details: async () => {
      await updateDamageDetails(db, actor, params.id, {
        title: formText(form, "title"),
        description: formText(form, "description"),
      });
      return DAMAGE_TEXT.detailsSaved;
    },
    "remove-photo": async () => {
      await removeDamagePhoto(db, actor, params.id, formText(form, "photoId"));
      return DAMAGE_TEXT.photoRemoved;
    },
    status: async () => {
      const { status } = await moveDamage(db, actor, params.id, {
        from: formText(form, "from"),
        to: formText(form, "to"),
        recovered: formText(form, "recovered"),
      });
      return DAMAGE_TEXT.statusUpdated(DAMAGE_STATUS_LABEL[status]);
    },
  });
}

/** Issue 23: a damage record with its photos, items, status and timeline, and its claim report. */
export default function DamageDetail({ loaderData, actionData }: Route.ComponentProps) {
  if ("notFound" in loaderData) {
    return (
      <PageFrame title="Avaria">
        <EmptyState title={DAMAGE_TEXT.notFound} action={<Link to="/avarias">Ver as avarias</Link>} />
      </PageFrame>
    );
  }
  return <Detail {...loaderData} answer={actionData} />;
}

type Loaded = Exclude<Route.ComponentProps["loaderData"], { notFound: true }>;

function Detail({ damage: d, canManage, canAddPhotos, answer }: Loaded & { answer: Answer | undefined }) {
  const busy = useNavigation().state === "submitting";
  const errors = fieldErrorsOf(answer);
  return (
    <PageFrame
      title={d.title}
      description={`${d.propertyName} · registrada em ${d.created}`}
      actions={
        <>
          <Link to="/avarias" className={buttonClasses({ variant: "ghost" })}>
            <ArrowLeft aria-hidden="true" />
            Avarias
          </Link>
          {canManage ? (
            <a href={`/avarias/${d.id}/relatorio.pdf`} className={buttonClasses({ variant: "outline" })}>
              <FileText aria-hidden="true" />
              Baixar relatório (PDF)
            </a>
          ) : null}
        </>
      }
    >
      {answer ? (
        <p role={answer.ok ? "status" : "alert"} className={answer.ok ? "text-success" : "text-danger"}>
          {answer.message}
        </p>
      ) : null}
      <section
        aria-label="Resumo"
        className="grid gap-2 rounded-xl border border-border bg-surface p-4 text-sm"
      >
        <div className="flex flex-wrap items-center gap-3">
          <DamageStatusBadge status={d.status} />
          {d.deadline ? (
            <span className={d.urgent ? "font-medium text-danger" : undefined}>{d.deadline}</span>
          ) : null}
        </div>
        <p>
          <span className="font-medium">Estadia: </span>
          {d.stay ? d.stay.text : DAMAGE_TEXT.noStay}
          {d.stay?.reservationCode ? ` · Código da reserva: ${d.stay.reservationCode}` : ""}
        </p>
        {d.amounts?.recovered ? (
          <p>
            <span className="font-medium">Valor recuperado: </span>
            {d.amounts.recovered}
          </p>
        ) : null}
        <p className="whitespace-pre-line">{d.description || "Sem descrição."}</p>
      </section>

      <DamagePhotos
        photos={d.photos}
        canManage={canManage}
        canAddPhotos={canAddPhotos}
        error={answer?.intent === "photos" ? errors.photos : undefined}
        busy={busy}
      />
      <DamageItems items={d.items} amounts={d.amounts} editable={canManage && canAddPhotos} busy={busy} />

      {canManage ? (
        <section aria-labelledby="damage-status" className="grid gap-3">
          <h2 id="damage-status" className="text-lg font-semibold">
            Status
          </h2>
          <DamageStatusActions status={d.status} busy={busy} recoveredError={errors.recovered} />
          <details className="max-w-2xl">
            <summary className="cursor-pointer text-sm font-medium">Editar título e descrição</summary>
            <Form method="post" className="mt-3 grid gap-3">
              <input type="hidden" name="intent" value="details" />
              <DamageTextFields title={d.title} description={d.description} errors={errors} />
              <div>
                <Button type="submit" disabled={busy}>
                  Salvar
                </Button>
              </div>
            </Form>
          </details>
        </section>
      ) : null}

      <section aria-labelledby="damage-timeline" className="grid gap-2">
        <h2 id="damage-timeline" className="text-lg font-semibold">
          Histórico
        </h2>
        <ol className="grid gap-1 text-sm">
          {d.events.map((e) => (
            <li key={e.id}>
              <span className="tabular-nums text-muted">{e.when}</span> · {e.what}
              {e.who ? ` · ${e.who}` : ""}
            </li>
          ))}
        </ol>
      </section>
    </PageFrame>
  );
}
