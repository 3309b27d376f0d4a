import { BellRing, MessageCircle, Send } from "lucide-react";
import { Form, useActionData, useNavigation } from "react-router";
import { NOTIFICATIONS_TEXT as T } from "~/domain/notifications/messages";
import {
  confirmPhoneCode,
  readNotificationSettings,
  removePhone,
  saveNotificationChoices,
  sendPhoneCode,
} from "~/domain/notifications/notification-settings.server";
import { sendWhatsAppSoon } from "~/domain/notifications/send-whatsapp.server";
import { formatDateTime } from "~/lib/dates";
import { formText } from "~/lib/form-text";
import { clockText } from "~/lib/quiet-hours";
import { Badge, type BadgeTone } from "~/ui/badge";
import { Button } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { PageFrame } from "~/ui/page-frame";
import { fieldErrorsOf } from "../answer";
import { answerIntent } from "../intents.server";
import { refusalRouteHeaders } from "../refusal.server";
import type { Route } from "./+types/notifications";
import { backofficeContext } from "./guard.server";
import { servicesContext } from "./services.server";

// 'Notificações' (issue 50, ADR 0054): every member's own page, from the avatar menu. Email is the default
// for every event; a member confirms a WhatsApp number with a code sent there and chooses which of the
// events their role receives go to it, and when WhatsApp keeps quiet.

/** A throttled caller is told when to come back (Retry-After). */
export const headers = refusalRouteHeaders;

