import { ExternalLink } from "lucide-react";
import { MONEY_TEXT } from "~/domain/ledger/messages";
import type { ReleaseRow } from "~/domain/ledger/read-wallets.server";
import { formatDateTime } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { shortId } from "~/lib/short-id";
import { buttonClasses } from "~/ui/button";
import { Link } from "~/ui/link";
import { RECEIVING_PATH } from "./receiving-result";

export type ReleaseView = Omit<ReleaseRow, "releaseAt"> & { releaseAt: string };

export const MERCADO_PAGO_URL = "https://www.mercadopago.com.br/";

/** No active account: nothing can be withdrawn until one is connected. */
export function NoPayoutAccount() {
  return (
    <section
      aria-label="Conta de recebimento"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-warning/40 bg-warning-soft p-4"
    >
      <p className="text-sm text-warning-ink">{MONEY_TEXT.noPayoutAccount}</p>
      <Link to={RECEIVING_PATH} className={buttonClasses({ size: "sm" })}>
        Conectar conta
      </Link>
    </section>
  );
}

/**
 * With Mercado Pago the money is in the host's own account there, so it is withdrawn there: the sentence,
 * the link, and the card sales Mercado Pago has not released yet with their release dates.
 */
export function AtMercadoPago({ releases }: { releases: ReleaseView[] }) {
  return (
    <section
      aria-labelledby="at-mercadopago"
      className="grid gap-3 rounded-xl border border-border bg-surface p-4"
    >
      <h2 id="at-mercadopago" className="text-lg font-semibold text-ink">
        Saque no Mercado Pago
      </h2>
      <p className="text-sm text-muted">{MONEY_TEXT.withdrawAtProvider}</p>
      <div>
        <a href={MERCADO_PAGO_URL} target="_blank" rel="noopener" className={buttonClasses({ size: "sm" })}>
          Sacar no Mercado Pago
          <ExternalLink aria-hidden="true" />
          <span className="sr-only"> (abre em nova aba)</span>
        </a>
      </div>
      <h3 className="font-medium text-ink">A liberar</h3>
      {releases.length === 0 ? (
        <p className="text-sm text-muted">{MONEY_TEXT.nothingToRelease}</p>
      ) : (
        <ul aria-label="A liberar" className="grid gap-2">
          {releases.map((r) => (
            <li
              key={r.id}
              className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-t border-border pt-2 text-sm"
            >
              <span>
                <span className="font-mono">#{shortId(r.orderId)}</span> {r.propertyName}{" "}
                <span className="text-muted">· libera em {formatDateTime(r.releaseAt)}</span>
              </span>
              <span className="font-semibold tabular-nums">{formatCents(r.amountCents)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
