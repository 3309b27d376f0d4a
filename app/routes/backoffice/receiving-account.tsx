import { Form } from "react-router";
import type { AccountStatus } from "~/domain/payment-accounts/messages";
import { formatDateTime } from "~/lib/dates";
import { Badge, type BadgeTone } from "~/ui/badge";
import { Button, buttonClasses } from "~/ui/button";
import { Link } from "~/ui/link";
import { RECEIVING_PATH } from "./receiving-result";
import { disconnectText, RECEIVING_PAGE_TEXT as T, whereMoneyText } from "./receiving-text";
import type { ReceivingAccount } from "./receiving-types";

const STATUS_TONE: Record<AccountStatus, BadgeTone> = {
  active: "green",
  pending: "yellow",
  needs_reconnect: "red",
  disconnected: "gray",
};

type Props = { account: ReceivingAccount; canManage: boolean; confirmDisconnect: boolean; busy: boolean };

/** The connected account: who receives the money, its status, and (for the owner) reconnect / disconnect. */
export function ReceivingAccountCard({ account, canManage, confirmDisconnect, busy }: Props) {
  const needsReconnect = account.status === "needs_reconnect";
  const connected = account.connectedByName
    ? `${account.connectedByName}, em ${formatDateTime(account.connectedAt)}`
    : formatDateTime(account.connectedAt);
  return (
    <section
      aria-labelledby="receiving-account"
      className="grid gap-4 rounded-xl border border-border bg-surface p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="receiving-account" className="text-lg font-semibold">
          Quem recebe o dinheiro: {account.providerLabel}
        </h2>
        <Badge tone={STATUS_TONE[account.status]}>{account.statusLabel}</Badge>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <Detail term="Provedor" value={account.providerLabel} />
        {account.displayName ? <Detail term="Conta" value={account.displayName} /> : null}
        {account.email ? <Detail term="E-mail" value={account.email} /> : null}
        <Detail term="Identificador da conta" value={account.providerAccountId} />
        <Detail term="Conectada por" value={connected} />
        {account.reconciledAt ? (
          <Detail term="Última conciliação" value={formatDateTime(account.reconciledAt)} />
        ) : null}
        {account.provider === "asaas" && account.pixKey ? (
          <Detail term={T.pixKeyTerm} value={account.pixKey} />
        ) : null}
      </dl>
      {account.provider === "asaas" && !account.pixKey ? (
        <p className="rounded-lg bg-warning-soft p-3 text-sm text-warning-ink">{T.noPixKey}</p>
      ) : null}
      {account.pendingApproval.length > 0 ? (
        <div className="grid gap-1 rounded-lg bg-warning-soft p-3 text-sm text-warning-ink">
          <p>{T.pendingApproval}</p>
          <ul className="list-disc pl-5">
            {account.pendingApproval.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {account.provider === "asaas" ? <p className="text-sm text-muted">{T.asaasRefundsWarning}</p> : null}
      {needsReconnect && account.lastError ? (
        <p className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
          <strong>Precisa reconectar:</strong> {account.lastError}
        </p>
      ) : null}
      {account.offered ? null : (
        <p className="rounded-lg bg-warning-soft p-3 text-sm text-warning-ink">{T.notOfferedAnymore}</p>
      )}
      <p className="text-sm">
        {whereMoneyText(account.providerLabel, account.withdrawsHere)}
        {account.withdrawsHere ? (
          <>
            {" "}
            <Link to="/withdrawals" className="font-medium text-brand underline">
              Ir para Saques
            </Link>
          </>
        ) : null}
      </p>
      {canManage ? (
        confirmDisconnect ? (
          <DisconnectConfirmation providerLabel={account.providerLabel} busy={busy} />
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            {needsReconnect && account.provider === "mercadopago" && account.offered ? (
              <Form method="post">
                <Button type="submit" name="intent" value="mercadopago" disabled={busy}>
                  Reconectar
                </Button>
              </Form>
            ) : null}
            {needsReconnect && account.provider !== "mercadopago" ? (
              <p className="text-sm text-muted">{T.reconnectOther}</p>
            ) : null}
            {/* A page of its own asks again: the confirmation works before JavaScript loads. */}
            <Link
              to={`${RECEIVING_PATH}?desconectar=1`}
              className={buttonClasses({ variant: "outline" })}
              preventScrollReset
            >
              Desconectar
            </Link>
          </div>
        )
      ) : (
        <p className="text-sm text-muted">{T.ownerOnly}</p>
      )}
    </section>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-muted">{term}</dt>
      <dd className="font-medium break-all">{value}</dd>
    </div>
  );
}

function DisconnectConfirmation({ providerLabel, busy }: { providerLabel: string; busy: boolean }) {
  return (
    <section
      aria-labelledby="receiving-disconnect"
      className="grid gap-3 rounded-lg border border-danger/40 bg-danger-soft p-4"
    >
      <h3 id="receiving-disconnect" className="font-semibold text-danger">
        {T.disconnectQuestion}
      </h3>
      <p className="text-sm text-ink">{disconnectText(providerLabel)}</p>
      <Form method="post" className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="disconnect" variant="danger" disabled={busy}>
          Confirmar desconexão
        </Button>
        <Link to={RECEIVING_PATH} className={buttonClasses({ variant: "outline" })} preventScrollReset>
          Cancelar
        </Link>
      </Form>
    </section>
  );
}
