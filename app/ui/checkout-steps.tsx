import { cn } from "~/lib/cn";
import type { GuestLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";

/** The checkout's step indicator: 1 Resumo, 2 Identificação, 3 Pagamento, in the guest's language. */
export function CheckoutSteps({ current, locale = "pt-BR" }: { current: 1 | 2 | 3; locale?: GuestLocale }) {
  const t = guestMessages(locale).checkout.steps;
  const steps = [t.summary, t.identification, t.payment];
  return (
    <ol aria-label={t.label} className="flex items-center justify-between gap-2 text-sm">
      {steps.map((label, i) => {
        const step = i + 1;
        const state = step < current ? "done" : step === current ? "current" : "next";
        return (
          <li
            key={label}
            aria-current={state === "current" ? "step" : undefined}
            className="flex items-center gap-2"
          >
            <span
              className={cn(
                "inline-flex size-7 items-center justify-center rounded-full border text-xs font-semibold",
                state === "next" ? "border-border text-muted" : "border-brand bg-brand text-white",
              )}
            >
              {step}
            </span>
            <span className={cn(state === "current" ? "font-semibold text-ink" : "text-muted")}>{label}</span>
          </li>
        );
      })}
    </ol>
  );
}
