import type { ReactNode } from "react";
import { guestName } from "~/lib/guest-name";
import { formatCentsIn } from "~/lib/i18n/format";
import type { GuestLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";
import { CheckoutSteps } from "~/ui/checkout-steps";
import { ArrowLeftIcon } from "~/ui/guest-icons";
import { LanguageSwitch } from "~/ui/language-switch";

/** The checkout pages' frame: the way back and the language switch, the title and the step indicator. */
export function CheckoutFrame({
  locale,
  back,
  title,
  step,
  children,
}: {
  locale: GuestLocale;
  back: { href: string; label: string };
  title: string;
  step: 1 | 2 | 3;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto grid min-h-dvh max-w-4xl content-start gap-5 px-4 py-5">
      <div className="flex items-center justify-between gap-3">
        <a href={back.href} className="inline-flex items-center gap-1 text-sm text-brand">
          <ArrowLeftIcon className="size-4" /> {back.label}
        </a>
        <GuestLanguageSwitch locale={locale} />
      </div>
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      <CheckoutSteps current={step} locale={locale} />
      {children}
    </main>
  );
}

/** PT / EN / ES, labelled in the guest's language. */
export function GuestLanguageSwitch({ locale }: { locale: GuestLocale }) {
  return <LanguageSwitch locale={locale} label={guestMessages(locale).common.languageSwitchLabel} />;
}

export type SummaryLine = {
  productId: string;
  name: string;
  /** The product's English and Spanish names, when the host wrote them. */
  nameEn?: string | null;
  nameEs?: string | null;
  imageThumb: string | null;
  quantity: number;
  unitPriceCents: number;
};

/** 'Resumo da compra': what the guest is buying, and who processes the payment (part 2 §2). */
export function PurchaseSummary({
  locale,
  lines,
  totalCents,
}: {
  locale: GuestLocale;
  lines: SummaryLine[];
  totalCents: number;
}) {
  const t = guestMessages(locale).checkout.summary;
  const money = (cents: number) => formatCentsIn(locale, cents);
  return (
    <aside
      aria-labelledby="resumo-da-compra"
      className="grid content-start gap-3 rounded-xl border border-border bg-surface p-4"
    >
      <h2 id="resumo-da-compra" className="font-semibold text-ink">
        {t.title}
      </h2>
      <ul className="grid gap-3">
        {lines.map((line) => (
          <li key={line.productId} className="flex items-center gap-3">
            <div className="size-12 shrink-0 overflow-hidden rounded-lg bg-surface-alt">
              {line.imageThumb ? (
                <img src={line.imageThumb} alt="" width={48} height={48} className="size-full object-cover" />
              ) : null}
            </div>
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-ink">
                {guestName(locale, {
                  name: line.name,
                  nameEn: line.nameEn ?? null,
                  nameEs: line.nameEs ?? null,
                })}
              </p>
              <p className="text-sm text-muted">
                {line.quantity} x {money(line.unitPriceCents)}
              </p>
            </div>
            <p className="font-medium text-ink">{money(line.quantity * line.unitPriceCents)}</p>
          </li>
        ))}
      </ul>
      <p className="flex items-center justify-between border-t border-border pt-3 text-lg font-semibold">
        <span>{t.total}</span>
        <span>{money(totalCents)}</span>
      </p>
      <p className="text-sm text-muted">{t.processor}</p>
    </aside>
  );
}

/** A centred message for a checkout page that has nothing else to show. */
export function CheckoutMessage({
  locale,
  title,
  children,
}: {
  locale: GuestLocale;
  title: string;
  children?: ReactNode;
}) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-3 p-6 text-center">
      <div className="self-end">
        <GuestLanguageSwitch locale={locale} />
      </div>
      <h1 className="text-xl font-semibold">{title}</h1>
      {children}
    </main>
  );
}
