import type { ReactNode } from "react";
import { Form } from "react-router";
import type { OfferedProvider } from "~/domain/payment-accounts/read-receiving.server";
import { Button } from "~/ui/button";
import type { Refused } from "../answer";
import { ReceivingAsaasForm } from "./receiving-asaas-form";
import { estadiaFeeText, trialText } from "./receiving-text";
import type { ReceivingData } from "./receiving-types";

type Fees = Pick<ReceivingData, "offered" | "platformFeePercent" | "freeTrialDays" | "trialEndsAt">;

/** What each sale costs, stated before anyone connects: each provider's fee and Estadia's. */
export function ReceivingFees({ offered, platformFeePercent, freeTrialDays, trialEndsAt }: Fees) {
  return (
    <section
      aria-labelledby="receiving-fees"
      className="grid gap-3 rounded-xl border border-border bg-surface p-4 sm:p-5"
    >
      <h2 id="receiving-fees" className="text-lg font-semibold">
        Taxas de cada venda
      </h2>
      <ul className="grid gap-2 text-sm">
        {offered.map((o) => (
          <li key={o.provider}>
            <strong>{o.label}:</strong> {o.providerFees}
          </li>
        ))}
        <li>
          <strong>{estadiaFeeText(platformFeePercent, freeTrialDays)}</strong>
        </li>
      </ul>
      {trialEndsAt ? (
        <p className="rounded-lg bg-brand-soft p-3 text-sm text-brand">{trialText(trialEndsAt)}</p>
      ) : null}
    </section>
  );
}

const INTRO: Record<OfferedProvider["provider"], string> = {
  mercadopago:
    "Você entra na sua conta do Mercado Pago e autoriza o Estadia a cobrar em seu nome. O dinheiro cai direto na sua conta.",
  asaas:
    "O Estadia abre uma subconta Asaas em seu nome com os dados abaixo. O dinheiro fica nela, e você pede os saques aqui.",
  sandbox: "Para experimentar: os pagamentos são simulados e nenhum dinheiro real se move.",
};

/** The owner's ways to connect an account, one card per provider offered. */
export function ReceivingConnect({
  offered,
  refusal,
  busy,
}: {
  offered: OfferedProvider[];
  refusal: Refused | undefined;
  busy: boolean;
}) {
  const asaas = refusal?.intent === "asaas" ? refusal : undefined;
  return (
    <section aria-labelledby="receiving-connect" className="grid gap-3">
      <h2 id="receiving-connect" className="text-lg font-semibold">
        Conectar uma conta
      </h2>
      <ul className="grid gap-3">
        {offered.map((o) => (
          <li key={o.provider} className="grid gap-3 rounded-xl border border-border bg-surface p-4 sm:p-5">
            <div className="grid gap-1">
              <h3 className="font-semibold">{o.label}</h3>
              <p className="text-sm text-muted">{INTRO[o.provider]}</p>
              <p className="text-sm text-muted">Tarifa do provedor: {o.providerFees}</p>
            </div>
            {o.provider === "asaas" ? (
              <ReceivingAsaasForm values={asaas?.values} errors={asaas?.fieldErrors} busy={busy} />
            ) : (
              <ConnectButton intent={o.provider} busy={busy}>
                {o.provider === "mercadopago" ? "Conectar Mercado Pago" : "Conectar conta de teste"}
              </ConnectButton>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ConnectButton({ intent, busy, children }: { intent: string; busy: boolean; children: ReactNode }) {
  return (
    <Form method="post">
      <Button type="submit" name="intent" value={intent} disabled={busy}>
        {children}
      </Button>
    </Form>
  );
}
