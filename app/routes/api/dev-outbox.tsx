import { data, Form, redirect } from "react-router";
import { sendDamageDeadlineReminders } from "~/domain/damages/deadline-reminders.server";
import { sendDueWhatsApp } from "~/domain/notifications/send-whatsapp.server";
import { paymentsContext } from "~/domain/payments/payments-context.server";
import { notifyRestockRuns } from "~/domain/restock/run-reminders.server";
import { notifyDailySales } from "~/domain/sales/daily-sales-notice.server";
import { notifyTodaysTurnovers } from "~/domain/stays/turnover-notices.server";
import { sendStockAlertDigests } from "~/domain/stock/stock-alerts.server";
import { formatDateTime } from "~/lib/dates";
import { formatWhatsAppNumber } from "~/lib/whatsapp-number";
import { env } from "~/platform/env.server";
import { outboxDir } from "~/platform/mail/mailer.server";
import { readOutbox } from "~/platform/mail/outbox.server";
import { requestContext } from "~/platform/request-context";
import { devFakeMessages } from "~/platform/whatsapp/dev-fake.server";
import type { Route } from "./+types/dev-outbox";

export function meta() {
  return [{ title: "Caixa de saída (desenvolvimento) | Estadia" }, { name: "robots", content: "noindex" }];
}

/**
 * The dev outbox: every email the app "sent" without SMTP, and every WhatsApp message the local Cloud API
 * fake (/dev/whatsapp) received, with how it stands. Never served in production.
 */
export function loader({ request }: Route.LoaderArgs) {
  const config = env();
  if (config.isProduction) throw data(null, { status: 404 });
  const messages = readOutbox(outboxDir(config.dataDir)).map(({ file, to, subject, date, text }) => ({
    file,
    to,
    subject,
    date: date.toISOString(),
    text,
  }));
  const whatsapp = config.whatsapp
    ? {
        fake: config.whatsapp.apiUrl.startsWith(`${config.appUrl}/dev/whatsapp`),
        messages: devFakeMessages().map((m) => ({
          id: m.wamid,
          to: formatWhatsAppNumber(m.to),
          template: m.template,
          language: m.language,
          text: m.text,
          date: m.receivedAt.toISOString(),
          status: m.statuses.at(-1) ?? "accepted",
        })),
      }
    : null;
  const ran = new URL(request.url).searchParams.get("avisos");
  return { messages, smtp: Boolean(config.smtpUrl), whatsapp, ran };
}

/**
 * 'Enviar os avisos agora': runs at once the jobs that tell people things (stock digests, damage deadlines,
 * runs due or late, today's turnovers, yesterday's sales, WhatsApp messages due), instead of waiting for their next slot or
 * hour. Each one is safe to run beside the scheduled one: nobody is told anything twice.
 */
export async function action({ context }: Route.ActionArgs) {
  if (env().isProduction) throw data(null, { status: 404 });
  const ctx = await paymentsContext(context.get(requestContext).log);
  const told =
    (await sendStockAlertDigests(ctx)) +
    (await sendDamageDeadlineReminders(ctx)) +
    // Now, whatever the hour (the jobs wait for 07:00 and 08:00).
    (await notifyRestockRuns(ctx, { fromMinutes: 0 })) +
    (await notifyTodaysTurnovers(ctx, { fromMinutes: 0 })) +
    (await notifyDailySales(ctx, { fromMinutes: 0 }));
  const sent = await sendDueWhatsApp(ctx);
  return redirect(`/dev/outbox?avisos=${told}-${sent.accepted}`, { status: 303 });
}

function WhatsAppMessages({ whatsapp }: { whatsapp: Route.ComponentProps["loaderData"]["whatsapp"] }) {
  if (!whatsapp) {
    return <p className="text-sm text-muted">WhatsApp não está configurado neste servidor.</p>;
  }
  if (!whatsapp.fake) {
    return (
      <p className="text-sm text-muted">
        As mensagens de WhatsApp vão para a API configurada em WHATSAPP_API_URL e não aparecem aqui.
      </p>
    );
  }
  return (
    <section aria-labelledby="whatsapp-heading" className="grid gap-3">
      <h2 id="whatsapp-heading" className="text-xl font-semibold">
        WhatsApp
      </h2>
      <p className="text-sm text-muted">
        O que a API falsa (/dev/whatsapp) recebeu desde que o servidor começou. Um número terminado em 0000
        não tem WhatsApp.
      </p>
      {whatsapp.messages.length === 0 ? <p>Nenhuma mensagem de WhatsApp enviada ainda.</p> : null}
      <ol aria-label="Mensagens de WhatsApp" className="grid gap-3">
        {whatsapp.messages.map((m) => (
          <li key={m.id} className="grid gap-2 rounded-xl border border-border bg-surface p-4">
            <h3 className="font-semibold">WhatsApp para {m.to}</h3>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="text-muted">Modelo</dt>
              <dd>
                {m.template} ({m.language})
              </dd>
              <dt className="text-muted">Data</dt>
              <dd>{formatDateTime(m.date)}</dd>
              <dt className="text-muted">Situação</dt>
              <dd>{WHATSAPP_STATUS[m.status] ?? m.status}</dd>
            </dl>
            <p className="text-sm whitespace-pre-wrap">{m.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: static split of one message body
          <a key={i} href={part} className="break-all text-brand underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

const WHATSAPP_STATUS: Record<string, string> = {
  accepted: "Aceita",
  sent: "Enviada",
  delivered: "Entregue",
  read: "Lida",
  failed: "Falhou (número sem WhatsApp)",
};

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { messages, smtp, whatsapp, ran } = loaderData;
  return (
    <main className="mx-auto grid max-w-3xl gap-4 p-6">
      <h1 className="text-2xl font-semibold">Caixa de saída</h1>
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <button type="submit" className="rounded-lg border border-border px-3 py-2 text-sm font-medium">
          Enviar os avisos agora
        </button>
        <span className="text-sm text-muted">
          {ran
            ? "Avisos enviados: estoque baixo, prazos de avaria, reposições, vendas de ontem e mensagens de WhatsApp."
            : "Roda já os avisos que os trabalhos em segundo plano mandariam no próximo horário."}
        </span>
      </Form>
      <WhatsAppMessages whatsapp={whatsapp} />
      <h2 className="text-xl font-semibold">E-mails</h2>
      <p className="text-sm text-muted">
        {smtp
          ? "SMTP_URL está configurado: os e-mails novos vão pelo servidor SMTP e não aparecem aqui."
          : "Sem SMTP_URL, cada e-mail fica guardado aqui (um arquivo .eml em DATA_DIR/outbox)."}
      </p>
      {messages.length === 0 ? <p>Nenhum e-mail enviado ainda.</p> : null}
      <ol className="grid gap-4">
        {messages.map((m) => (
          <li key={m.file} className="grid gap-2 rounded-xl border border-border bg-surface p-4">
            <h2 className="font-semibold">{m.subject}</h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="text-muted">Para</dt>
              <dd>{m.to}</dd>
              <dt className="text-muted">Data</dt>
              <dd>{formatDateTime(m.date)}</dd>
            </dl>
            <pre className="whitespace-pre-wrap font-sans text-sm">
              <Linkified text={m.text} />
            </pre>
          </li>
        ))}
      </ol>
    </main>
  );
}
