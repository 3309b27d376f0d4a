import { data, redirect } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { PAYMENT_METHOD_LABEL } from "~/lib/payment-method";
import { env } from "~/platform/env.server";
import { accountProviders } from "~/platform/payments/account-providers.server";
import { ProviderError } from "~/platform/payments/provider";
import { PayoutError } from "~/platform/payouts/payout-provider";
import type { Route } from "./+types/dev-payments";

export function meta() {
  return [
    { title: "Pagamentos do sandbox (desenvolvimento) | Estadia" },
    { name: "robots", content: "noindex" },
  ];
}

const OUTCOMES = { approve: "Aprovar", reject: "Recusar", expire: "Expirar" } as const;
type Outcome = keyof typeof OUTCOMES;

/** What the payer's bank does to a paid charge (ADR 0061), as Mercado Pago reports it. */
const DISPUTE_STEPS = {
  open: "Abrir contestação",
  win: "Contestação ganha",
  lose: "Contestação perdida",
} as const;
type DisputeStep = keyof typeof DISPUTE_STEPS;

/** The dispute buttons a charge offers: a paid one can be contested (or lost at once); a contested one ends. */
function disputeSteps(status: string, detail: string): DisputeStep[] {
  if (status === "approved" && detail === "in_mediation") return ["win", "lose"];
  if (status === "approved") return ["open", "lose"];
  return [];
}

/** A charge's status as the page names it: a dispute's own words first. */
function statusLabel(status: string, detail: string): string {
  if (detail === "in_mediation") return "Em disputa";
  if (detail === "charged_back") return "Estornado por contestação";
  return STATUS_LABEL[status] ?? status;
}

const STATUS_LABEL: Record<string, string> = {
  pending: "Aguardando",
  processing: "Em análise",
  approved: "Aprovado",
  rejected: "Recusado",
  cancelled: "Cancelado",
  refunded: "Estornado",
};

/** The sandbox only, outside production: the page stands for what a payer or the provider would do. */
async function devSandbox() {
  const sandbox = env().isProduction ? null : (await accountProviders()).sandbox();
  if (!sandbox) throw data(null, { status: 404 });
  return sandbox;
}

export async function loader({ request }: Route.LoaderArgs) {
  const sandbox = await devSandbox();
  const charges = await sandbox.payments.list(50);
  const transfers = await sandbox.payouts.list(50);
  const done = new URL(request.url).searchParams.get("feito");
  return {
    done,
    charges: charges.map((c) => ({
      id: c.id,
      method: c.method,
      status: c.status,
      statusDetail: c.statusDetail,
      amountCents: c.amountCents,
      orderId: c.externalReference,
      description: c.description,
      createdAt: c.createdAt.toISOString(),
      card: c.card ? `${c.card.brand} •••• ${c.card.lastFour}` : null,
    })),
    transfers: transfers.map((t) => ({
      id: t.id,
      status: t.status,
      amountCents: t.amountCents,
      withdrawalId: t.externalReference,
      pixKey: t.pixKey,
      failureReason: t.failureReason,
      createdAt: t.createdAt.toISOString(),
    })),
  };
}

const TRANSFER_OUTCOMES = { done: "Pagar", failed: "Falhar" } as const;
const TRANSFER_STATUS: Record<string, string> = {
  pending: "Aguardando",
  done: "Pago",
  failed: "Falhou",
  cancelled: "Cancelado",
};

/** Settles a charge in the sandbox, then sends the app the signed webhook a real provider would. */
export async function action({ request }: Route.ActionArgs) {
  try {
    return await settle(request);
  } catch (err) {
    // An id the sandbox does not know (a stale page, a hand-made post).
    if (err instanceof ProviderError || err instanceof PayoutError) throw data(err.message, { status: 404 });
    throw err;
  }
}

async function settle(request: Request) {
  const { payments: sandboxPayments, payouts } = await devSandbox();
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  if (form.get("kind") === "transfer") {
    const outcome = String(form.get("outcome") ?? "");
    if (outcome !== "done" && outcome !== "failed") throw data(null, { status: 400 });
    await payouts.settle(id, outcome);
    const status = await payouts.notify(id);
    const done = `${TRANSFER_OUTCOMES[outcome]}: saque ${id.slice(0, 8)} (webhook ${status})`;
    return redirect(`/dev/payments?feito=${encodeURIComponent(done)}`, 303);
  }
  if (form.get("kind") === "dispute") {
    const step = String(form.get("outcome") ?? "") as DisputeStep;
    if (!(step in DISPUTE_STEPS)) throw data(null, { status: 400 });
    await sandboxPayments.dispute(id, step);
    const status = await sandboxPayments.notify(id);
    const done = `${DISPUTE_STEPS[step]}: ${id} (webhook ${status})`;
    return redirect(`/dev/payments?feito=${encodeURIComponent(done)}`, 303);
  }
  const outcome = String(form.get("outcome") ?? "") as Outcome;
  if (!(outcome in OUTCOMES)) throw data(null, { status: 400 });
  await sandboxPayments.settle(id, outcome);
  const status = await sandboxPayments.notify(id);
  return redirect(
    `/dev/payments?feito=${encodeURIComponent(`${OUTCOMES[outcome]}: ${id} (webhook ${status})`)}`,
    303,
  );
}

