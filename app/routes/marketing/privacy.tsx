import type { ReactNode } from "react";
import { guestMessages } from "~/lib/i18n/messages";
import { requestLocale } from "~/lib/i18n/request-locale";
import { env } from "~/platform/env.server";
import { LanguageSwitch } from "~/ui/language-switch";
import type { Route } from "./+types/privacy";

// The public privacy notice (/privacidade, issue 24) in the guest's language: who controls and who processes
// the guests' data, what, why, for how long, their rights and the cookies. Indexable: it is a public notice.
// Rendered whole on the server; nothing here needs React in the browser (docs/decisions/0014).
export const handle = { guestPage: true };

export function meta({ loaderData }: Route.MetaArgs) {
  const t = guestMessages(loaderData?.locale ?? "pt-BR").privacy.page;
  return [{ title: t.meta }, { name: "description", content: t.description }];
}

export function loader({ request }: Route.LoaderArgs) {
  return { locale: requestLocale(request.headers), retentionMonths: env().guestDataRetentionMonths };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { locale, retentionMonths } = loaderData;
  const messages = guestMessages(locale);
  const t = messages.privacy.page;
  const section = (id: string, heading: string, body: ReactNode) => (
    <section aria-labelledby={id} className="grid gap-2">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {heading}
      </h2>
      {body}
    </section>
  );
  return (
    <main
      className="mx-auto grid min-h-dvh max-w-2xl content-start gap-6 px-4 py-6 text-ink"
      data-privacy-page
    >
      <div className="flex items-center justify-between gap-3">
        <p className="text-lg font-bold text-brand">Estadia</p>
        <LanguageSwitch locale={locale} label={messages.common.languageSwitchLabel} />
      </div>
      <h1 className="text-2xl font-semibold">{t.title}</h1>
      <p className="text-muted">{t.intro}</p>
      {section(
        "quem",
        t.whoHeading,
        <ul className="grid list-disc gap-1 pl-5">
          {t.who.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>,
      )}
      {section("o-que", t.whatHeading, <p>{t.what}</p>)}
      {section("para-que", t.whyHeading, <p>{t.why}</p>)}
      {section("quanto-tempo", t.howLongHeading, <p>{t.howLong(retentionMonths)}</p>)}
      {section(
        "direitos",
        t.rightsHeading,
        <>
          <ul className="grid list-disc gap-1 pl-5">
            {t.rights.map((right) => (
              <li key={right}>{right}</li>
            ))}
          </ul>
          <p>{t.rightsHow}</p>
        </>,
      )}
      {section(
        "cookies",
        t.cookiesHeading,
        <>
          <ul className="grid list-disc gap-1 pl-5">
            {t.cookies.map((cookie) => (
              <li key={cookie}>{cookie}</li>
            ))}
          </ul>
          <p>{t.noTracking}</p>
        </>,
      )}
    </main>
  );
}
