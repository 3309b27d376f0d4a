import type { GuestLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";

/** The '18+' after a product's name, read aloud as what it means (the shop's card and the cart summary). */
export function AdultsOnlyMark({ locale }: { locale: GuestLocale }) {
  const t = guestMessages(locale).shop;
  return (
    <>
      {" "}
      <span
        title={t.adultsOnlyMarkLabel}
        className="ml-1 inline-block rounded-full bg-danger/10 px-2 py-0.5 align-middle text-xs font-semibold text-danger"
      >
        <span aria-hidden="true">{t.adultsOnlyMark}</span>
        <span className="sr-only">{t.adultsOnlyMarkLabel}</span>
      </span>
    </>
  );
}