export default function DevPayments({ loaderData }: Route.ComponentProps) {
  const { charges, transfers, done } = loaderData;
  return (
    <main className="mx-auto grid max-w-4xl gap-4 p-6">
      <h1 className="text-2xl font-semibold">Pagamentos do sandbox</h1>
      <p className="text-sm text-muted">
        O provedor de pagamentos de desenvolvimento: as contas de teste conectadas em Recebimentos. Cada botão
        faz o que o pagador ou o provedor faria e envia ao app o webhook assinado, pelo mesmo caminho de um
        provedor real. Cartões: o nome no cartão decide (APRO aprova, OTHE recusa, CONT fica em análise, 3DS
        exige a verificação do banco (3-D Secure), que abre na página do cartão; outro nome aprova).
      </p>
      {done ? (
        <p role="status" className="rounded-lg bg-brand-soft p-3 text-sm">
          {done}
        </p>
      ) : null}
      {charges.length === 0 ? <p>Nenhuma cobrança ainda.</p> : null}
      <ol className="grid gap-3">
        {charges.map((c) => (
          <SandboxRecord
            key={c.id}
            mark={{ "data-charge": c.id }}
            title={`${PAYMENT_METHOD_LABEL[c.method]} · ${formatCents(c.amountCents)} · ${c.description}`}
            status={statusLabel(c.status, c.statusDetail)}
            details={`Cobrança ${c.id} · pedido ${c.orderId.slice(0, 8)} · ${formatDateTime(c.createdAt)}${
              c.card ? ` · ${c.card}` : ""
            } · ${c.statusDetail}`}
            id={c.id}
            outcomes={
              c.status === "pending" || c.status === "processing"
                ? Object.entries(OUTCOMES).filter(([o]) => o !== "expire" || c.status === "pending")
                : disputeSteps(c.status, c.statusDetail).map((step) => [step, DISPUTE_STEPS[step]])
            }
            kind={disputeSteps(c.status, c.statusDetail).length > 0 ? "dispute" : undefined}
          />
        ))}
      </ol>
      <h2 className="mt-4 text-xl font-semibold">Saques (transferências Pix)</h2>
      {transfers.length === 0 ? <p>Nenhum saque ainda.</p> : null}
      <ol className="grid gap-3">
        {transfers.map((t) => (
          <SandboxRecord
            key={t.id}
            mark={{ "data-transfer": t.id }}
            title={`Saque · ${formatCents(t.amountCents)} · chave ${t.pixKey}`}
            status={TRANSFER_STATUS[t.status] ?? t.status}
            details={`Transferência ${t.id.slice(0, 8)} · saque ${t.withdrawalId.slice(0, 8)} · ${formatDateTime(
              t.createdAt,
            )}${t.failureReason ? ` · ${t.failureReason}` : ""}`}
            kind="transfer"
            id={t.id}
            outcomes={t.status === "pending" ? Object.entries(TRANSFER_OUTCOMES) : []}
          />
        ))}
      </ol>
    </main>
  );
}

/** One charge or transfer: what it is, its status, and the buttons that play the payer's or provider's part. */
function SandboxRecord({
  mark,
  title,
  status,
  details,
  kind,
  id,
  outcomes,
}: {
  mark: Record<`data-${string}`, string>;
  title: string;
  status: string;
  details: string;
  kind?: "transfer" | "dispute";
  id: string;
  outcomes: [string, string][];
}) {
  return (
    <li {...mark} className="grid gap-2 rounded-xl border border-border bg-surface p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">{title}</h2>
        <span className="text-sm font-medium">{status}</span>
      </div>
      <p className="text-sm text-muted">{details}</p>
      {outcomes.length > 0 ? (
        <form method="post" className="flex flex-wrap gap-2">
          {kind ? <input type="hidden" name="kind" value={kind} /> : null}
          <input type="hidden" name="id" value={id} />
          {outcomes.map(([value, label]) => (
            <button
              key={value}
              type="submit"
              name="outcome"
              value={value}
              className="h-9 rounded-lg border border-border px-3 text-sm font-medium"
            >
              {label}
            </button>
          ))}
        </form>
      ) : null}
    </li>
  );
}
