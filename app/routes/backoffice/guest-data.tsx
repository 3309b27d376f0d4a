import { Search, ShieldCheck } from "lucide-react";
import { Form } from "react-router";
import { refusalOf } from "~/domain/errors";
import { anonymizeForRequest, anonymizeGuest } from "~/domain/guests/anonymize-guest.server";
import { listGuestRequests, searchGuest } from "~/domain/guests/guest-data.server";
import { GUEST_DATA_TEXT as T } from "~/domain/guests/messages";
import { requestDeadlineText } from "~/domain/guests/request-deadline";
import { sendGuestCopy } from "~/domain/guests/send-guest-copy.server";
import { formatDateTime } from "~/lib/dates";
import { formText } from "~/lib/form-text";
import { Button } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { PageFrame } from "~/ui/page-frame";
import { answerIntent } from "../intents.server";
import type { Route } from "./+types/guest-data";
import { backofficeContext } from "./guard.server";
import { GuestFound } from "./guest-data-found";
import { GuestRequests } from "./guest-data-requests";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";

export function meta() {
  return [{ title: T.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "guests.data", { title: T.title, what: T.forbidden });
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim();
  const { db } = context.get(servicesContext);
  let found: Awaited<ReturnType<typeof searchGuest>> | null = null;
  let searchError: string | null = null;
  if (q) {
    try {
      found = await searchGuest(db, actor, q);
    } catch (err) {
      searchError = refusalOf(err).message;
    }
  }
  const requests = await listGuestRequests(db, actor);
  const now = new Date();
  return {
    q,
    searchError,
    confirmAnonymize: url.searchParams.get("anonimizar") === "1",
    confirmRequest: url.searchParams.get("pedido"),
    found: found
      ? {
          stored: found.stored,
          orders: found.orders.map((o) => ({
            id: o.id,
            shortId: o.id.slice(0, 8),
            date: formatDateTime(o.createdAt),
            propertyName: o.propertyName,
            totalCents: o.totalCents,
            status: o.status,
          })),
        }
      : null,
    open: requests.open.map((r) => ({
      id: r.id,
      kind: r.kind,
      kindLabel: T.kind[r.kind] ?? r.kind,
      sourceLabel: T.source[r.source] ?? r.source,
      order: r.orderShortId ? `${r.orderShortId}${r.propertyName ? ` · ${r.propertyName}` : ""}` : null,
      who: r.subjectEmail ?? r.subjectPhone ?? r.subjectCpf,
      requested: formatDateTime(r.requestedAt),
      deadline: requestDeadlineText(r.dueAt, now),
      canSend: r.kind === "export" && Boolean(r.orderEmail ?? r.subjectEmail),
    })),
    answered: requests.answered.map((r) => ({
      id: r.id,
      kindLabel: T.kind[r.kind] ?? r.kind,
      sourceLabel: T.source[r.source] ?? r.source,
      order: r.orderShortId,
      answered: r.answeredAt ? formatDateTime(r.answeredAt) : "",
      by: r.answeredByName ?? "retenção automática",
      answer: (r.answer && T.answer[r.answer]) ?? r.answer ?? "",
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const services = context.get(servicesContext);
  const form = await request.formData();
  const erased = (count: number) => (count > 0 ? T.anonymized(count) : T.nothingToAnonymize);
  return answerIntent(form, {
    anonymize: async () => erased(await anonymizeGuest(services, actor, formText(form, "q"))),
    "anonymize-request": async () =>
      erased(await anonymizeForRequest(services, actor, formText(form, "requestId"))),
    "send-copy": async () => T.copySent(await sendGuestCopy(services, actor, formText(form, "requestId"))),
  });
}

/** Issue 24 (LGPD): find a guest, export or anonymize their data, and answer their own requests. */
export default function GuestData({ loaderData, actionData }: Route.ComponentProps) {
  const { q, searchError, found, confirmAnonymize, confirmRequest, open, answered } = loaderData;
  return (
    <PageFrame
      title={T.title}
      description="Encontre um hóspede pelo e-mail, telefone ou CPF, exporte ou apague os dados dele e responda aos pedidos (LGPD)."
    >
      {actionData ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={actionData.ok ? "font-medium text-success" : "font-medium text-danger"}
        >
          {actionData.message}
        </p>
      ) : null}
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Buscar hóspede">
        <Field label="E-mail, telefone ou CPF" error={searchError ?? undefined} className="min-w-64 flex-1">
          {(control) => (
            <Input {...control} name="q" type="search" defaultValue={q} maxLength={254} required />
          )}
        </Field>
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" />
          Buscar
        </Button>
      </Form>
      {found ? (
        found.orders.length === 0 ? (
          <EmptyState icon={ShieldCheck} title={T.notFound} titleAs="h2" />
        ) : (
          <GuestFound q={q} found={found} confirming={confirmAnonymize} />
        )
      ) : null}
      <GuestRequests open={open} answered={answered} confirmRequest={confirmRequest} q={q} />
    </PageFrame>
  );
}
