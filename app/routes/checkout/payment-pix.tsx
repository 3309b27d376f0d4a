import type { ChargeView, OrderView } from "~/domain/orders/checkout-views.server";
import { formatCentsIn, formatDateTimeIn } from "~/lib/i18n/format";
import type { GuestLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";

export type PixState =
  | { kind: "ready"; qrImage: string; code: string; expiresAt: string }
  | { kind: "generating" }
  /** Another request is asking the provider for this charge: the page looks again in a moment. */
  | { kind: "waiting" }
  | { kind: "failed" }
  | { kind: "expired" };

/** Which PIX state the page shows for the order and its newest charge. */
export function pixState(
  order: OrderView,
  charge: ChargeView | null,
  now: Date,
): Exclude<PixState, { kind: "ready" }> | "ready" {
  if (order.status === "cancelled") return { kind: "expired" };
  if (
    charge?.method === "pix" &&
    charge.status === "pending" &&
    charge.pixCode &&
    (charge.expiresAt ?? now) > now
  )
    return "ready";
  if (charge?.method === "pix" && charge.status === "error") return { kind: "failed" };
  if (charge?.method === "pix" && charge.status === "creating") return { kind: "waiting" };
  return { kind: "generating" };
}

/**
 * 'Pagamento via Pix', phone first (issue 24): the amount, the 'copia e cola' code with its copy button,
 * how to pay with it, then the QR Code for paying from another device; the time left, and the status the
 * guest script polls every 10 s (without JavaScript the page refreshes itself).
 */
export function PixPayment({
  locale,
  state,
  totalCents,
  statusUrl,
  successUrl,
}: {
  locale: GuestLocale;
  state: PixState;
  totalCents: number;
  statusUrl: string;
  successUrl: string;
}) {
  const messages = guestMessages(locale).checkout;
  const PIX_TEXT = messages.pix;
  if (state.kind === "ready") {
    return (
      <section
        aria-labelledby="pix-title"
        data-pix
        data-status-url={statusUrl}
        data-success-url={successUrl}
        className="grid justify-items-center gap-4 rounded-xl border border-border bg-surface p-5 text-center"
      >
        <h2 id="pix-title" className="text-xl font-semibold text-ink">
          {PIX_TEXT.title}
        </h2>
        <p className="text-lg font-semibold text-ink" data-pix-total>
          {PIX_TEXT.total(formatCentsIn(locale, totalCents))}
        </p>
        <label className="grid w-full gap-1 text-left text-sm">
          <span className="font-medium text-ink">{PIX_TEXT.codeLabel}</span>
          {/* Without JavaScript the code stays here to select and copy by hand. */}
          <textarea
            readOnly
            rows={3}
            data-pix-code
            value={state.code}
            className="w-full resize-none rounded-lg border border-border bg-surface-alt p-2 font-mono text-xs break-all"
          />
        </label>
        <button
          type="button"
          data-copy-pix
          hidden
          className="h-14 w-full rounded-full bg-brand text-lg font-semibold text-white"
        >
          {PIX_TEXT.copy}
        </button>
        {/* Filled by the guest script when the code is copied, so a screen reader hears it too. */}
        <p
          role="status"
          aria-live="polite"
          data-pix-copied={PIX_TEXT.copied}
          className="min-h-5 text-sm font-semibold text-success empty:hidden"
        />
        <p className="text-sm text-ink">{PIX_TEXT.howTo}</p>
        <div className="grid justify-items-center gap-2 border-t border-border pt-4">
          <p className="text-sm text-muted">{PIX_TEXT.otherDevice}</p>
          <img
            src={state.qrImage}
            alt={PIX_TEXT.qrAlt}
            width={240}
            height={240}
            data-pix-qr
            className="size-60 rounded-lg bg-white"
          />
        </div>
        <p role="status" data-pix-status className="font-medium text-ink">
          {PIX_TEXT.waiting}
        </p>
        <p className="text-sm text-muted">
          {/* The guest script counts down in these words ({time} is mm:ss). */}
          <span
            data-expires-at={state.expiresAt}
            data-texts={JSON.stringify({ expiresIn: PIX_TEXT.expiresIn, timeUp: PIX_TEXT.timeUp })}
          >
            {PIX_TEXT.payBy(formatDateTimeIn(locale, new Date(state.expiresAt)))}
          </span>
        </p>
        <NoScriptRefresh locale={locale} />
      </section>
    );
  }
  if (state.kind === "waiting") {
    return (
      <section className="grid justify-items-center gap-4 rounded-xl border border-border bg-surface p-5 text-center">
        <h2 className="text-xl font-semibold text-ink">{PIX_TEXT.title}</h2>
        <p role="status" className="text-ink">
          {PIX_TEXT.generating}
        </p>
        <meta httpEquiv="refresh" content="2" />
      </section>
    );
  }
  const copy = {
    generating: { text: PIX_TEXT.generating, button: PIX_TEXT.generate, alert: false },
    failed: { text: messages.errors.pixFailed, button: PIX_TEXT.retry, alert: true },
    expired: { text: messages.errors.expired, button: PIX_TEXT.generateNew, alert: true },
  }[state.kind];
  return (
    <section className="grid justify-items-center gap-4 rounded-xl border border-border bg-surface p-5 text-center">
      <h2 className="text-xl font-semibold text-ink">{PIX_TEXT.title}</h2>
      <p
        role={copy.alert ? "alert" : "status"}
        className={copy.alert ? "font-medium text-danger" : "text-ink"}
      >
        {copy.text}
      </p>
      <form method="post" data-auto-submit={state.kind === "generating" ? "" : undefined}>
        <input type="hidden" name="intent" value="pix" />
        <button type="submit" className="h-11 rounded-full bg-brand px-6 font-semibold text-white">
          {copy.button}
        </button>
      </form>
    </section>
  );
}

/** Without JavaScript the page reloads itself every 10 s (the loader sends it on once paid). */
export function NoScriptRefresh({ locale }: { locale: GuestLocale }) {
  return (
    <noscript>
      <meta httpEquiv="refresh" content="10" />
      <p className="text-sm text-muted">{guestMessages(locale).checkout.payment.selfRefresh}</p>
    </noscript>
  );
}
