import type { GuestLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";

/**
 * The LGPD notice at identification (issue 24), short: who receives the data (the host, by name), what for,
 * for how long, and the way to the full privacy notice.
 */
export function PrivacyNotice({
  locale,
  host,
  retentionMonths,
}: {
  locale: GuestLocale;
  host: string;
  /** GUEST_DATA_RETENTION_MONTHS, as the retention job uses it. */
  retentionMonths: number;
}) {
  const t = guestMessages(locale).privacy.notice;
  return (
    <section
      aria-labelledby="privacidade-dos-dados"
      data-privacy-notice
      className="grid gap-1 rounded-lg bg-surface-alt p-3 text-sm text-muted"
    >
      <h2 id="privacidade-dos-dados" className="font-medium text-ink">
        {t.heading}
      </h2>
      <p>
        {t.text(host, retentionMonths)}{" "}
        <a href="/privacidade" className="text-brand underline">
          {t.link}
        </a>
      </p>
    </section>
  );
}
