import type { GuestLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";
import { LanguageSwitch } from "~/ui/language-switch";
import type { DataRequestAnswer } from "./data-request";

type Order = { shortId: string; propertyName: string; anonymized: boolean } | null;

/** The page in the guest's language: a bad link, already erased data, the form, or the confirmation. */
export function DataRequestScreen({
  locale,
  order,
  answer,
}: {
  locale: GuestLocale;
  order: Order;
  answer: DataRequestAnswer | undefined;
}) {
  const m = guestMessages(locale);
  const t = m.guestData;
  const frame = (title: string, body: React.ReactNode) => (
    <main className="mx-auto grid min-h-dvh max-w-md content-start gap-4 p-6">
      <header className="flex items-center justify-between gap-3">
        <p className="font-semibold text-brand">Estadia</p>
        <LanguageSwitch locale={locale} label={m.common.languageSwitchLabel} />
      </header>
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      {order ? <p className="text-sm text-muted">{t.order(order.shortId, order.propertyName)}</p> : null}
      {body}
    </main>
  );
  if (!order) return frame(t.invalidLinkTitle, <p className="text-muted">{t.invalidLinkText}</p>);
  if (order.anonymized || (answer?.ok && answer.erased)) {
    return frame(t.alreadyErased, <p className="text-muted">{t.alreadyErasedText}</p>);
  }
  if (answer?.ok) {
    return frame(
      t.receivedTitle,
      <div role="status" className="grid gap-2">
        <p>{answer.kind === "erasure" ? t.receivedErasure : t.receivedExport}</p>
        <p className="font-medium">{t.receivedDeadline}</p>
      </div>,
    );
  }
  const failed = answer && !answer.ok ? answer : null;
  const values = failed?.values ?? { email: "", kind: "" };
  const errors = failed?.fieldErrors ?? {};
  return frame(
    t.title,
    <>
      <p className="text-muted">{t.intro}</p>
      {failed && !errors.email && !errors.kind ? (
        <p role="alert" className="font-medium text-danger">
          {failed.message}
        </p>
      ) : null}
      <form method="post" className="grid gap-4" noValidate>
        <div className="grid gap-1.5">
          <label htmlFor="data-request-email" className="text-sm font-medium">
            {t.emailLabel}
          </label>
          <input
            id="data-request-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={values.email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "data-request-email-error" : undefined}
            className="h-12 rounded-lg border border-border bg-surface px-3 text-base"
          />
          {errors.email ? (
            <p id="data-request-email-error" role="alert" className="text-sm font-medium text-danger">
              {errors.email}
            </p>
          ) : null}
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t.choiceLegend}</legend>
          {(["export", "erasure"] as const).map((kind) => (
            <label key={kind} className="flex items-start gap-3 rounded-lg border border-border p-3">
              <input
                type="radio"
                name="kind"
                value={kind}
                required
                defaultChecked={values.kind === kind}
                className="mt-1 size-4"
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{kind === "export" ? t.export : t.erasure}</span>
                {kind === "erasure" ? <span className="text-sm text-muted">{t.erasureHint}</span> : null}
              </span>
            </label>
          ))}
          {errors.kind ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {errors.kind}
            </p>
          ) : null}
        </fieldset>
        <button type="submit" className="h-12 rounded-full bg-brand px-6 font-semibold text-white">
          {t.submit}
        </button>
      </form>
    </>,
  );
}
