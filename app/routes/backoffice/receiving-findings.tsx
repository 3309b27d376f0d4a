import { formatDateTime } from "~/lib/dates";
import { shortId } from "~/lib/short-id";
import type { ReceivingFinding } from "./receiving-types";

/** What the daily reconciliation found that still disagrees with the provider (newest first). */
export function ReceivingFindings({ findings }: { findings: ReceivingFinding[] }) {
  if (findings.length === 0) return null;
  return (
    <section
      aria-labelledby="receiving-findings"
      className="grid gap-3 rounded-xl border border-warning/40 bg-warning-soft p-4 sm:p-5"
    >
      <div className="grid gap-1">
        <h2 id="receiving-findings" className="text-lg font-semibold text-warning-ink">
          Diferenças na conciliação
        </h2>
        <p className="text-sm text-warning-ink">
          A conferência diária com o provedor encontrou o que está abaixo. Confira cada pagamento no provedor.
        </p>
      </div>
      <ul aria-label="Diferenças na conciliação" className="grid gap-2">
        {findings.map((f) => (
          <li
            key={`${f.kind}-${f.providerPaymentId}`}
            className="grid gap-0.5 rounded-lg border border-border bg-surface p-3 text-sm"
          >
            <p className="font-medium">{f.text}</p>
            <p className="text-muted">
              Pagamento {f.providerPaymentId}
              {f.orderId ? ` · Pedido #${shortId(f.orderId)}` : ""} · {formatDateTime(f.foundAt)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
