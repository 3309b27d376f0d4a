import type { ReactNode } from "react";
import { formatCents } from "~/lib/money";
import { CheckoutSteps } from "~/ui/checkout-steps";
import { ArrowLeftIcon } from "~/ui/guest-icons";

/** The checkout pages' frame: the way back, the title and the step indicator. */
export function CheckoutFrame({
  back,
  title,
  step,
  children,
}: {
  back: { href: string; label: string };
  title: string;
  step: 1 | 2 | 3;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto grid min-h-dvh max-w-4xl content-start gap-5 px-4 py-5">
      <a href={back.href} className="inline-flex items-center gap-1 text-sm text-brand">
        <ArrowLeftIcon className="size-4" /> {back.label}
      </a>
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      <CheckoutSteps current={step} />
      {children}
    </main>
  );
}

export type SummaryLine = {
  productId: string;
  name: string;
  imageThumb: string | null;
  quantity: number;
  unitPriceCents: number;
};

/** 'Resumo da compra': what the guest is buying, and who processes the payment (part 2 §2). */
export function PurchaseSummary({ lines, totalCents }: { lines: SummaryLine[]; totalCents: number }) {
  return (
    <aside
      aria-labelledby="resumo-da-compra"
      className="grid content-start gap-3 rounded-xl border border-border bg-surface p-4"
    >
      <h2 id="resumo-da-compra" className="font-semibold text-ink">
        Resumo da compra
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
              <p className="truncate font-medium text-ink">{line.name}</p>
              <p className="text-sm text-muted">
                {line.quantity} x {formatCents(line.unitPriceCents)}
              </p>
            </div>
            <p className="font-medium text-ink">{formatCents(line.quantity * line.unitPriceCents)}</p>
          </li>
        ))}
      </ul>
      <p className="flex items-center justify-between border-t border-border pt-3 text-lg font-semibold">
        <span>Total</span>
        <span>{formatCents(totalCents)}</span>
      </p>
      <p className="text-sm text-muted">
        O pagamento é processado com segurança por um processador de pagamentos. O Estadia não guarda os dados
        do seu cartão.
      </p>
    </aside>
  );
}

/** A centred message for a checkout page that has nothing else to show. */
export function CheckoutMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-xl font-semibold">{title}</h1>
      {children}
    </main>
  );
}
