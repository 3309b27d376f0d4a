import type { HostContactLink } from "~/domain/team/organization-contact";
import type { GuestLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";

/**
 * 'Fale com o anfitrião' on guest pages (server-rendered, no script): WhatsApp opens the app on a phone,
 * the others the dialler or the mail app. Nothing when the host set no contact. Texts in the guest's
 * language (the links' own labels are pt-BR, for the receipt).
 */
export function HostContact({
  links,
  locale = "pt-BR",
  className = "",
}: {
  links: HostContactLink[];
  locale?: GuestLocale;
  className?: string;
}) {
  if (links.length === 0) return null;
  const T = guestMessages(locale).shop.hostContact;
  return (
    <section aria-labelledby="fale-com-o-anfitriao" data-host-contact className={`grid gap-2 ${className}`}>
      <h2 id="fale-com-o-anfitriao" className="text-base font-semibold text-ink">
        {T.heading}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.kind}>
            <a
              href={link.href}
              data-contact={link.kind}
              {...(link.kind === "whatsapp" ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              className="inline-flex min-h-11 items-center gap-1 rounded-full border border-border bg-surface px-4 text-sm text-ink"
            >
              <span className="font-medium">{T[link.kind]}</span>
              <span className="text-muted">{link.text}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
