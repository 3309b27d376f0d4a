import { useLocation } from "react-router";
import { type GuestLocale, LOCALE_CHOICES, LOCALE_PARAM } from "~/lib/i18n/locale";

/**
 * PT / EN / ES on every guest page: plain links (`?lang=es`), so it works without JavaScript; the server
 * keeps the choice in a cookie and comes back to the same page (server/language-switch.ts).
 */
export function LanguageSwitch({ locale, label }: { locale: GuestLocale; label: string }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete(LOCALE_PARAM);
  return (
    <nav aria-label={label} data-language-switch className="flex items-center gap-1 text-sm">
      {LOCALE_CHOICES.map((choice) => {
        params.set(LOCALE_PARAM, choice.locale);
        const current = choice.locale === locale;
        return (
          <a
            key={choice.locale}
            href={`${pathname}?${params.toString()}`}
            hrefLang={choice.locale}
            lang={choice.locale}
            title={choice.name}
            aria-current={current ? "true" : undefined}
            className={
              current
                ? "rounded-md bg-brand px-2 py-1 font-semibold text-white"
                : "rounded-md px-2 py-1 text-muted hover:text-ink"
            }
          >
            <span aria-hidden="true">{choice.label}</span>
            <span className="sr-only">{choice.name}</span>
          </a>
        );
      })}
    </nav>
  );
}
