import { data } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { env } from "~/platform/env.server";
import { outboxDir } from "~/platform/mail/mailer.server";
import { readOutbox } from "~/platform/mail/outbox.server";
import type { Route } from "./+types/dev-outbox";

export function meta() {
  return [{ title: "Caixa de saída (desenvolvimento) | Estadia" }, { name: "robots", content: "noindex" }];
}

/** The dev outbox: every email the app "sent" without SMTP. Never served in production. */
export function loader() {
  const config = env();
  if (config.isProduction) throw data(null, { status: 404 });
  const messages = readOutbox(outboxDir(config.dataDir)).map(({ file, to, subject, date, text }) => ({
    file,
    to,
    subject,
    date: date.toISOString(),
    text,
  }));
  return { messages, smtp: Boolean(config.smtpUrl) };
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

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { messages, smtp } = loaderData;
  return (
    <main className="mx-auto grid max-w-3xl gap-4 p-6">
      <h1 className="text-2xl font-semibold">Caixa de saída</h1>
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
