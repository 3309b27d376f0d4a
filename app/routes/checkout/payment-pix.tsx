import type { ChargeView, OrderView } from "~/domain/orders/checkout-views.server";
import { CHECKOUT_TEXT } from "~/domain/orders/messages";
import { formatDateTime } from "~/lib/dates";

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
 * 'Pagamento via Pix' (part 2 §2): the QR image and its 'copia e cola' code, the time left, and the
 * status the guest script polls every 10 s (without JavaScript the page refreshes itself).
 */
export function PixPayment({
  state,
  statusUrl,
  successUrl,
}: {
  state: PixState;
  statusUrl: string;
  successUrl: string;
}) {
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
          Pagamento via Pix
        </h2>
        <img
          src={state.qrImage}
          alt="QR Code do pagamento Pix"
          width={240}
          height={240}
          data-pix-qr
          className="size-60 rounded-lg bg-white"
        />
        <p className="text-sm text-muted">
          Abra o app do seu banco, escolha pagar com Pix e leia o QR Code, ou copie o código:
        </p>
        <label className="grid w-full gap-1 text-left text-sm">
          <span className="font-medium text-ink">Código Pix copia e cola</span>
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
          className="h-11 w-full rounded-full bg-brand font-semibold text-white"
        >
          Copiar código
        </button>
        <p role="status" data-pix-status className="font-medium text-ink">
          Aguardando confirmação do pagamento...
        </p>
        <p className="text-sm text-muted">
          <span data-expires-at={state.expiresAt}>Pague até {formatDateTime(state.expiresAt)}</span>
        </p>
        <NoScriptRefresh />
      </section>
    );
  }
  if (state.kind === "waiting") {
    return (
      <section className="grid justify-items-center gap-4 rounded-xl border border-border bg-surface p-5 text-center">
        <h2 className="text-xl font-semibold text-ink">Pagamento via Pix</h2>
        <p role="status" className="text-ink">
          Gerando QR Code para pagamento...
        </p>
        <meta httpEquiv="refresh" content="2" />
      </section>
    );
  }
  const copy = {
    generating: { text: "Gerando QR Code para pagamento...", button: "Gerar QR Code", alert: false },
    failed: { text: CHECKOUT_TEXT.pixFailed, button: "Tentar novamente", alert: true },
    expired: { text: CHECKOUT_TEXT.expired, button: "Gerar novo QR Code", alert: true },
  }[state.kind];
  return (
    <section className="grid justify-items-center gap-4 rounded-xl border border-border bg-surface p-5 text-center">
      <h2 className="text-xl font-semibold text-ink">Pagamento via Pix</h2>
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
export function NoScriptRefresh() {
  return (
    <noscript>
      <meta httpEquiv="refresh" content="10" />
      <p className="text-sm text-muted">Esta página se atualiza sozinha a cada 10 segundos.</p>
    </noscript>
  );
}