export function meta() {
  return [{ title: "Notificações" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { actor, user } = context.get(backofficeContext);
  const { db, whatsapp, now: clock } = context.get(servicesContext);
  const now = clock();
  const view = await readNotificationSettings(db, actor, now);
  return {
    email: user.email,
    whatsapp: whatsapp !== null,
    phone: view.phone,
    phoneConfirmedAt: view.phoneConfirmedAt?.toISOString() ?? null,
    pendingPhone: view.pendingPhone,
    events: view.events,
    quietStart: view.quiet ? clockText(view.quiet.start) : "",
    quietEnd: view.quiet ? clockText(view.quiet.end) : "",
    quietText: view.quiet ? T.quietWindow(view.quiet.start, view.quiet.end) : null,
    messages: view.messages.map((m) => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
      statusAt: m.statusAt?.toISOString() ?? null,
      fallbackSentAt: m.fallbackSentAt?.toISOString() ?? null,
      nextAttemptAt: m.nextAttemptAt && m.nextAttemptAt > now ? m.nextAttemptAt.toISOString() : null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const services = context.get(servicesContext);
  const { db } = services;
  const form = await request.formData();
  return answerIntent(form, {
    "send-code": async () => {
      const sent = await sendPhoneCode(services, actor, { phone: formText(form, "phone") });
      // The member waits for it: sent now, out of this request (the job takes it if this fails).
      sendWhatsAppSoon(services, [sent.messageId]);
      return T.codeSent(sent.phone);
    },
    "confirm-code": async () => {
      await confirmPhoneCode(db, actor, { code: formText(form, "code") }, services.now());
      return T.confirmed;
    },
    save: async () => {
      const events = form.getAll("events").filter((v): v is string => typeof v === "string");
      const quiet = { quietStart: formText(form, "quietStart"), quietEnd: formText(form, "quietEnd") };
      await saveNotificationChoices(db, actor, { events, ...quiet }, services.now());
      return T.saved;
    },
    "remove-phone": async () => {
      await removePhone(db, actor, services.now());
      return T.removed;
    },
  });
}

type Loaded = Route.ComponentProps["loaderData"];

const STATUS_TONE: Record<string, BadgeTone> = {
  emailed: "gray",
  queued: "yellow",
  accepted: "blue",
  sent: "blue",
  delivered: "green",
  read: "green",
  failed: "red",
};

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const fieldErrors = fieldErrorsOf(answer);
  const { whatsapp, phone } = loaderData;
  return (
    <PageFrame
      title="Notificações"
      description={`Todos os avisos chegam por e-mail, para ${loaderData.email}. Com um número de WhatsApp confirmado, escolha os que chegam no WhatsApp; se uma mensagem não puder ser entregue lá, ela vai por e-mail.`}
    >
      <div role="status" aria-live="polite">
        {answer ? (
          <p
            className={`rounded-lg border p-3 text-sm ${answer.ok ? "border-brand/40 bg-brand-soft text-brand" : "border-danger/40 bg-danger-soft text-danger"}`}
          >
            {answer.message}
          </p>
        ) : null}
      </div>

      {whatsapp ? (
        <PhoneSection data={loaderData} busy={busy} fieldErrors={fieldErrors} />
      ) : (
        <p className="rounded-xl border border-border bg-surface-alt p-4 text-sm text-ink">
          {T.notConfigured}. Os avisos abaixo chegam por e-mail.
        </p>
      )}

      <EventsSection
        data={loaderData}
        busy={busy}
        fieldErrors={fieldErrors}
        canChoose={whatsapp && !!phone}
      />
      <MessagesSection messages={loaderData.messages} />
    </PageFrame>
  );
}

type SectionProps = { data: Loaded; busy: boolean; fieldErrors: Record<string, string> };

function PhoneSection({ data, busy, fieldErrors }: SectionProps) {
  return (
    <section
      aria-labelledby="phone-heading"
      className="grid gap-3 rounded-xl border border-border bg-surface p-4"
    >
      <h2 id="phone-heading" className="flex items-center gap-2 text-lg font-semibold">
        <MessageCircle className="size-5 text-brand" aria-hidden="true" />
        WhatsApp
      </h2>
      {data.phone ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm">
            <span className="font-semibold">{data.phone}</span> <Badge tone="green">Confirmado</Badge>
            {data.phoneConfirmedAt ? (
              <span className="text-muted"> em {formatDateTime(data.phoneConfirmedAt)}</span>
            ) : null}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="remove-phone" />
            <Button type="submit" variant="outline" disabled={busy}>
              Remover número
            </Button>
          </Form>
        </div>
      ) : null}
      <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="send-code" />
        <Field
          label={data.phone ? "Trocar por outro número" : "Número do WhatsApp"}
          hint="Com DDD. De outro país, comece com + e o código do país."
          error={fieldErrors?.phone}
        >
          {(control) => (
            <Input
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="(48) 99999-8888"
              maxLength={24}
              required
              {...control}
            />
          )}
        </Field>
        <Button type="submit" disabled={busy}>
          <Send aria-hidden="true" />
          Enviar código
        </Button>
      </Form>
      {data.pendingPhone ? (
        <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="confirm-code" />
          <Field
            label="Código recebido"
            hint={`Enviado para ${data.pendingPhone} no WhatsApp.`}
            error={fieldErrors?.code}
          >
            {(control) => (
              <Input
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]*"
                maxLength={8}
                required
                {...control}
              />
            )}
          </Field>
          <Button type="submit" disabled={busy}>
            Confirmar
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

function EventsSection({ data, busy, fieldErrors, canChoose }: SectionProps & { canChoose: boolean }) {
  return (
    <section
      aria-labelledby="events-heading"
      className="grid gap-3 rounded-xl border border-border bg-surface p-4"
    >
      <h2 id="events-heading" className="flex items-center gap-2 text-lg font-semibold">
        <BellRing className="size-5 text-brand" aria-hidden="true" />
        Avisos
      </h2>
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="intent" value="save" />
        <ul aria-label="Avisos" className="grid gap-3">
          {data.events.map((e) => (
            <li key={e.event} className="flex items-start justify-between gap-3">
              <div className="grid gap-0.5">
                <p className="font-medium">{e.label}</p>
                <p className="text-sm text-muted">{e.hint}</p>
              </div>
              {data.whatsapp ? (
                <label className="flex shrink-0 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="events"
                    value={e.event}
                    defaultChecked={e.whatsapp}
                    disabled={!canChoose}
                    aria-label={`${e.label} no WhatsApp`}
                    className="size-5 accent-brand"
                  />
                  <span aria-hidden="true">WhatsApp</span>
                </label>
              ) : null}
            </li>
          ))}
        </ul>
        {data.whatsapp ? (
          <>
            {!canChoose ? <p className="text-sm text-muted">{T.needsPhone}</p> : null}
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">Horário de silêncio (horário de Brasília)</legend>
              <div className="flex flex-wrap items-end gap-3">
                <Field label="Não enviar a partir de" className="w-40" error={fieldErrors?.quiet}>
                  {(control) => (
                    <Input name="quietStart" type="time" defaultValue={data.quietStart} {...control} />
                  )}
                </Field>
                <Field label="até" className="w-40">
                  {(control) => (
                    <Input name="quietEnd" type="time" defaultValue={data.quietEnd} {...control} />
                  )}
                </Field>
              </div>
              <p className="text-sm text-muted">
                {data.quietText ?? "Sem horário de silêncio: as mensagens saem a qualquer hora."}
              </p>
            </fieldset>
            <div>
              <Button type="submit" disabled={busy}>
                Salvar preferências
              </Button>
            </div>
          </>
        ) : null}
      </Form>
    </section>
  );
}

function MessagesSection({ messages }: { messages: Loaded["messages"] }) {
  return (
    <section aria-labelledby="messages-heading" className="grid gap-3">
      <h2 id="messages-heading" className="text-lg font-semibold">
        Mensagens recentes
      </h2>
      {messages.length === 0 ? (
        <EmptyState
          icon={BellRing}
          title="Nenhuma mensagem ainda"
          description="Os avisos enviados a você aparecem aqui."
        />
      ) : (
        <ul aria-label="Mensagens recentes" className="grid gap-2">
          {messages.map((m) => (
            <li key={m.id} className="grid gap-1 rounded-xl border border-border bg-surface p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium">{m.label}</p>
                <Badge tone={STATUS_TONE[m.status] ?? "gray"}>{m.statusLabel}</Badge>
              </div>
              <p className="text-muted">
                {m.channel === "whatsapp" ? `WhatsApp para ${m.to}` : `E-mail para ${m.to}`} ·{" "}
                {formatDateTime(m.createdAt)}
                {m.statusAt ? ` · ${m.statusLabel} em ${formatDateTime(m.statusAt)}` : ""}
              </p>
              {m.nextAttemptAt ? (
                <p className="text-muted">Sai às {formatDateTime(m.nextAttemptAt)}.</p>
              ) : null}
              {m.failure ? <p className="text-danger">{m.failure}</p> : null}
              {m.fallbackSentAt ? (
                <p className="text-muted">Enviada por e-mail em {formatDateTime(m.fallbackSentAt)}.</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
