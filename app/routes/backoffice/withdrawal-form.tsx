import { Form } from "react-router";
import { MONEY_TEXT } from "~/domain/ledger/messages";
import { PIX_KEY_LABEL } from "~/domain/ledger/pix-key";
import { formatCents } from "~/lib/money";
import { PIX_KEY_TYPES, type PixKeyType } from "~/platform/payouts/payout-provider";
import { Button, buttonClasses } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { Link } from "~/ui/link";
import { MoneyInput } from "~/ui/money-input";
import { NativeSelect } from "~/ui/select";

export type WithdrawalValues = {
  walletId: string;
  amount: string;
  pixKeyType: string;
  pixKey: string;
  remember: boolean;
  requestKey: string;
};

export type WithdrawalReview = {
  amountCents: number;
  feeCents: number;
  keyType: PixKeyType;
  keyShown: string;
};

type Props = {
  propertyName: string;
  availableCents: number;
  minCents: number;
  values: WithdrawalValues;
  errors?: Record<string, string>;
  message?: string;
  review?: WithdrawalReview;
};

/**
 * The withdrawal request, in two steps (the spec shows none): amount and PIX key, then a confirmation of
 * the amount, the fee and the key. Plain forms: it works before JavaScript loads.
 */
export function WithdrawalForm({
  propertyName,
  availableCents,
  minCents,
  values,
  errors = {},
  message,
  review,
}: Props) {
  const hidden = (
    <>
      <input type="hidden" name="walletId" value={values.walletId} />
      <input type="hidden" name="requestKey" value={values.requestKey} />
    </>
  );
  return (
    <section
      aria-labelledby="withdrawal-title"
      className="grid gap-4 rounded-xl border border-brand/40 bg-surface p-4 sm:p-5"
    >
      <div className="grid gap-1">
        <h2 id="withdrawal-title" className="text-lg font-semibold text-ink">
          {review ? "Confirme o saque" : "Solicitar saque"} — {propertyName}
        </h2>
        <p className="text-sm text-muted">
          Disponível para saque: {formatCents(availableCents)} · mínimo {formatCents(minCents)}
        </p>
      </div>
      {message ? (
        <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger">
          {message}
        </p>
      ) : null}
      {!review && availableCents < minCents ? (
        // Said before anything is typed (issue 49): a form that can only be refused is not offered.
        <div role="status" className="grid gap-2 rounded-lg bg-surface-alt p-3 text-sm text-ink">
          <p className="font-medium">{MONEY_TEXT.belowMinimum(minCents)}</p>
          <p>
            O saldo disponível ({formatCents(availableCents)}) ainda não chega ao mínimo: o saque fica
            disponível quando chegar.
          </p>
          <Link
            to="/withdrawals"
            className={buttonClasses({ variant: "outline", className: "justify-self-start" })}
          >
            Voltar aos saldos
          </Link>
        </div>
      ) : review ? (
        <Form method="post" className="grid gap-4">
          {hidden}
          <input type="hidden" name="amount" value={values.amount} />
          <input type="hidden" name="pixKeyType" value={values.pixKeyType} />
          <input type="hidden" name="pixKey" value={values.pixKey} />
          {values.remember ? <input type="hidden" name="remember" value="on" /> : null}
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted">Valor do saque</dt>
              <dd className="text-lg font-semibold">{formatCents(review.amountCents)}</dd>
            </div>
            <div>
              <dt className="text-muted">Tarifa</dt>
              <dd className="text-lg font-semibold">
                {review.feeCents > 0 ? formatCents(review.feeCents) : "Sem tarifa"}
              </dd>
            </div>
            <div>
              <dt className="text-muted">Sai do saldo disponível</dt>
              <dd className="font-semibold">{formatCents(review.amountCents + review.feeCents)}</dd>
            </div>
            <div>
              <dt className="text-muted">Chave Pix ({PIX_KEY_LABEL[review.keyType]})</dt>
              <dd className="font-semibold break-all">{review.keyShown}</dd>
            </div>
          </dl>
          <p className="text-sm text-muted">
            O valor é enviado pelo processador de pagamentos que guarda o seu saldo. Confira a chave: um Pix
            enviado não volta.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="confirm">
              Confirmar saque
            </Button>
            <Button type="submit" name="intent" value="edit" variant="outline">
              Voltar e corrigir
            </Button>
          </div>
        </Form>
      ) : (
        <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2">
          {hidden}
          <MoneyInput
            name="amount"
            label="Valor (R$)"
            defaultValue={values.amount}
            error={errors.amount}
            invalidMessage={MONEY_TEXT.amountInvalid}
          />
          <Field label="Tipo da chave Pix" error={errors.pixKeyType}>
            {(control) => (
              <NativeSelect {...control} name="pixKeyType" defaultValue={values.pixKeyType}>
                <option value="">Escolha</option>
                {PIX_KEY_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {PIX_KEY_LABEL[t]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Chave Pix" error={errors.pixKey} className="sm:col-span-2">
            {(control) => (
              <Input {...control} name="pixKey" defaultValue={values.pixKey} maxLength={100} required />
            )}
          </Field>
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" name="remember" defaultChecked={values.remember} className="size-4" />
            Guardar esta chave para os próximos saques
          </label>
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" name="intent" value="review">
              Continuar
            </Button>
            <Link to="/withdrawals" className={buttonClasses({ variant: "ghost" })}>
              Cancelar
            </Link>
          </div>
        </Form>
      )}
    </section>
  );
}
