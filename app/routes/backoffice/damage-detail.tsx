import { ArrowLeft, FileText, Trash2 } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { addDamagePhotos } from "~/domain/damages/add-damage-photos.server";
import { daysLeft, deadlineText } from "~/domain/damages/claim-deadline";
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
import { database } from "~/platform/db/database.server";
import { Button, buttonClasses } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import { statusOf } from "../refusal.server";
import type { Route } from "./+types/damage-detail";
import { DamageItemsEditor } from "./damage-items-editor";
import { DamageStatusActions } from "./damage-status-actions";
import { DamageStatusBadge } from "./damage-status-badge";
import { DamageTextFields } from "./damage-text-fields";
import { backofficeContext } from "./guard.server";

export function meta() {
  return [{ title: "Avaria" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = await database();
  try {
    const d = await getDamage(db, actor, params.id);
    const canManage = can(actor, "damage.manage");
    const today = saoPauloDay(new Date());
    return {
      damage: {
        id: d.id,
        title: d.title,
        description: d.description,
        status: d.status,
        propertyName: d.propertyName,
        stay: d.stay ? { text: stayText(d.stay), reservationCode: d.stay.reservationCode } : null,
        deadline: d.claimDeadline ? deadlineText(d.claimDeadline, today) : null,
        urgent: d.claimDeadline !== null && d.status === "open" && daysLeft(d.claimDeadline, today) <= 3,
        created: `${formatDateTime(d.createdAt)}${d.createdByName ? ` por ${d.createdByName}` : ""}`,
        // Staff see what broke, never the amounts.
        items: d.items.map((i) => ({ ...i, estimatedCents: canManage ? i.estimatedCents : 0 })),
        totalCents: canManage ? d.totalCents : 0,
        recovered:
          canManage && d.recoveredCents !== null
            ? `${formatCents(d.recoveredCents)}${d.reimbursedAt ? ` em ${formatDay(saoPauloDay(d.reimbursedAt))}` : ""}`
            : null,
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
      canManage,
      canAddPhotos: EDITABLE_STATUSES.includes(d.status),
    };
  } catch (err) {
    if (refusalOf(err).kind !== "not_found") throw err;
    return data({ notFound: true as const }, { status: 404 });
  }
}

type Answer = { ok: boolean; intent: string; message: string; fieldErrors?: Record<string, string> };

export async function action({ params, request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const form = await request.formData();
  const { db } = await database();
  const intent = formText(form, "intent");
  try {
    if (intent === "photos") {
      const { added } = await addDamagePhotos(db, actor, params.id, photoFiles(form.getAll("photos")));
      return { ok: true, intent, message: DAMAGE_TEXT.photosAdded(added) } satisfies Answer;
    }
    if (intent === "items") {
      const amounts = form.getAll("itemAmount");
      const items = form
        .getAll("itemDescription")
        .map((description, i) => ({ description, amount: amounts[i] ?? "" }))
        .filter((item) => String(item.description).trim() !== "" || String(item.amount).trim() !== "");
      await setDamageItems(db, actor, params.id, items);
      return { ok: true, intent, message: DAMAGE_TEXT.itemsSaved } satisfies Answer;
    }
    if (intent === "details") {
      await updateDamageDetails(db, actor, params.id, {
        title: formText(form, "title"),
        description: formText(form, "description"),
      });
      return { ok: true, intent, message: DAMAGE_TEXT.detailsSaved } satisfies Answer;
    }
    if (intent === "remove-photo") {
      await removeDamagePhoto(db, actor, params.id, formText(form, "photoId"));
      return { ok: true, intent, message: DAMAGE_TEXT.photoRemoved } satisfies Answer;
    }
    const { status } = await moveDamage(db, actor, params.id, {
      from: formText(form, "from"),
      to: formText(form, "to"),
      recovered: formText(form, "recovered"),
    });
    return {
      ok: true,
      intent,
      message: DAMAGE_TEXT.statusUpdated(DAMAGE_STATUS_LABEL[status]),
    } satisfies Answer;
  } catch (err) {
    const refusal = refusalOf(err);
    return data<Answer>(
      { ok: false, intent, message: refusal.message, fieldErrors: refusal.fieldErrors },
      { status: statusOf(refusal) },
    );
  }
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
  return <Detail {...loaderData} actionData={actionData} />;
}

type Loaded = Exclude<Route.ComponentProps["loaderData"], { notFound: true }>;

function Detail({
  damage: d,
  canManage,
  canAddPhotos,
  actionData,
}: Loaded & { actionData: Answer | undefined }) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
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
      {actionData ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={actionData.ok ? "text-success" : "text-danger"}
        >
          {actionData.message}
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
        {d.recovered ? (
          <p>
            <span className="font-medium">Valor recuperado: </span>
            {d.recovered}
          </p>
        ) : null}
        <p className="whitespace-pre-line">{d.description || "Sem descrição."}</p>
      </section>

      <section aria-labelledby="damage-photos" className="grid gap-3">
        <h2 id="damage-photos" className="text-lg font-semibold">
          Fotos
        </h2>
        {d.photos.length === 0 ? <p className="text-sm text-muted">Nenhuma foto.</p> : null}
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {d.photos.map((p, i) => (
            <li key={p.id} className="grid gap-1">
              <a href={p.image} target="_blank" rel="noreferrer">
                <img
                  src={p.imageThumb}
                  alt={`Foto ${i + 1} da avaria`}
                  className="aspect-square w-full rounded-lg object-cover"
                  loading="lazy"
                />
              </a>
              <span className="text-xs text-muted">{p.caption}</span>
              {canManage ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-photo" />
                  <input type="hidden" name="photoId" value={p.id} />
                  <Button type="submit" variant="ghost" size="sm" disabled={busy}>
                    <Trash2 aria-hidden="true" />
                    Remover foto {i + 1}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
        {canAddPhotos ? (
          <Form method="post" encType="multipart/form-data" className="grid max-w-md gap-2">
            <input type="hidden" name="intent" value="photos" />
            <Field label="Novas fotos" error={actionData?.intent === "photos" ? errors.photos : undefined}>
              {(control) => (
                <Input {...control} type="file" name="photos" accept="image/*" multiple required />
              )}
            </Field>
            <div>
              <Button type="submit" busy={busy} busyLabel="Enviando...">
                Adicionar fotos
              </Button>
            </div>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="damage-items" className="grid gap-3">
        <h2 id="damage-items" className="text-lg font-semibold">
          Itens
        </h2>
        {canManage && canAddPhotos ? (
          <DamageItemsEditor items={d.items} totalCents={d.totalCents} busy={busy} />
        ) : d.items.length === 0 ? (
          <p className="text-sm text-muted">Nenhum item.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {d.items.map((item) => (
              <li key={item.id} className="flex justify-between gap-4 border-b border-border py-1">
                <span>{item.description}</span>
                {canManage ? <span className="tabular-nums">{formatCents(item.estimatedCents)}</span> : null}
              </li>
            ))}
            {canManage ? (
              <li className="flex justify-between gap-4 py-1 font-medium">
                <span>Total</span>
                <span className="tabular-nums">{formatCents(d.totalCents)}</span>
              </li>
            ) : null}
          </ul>
        )}
      </section>

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
