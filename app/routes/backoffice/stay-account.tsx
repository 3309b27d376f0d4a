import { Form, Link as RouterLink } from "react-router";
import { STAY_ACCOUNT_TEXT as A } from "~/domain/stock/stay-account-text";
import { formatDateTime, formatDay } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { Badge, type BadgeTone } from "~/ui/badge";
import { Button } from "~/ui/button";
import { MoneyInput } from "~/ui/money-input";

/** What the stay's page shows of its account; money fields are absent for who may not see money. */
export type StayAccountView = {
  countId: string;
  takenAt: string;
  countedBy: string | null;
  missing: {
    name: string;
    units: number;
    unitPriceCents?: number;
    priceCents?: number;
    costCents?: number | null;
  }[];
  totalPriceCents?: number;
  totalCostCents?: number | null;
  sharedBetween: { from: string; to: string } | null;
  status: "open" | "forgiven" | "in_damage";
  statusBy: string | null;
  statusAt: string | null;
  damageId: string | null;
};

type Props = {
  account: StayAccountView | null;
  /** Sold and paid during the stay; null for who may not see money. */
  paidCents: number | null;
  canSettle: boolean;
  claimOpen: boolean;
  alertCents: number | null;
  refusal: string | null;
};

/** 'Conta da estadia': sold and paid, what the turnover count found missing, and what was done about it. */
export function StayAccount({ account, paidCents, canSettle, claimOpen, alertCents, refusal }: Props) {
  const status = account ? statusOf(account) : null;
  return (
    <section
      id="conta"
      aria-labelledby="stay-account"
      className="grid gap-3 rounded-xl border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="stay-account" className="text-lg font-semibold text-ink">
          {A.title}
        </h2>
        {status ? <Badge tone={status.tone}>{status.text}</Badge> : null}
      </div>
      {paidCents !== null ? (
        <p className="text-sm text-ink">
          Vendido e pago durante a estadia: <strong>{formatCents(paidCents)}</strong>
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
          {refusal}
        </p>
      ) : null}
      {!account ? (
        <p className="text-sm text-muted">{A.notCounted}</p>
      ) : (
        <>
          <p className="text-sm text-muted">
            Conferido em {formatDateTime(account.takenAt)}
            {account.countedBy ? ` por ${account.countedBy}` : ""}
          </p>
          {account.sharedBetween ? (
            <p className="text-sm text-ink">
              {A.shared(shortDay(account.sharedBetween.from), shortDay(account.sharedBetween.to))}
            </p>
          ) : null}
          {account.missing.length > 0 ? (
            <ul aria-label="Itens faltando" className="grid gap-1 text-sm">
              {account.missing.map((m) => (
                <li key={m.name} className="flex flex-wrap justify-between gap-2">
                  <span>
                    {m.units} × {m.name}
                    {m.unitPriceCents !== undefined ? ` (${formatCents(m.unitPriceCents)} cada)` : ""}
                  </span>
                  {m.priceCents !== undefined ? (
                    <span>
                      {formatCents(m.priceCents)} · custo{" "}
                      {m.costCents === null ? "sem custo" : formatCents(m.costCents)}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {account.totalPriceCents !== undefined && account.missing.length > 0 ? (
            <p className="text-sm font-medium text-ink">
              Faltando: {formatCents(account.totalPriceCents)} a preço de venda
              {account.totalCostCents !== null && account.totalCostCents !== undefined
                ? ` · ${formatCents(account.totalCostCents)} a custo`
                : ""}
            </p>
          ) : null}
          {account.status !== "open" ? (
            <p className="text-sm text-muted">
              {account.status === "forgiven" ? A.forgiven : A.inDamage}
              {account.statusBy ? ` por ${account.statusBy}` : ""}
              {account.statusAt ? ` em ${formatDateTime(account.statusAt)}` : ""}
              {account.damageId ? (
                <>
                  {" · "}
                  <RouterLink to={`/avarias/${account.damageId}`} className="text-brand underline">
                    Ver avaria
                  </RouterLink>
                </>
              ) : null}
            </p>
          ) : null}
          {canSettle && account.status === "open" && !account.sharedBetween && account.missing.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              {claimOpen ? (
                <Form method="post">
                  <input type="hidden" name="countId" value={account.countId} />
                  <Button type="submit" name="intent" value="includeInDamage" variant="outline" size="sm">
                    {A.includeInDamage}
                  </Button>
                </Form>
              ) : (
                <p className="text-sm text-muted">{A.claimClosed}</p>
              )}
              <Form method="post">
                <input type="hidden" name="countId" value={account.countId} />
                <Button type="submit" name="intent" value="forgive" variant="ghost" size="sm">
                  {A.forgive}
                </Button>
              </Form>
            </div>
          ) : null}
        </>
      )}
      {alertCents !== null ? (
        <Form method="post" className="flex flex-wrap items-end gap-2 border-t border-border pt-3">
          <MoneyInput
            name="unpaidAlert"
            label={A.alertLabel}
            hint={A.alertHint}
            defaultValue={(alertCents / 100).toFixed(2).replace(".", ",")}
          />
          <Button type="submit" name="intent" value="unpaidAlert" variant="outline" size="sm">
            Salvar
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

function statusOf(account: StayAccountView): { text: string; tone: BadgeTone } {
  if (account.missing.length === 0) return { text: A.nothingMissing, tone: "green" };
  if (account.status === "forgiven") return { text: A.forgiven, tone: "gray" };
  if (account.status === "in_damage") return { text: A.inDamage, tone: "blue" };
  return { text: A.missingOpen, tone: "red" };
}

/** '3/12' — how the stays are named when a count was skipped. */
function shortDay(day: string): string {
  return formatDay(day).split("/").slice(0, 2).map(Number).join("/");
}
