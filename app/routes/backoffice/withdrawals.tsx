import { randomUUID } from "node:crypto";
import { Wallet } from "lucide-react";
import { data, redirect } from "react-router";
import { AppError, refusalOf } from "~/domain/errors";
import { MONEY_TEXT } from "~/domain/ledger/messages";
import { formatPixKey } from "~/domain/ledger/pix-key";
import {
  getWallet,
  listWallets,
  listWithdrawals,
  type PayoutMode,
  payoutMode,
  receivablesToRelease,
  savedPayoutKey,
  walletsTotal,
} from "~/domain/ledger/read-wallets.server";
import { checkWithdrawal, requestWithdrawal } from "~/domain/ledger/withdrawals.server";
import { assertCan, can } from "~/domain/team/permissions";
import { flashCookie } from "~/lib/flash";
import { formText } from "~/lib/form-text";
import { centsToPriceInput } from "~/lib/price-input";
import { env } from "~/platform/env.server";
import { buttonClasses } from "~/ui/button";
import { cardGridClasses } from "~/ui/card";
import { EmptyState } from "~/ui/empty-state";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import { statusOf } from "../refusal.server";
import type { Route } from "./+types/withdrawals";
import { EMPTY_TEXT as E } from "./empty-states-text";
import { backofficeContext } from "./guard.server";
import { RECEIVING_PATH } from "./receiving-result";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";
import { WalletCard } from "./wallet-card";
import { balanceFigures, MoneyTiles } from "./wallet-money";
import { AtMercadoPago, NoPayoutAccount } from "./withdrawal-elsewhere";
import { WithdrawalForm, type WithdrawalReview, type WithdrawalValues } from "./withdrawal-form";
import { WithdrawalHistory } from "./withdrawal-history";

export function meta() {
  return [{ title: "Saques" }];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "wallet.read", { title: "Saques", what: "ver as carteiras" });
  const { db } = context.get(servicesContext);
  let wallets: Awaited<ReturnType<typeof listWallets>> = [];
  let loadError: string | null = null;
  try {
    wallets = await listWallets(db, actor);
  } catch (err) {
    refusalOf(err);
    loadError = MONEY_TEXT.walletsFailed;
  }
  const mode = await payoutMode(db, actor);
  const [history, releases] = await Promise.all([
    listWithdrawals(db, actor),
    mode === "mercadopago" ? receivablesToRelease(db, actor) : [],
  ]);
  // Withdrawals are asked for here only when the organization's account pays them out (Asaas, sandbox).
  const canWithdraw = can(actor, "withdrawal.request") && mode === "here";
  const chosen = new URL(request.url).searchParams.get("carteira");
  const wallet = canWithdraw ? wallets.find((w) => w.id === chosen) : undefined;
  const saved = wallet ? await savedPayoutKey(db, actor) : null;
  const values: WithdrawalValues | null = wallet
    ? {
        walletId: wallet.id,
        amount: "",
        pixKeyType: saved?.type ?? "",
        pixKey: saved ? formatPixKey(saved.type, saved.key) : "",
        remember: true,
        // One per form shown: a double click or a resent post asks for one withdrawal.
        requestKey: randomUUID(),
      }
    : null;
  return {
    wallets,
    total: walletsTotal(wallets),
    loadError,
    mode,
    canWithdraw,
    values,
    minCents: env().payments.minWithdrawalCents,
    history: history.map((w) => ({ ...w, createdAt: w.createdAt.toISOString(), closedAt: iso(w.closedAt) })),
    releases: releases.map((r) => ({ ...r, releaseAt: r.releaseAt.toISOString() })),
  };
}

type ActionAnswer = {
  values: WithdrawalValues;
  review?: WithdrawalReview;
  errors?: Record<string, string>;
  message?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const form = await request.formData();
  const values: WithdrawalValues = {
    walletId: formText(form, "walletId"),
    amount: formText(form, "amount"),
    pixKeyType: formText(form, "pixKeyType"),
    pixKey: formText(form, "pixKey"),
    remember: form.get("remember") === "on",
    requestKey: formText(form, "requestKey"),
  };
  const intent = formText(form, "intent");
  const ctx = context.get(servicesContext);
  try {
    // Every step of the form is the owner's: a manager cannot even have an amount reviewed.
    assertCan(actor, "withdrawal.request");
    if (intent === "edit") return data<ActionAnswer>({ values });
    const mode = await payoutMode(ctx.db, actor);
    if (mode !== "here") throw new AppError("conflict", elsewhere(mode));
    if (intent === "review") {
      const checked = checkWithdrawal(ctx, values);
      // Said before the confirmation step; the request itself is what guards the balance.
      const wallet = await getWallet(ctx.db, actor, checked.walletId);
      const room = wallet.availableCents - checked.feeCents;
      if (checked.amountCents > room) {
        const message = MONEY_TEXT.aboveAvailable(Math.max(0, room));
        throw new AppError("insufficient_funds", message, { amount: message });
      }
      return data<ActionAnswer>({
        values: { ...values, amount: centsToPriceInput(checked.amountCents) },
        review: {
          amountCents: checked.amountCents,
          feeCents: checked.feeCents,
          keyType: checked.pixKeyType,
          keyShown: formatPixKey(checked.pixKeyType, checked.pixKey),
        },
      });
    }
    await requestWithdrawal(ctx, actor, values);
    return redirect(`/wallets/${values.walletId}`, {
      headers: { "Set-Cookie": flashCookie("withdrawal-requested", env().secureCookies) },
    });
  } catch (err) {
    const refusal = refusalOf(err);
    return data<ActionAnswer>(
      { values, errors: refusal.fieldErrors, message: refusal.fieldErrors ? undefined : refusal.message },
      { status: statusOf(refusal) },
    );
  }
}

const elsewhere = (mode: PayoutMode) =>
  mode === "mercadopago" ? MONEY_TEXT.withdrawAtProvider : MONEY_TEXT.noPayoutAccount;

export default function Withdrawals({ loaderData, actionData }: Route.ComponentProps) {
  const { wallets, total, loadError, mode, canWithdraw, minCents, history, releases } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const wallet = values ? wallets.find((w) => w.id === values.walletId) : undefined;
  const atMercadoPago = mode === "mercadopago";
  return (
    <PageFrame title="Saques" description="O saldo de cada imóvel, o que está a receber e os saques feitos.">
      {loadError ? (
        <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger">
          {loadError}
        </p>
      ) : null}
      {mode === "none" ? <NoPayoutAccount /> : null}
      {actionData?.message && !canWithdraw ? (
        <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger">
          {actionData.message}
        </p>
      ) : null}
      {wallet && values && canWithdraw ? (
        <WithdrawalForm
          key={`${values.requestKey}-${actionData?.review ? "review" : "edit"}`}
          propertyName={wallet.propertyName}
          availableCents={Math.max(0, wallet.availableCents)}
          minCents={minCents}
          values={values}
          errors={actionData?.errors}
          message={actionData?.message}
          review={actionData?.review}
        />
      ) : null}
      {wallets.length > 0 ? (
        <section aria-labelledby="wallets-total" className="grid gap-2">
          <h2 id="wallets-total" className="text-lg font-semibold text-ink">
            Todos os imóveis
          </h2>
          <MoneyTiles figures={balanceFigures(total, atMercadoPago)} className="sm:grid-cols-4" />
        </section>
      ) : null}
      {atMercadoPago ? <AtMercadoPago releases={releases} /> : null}
      {wallets.length === 0 && !loadError ? (
        <EmptyState
          icon={Wallet}
          title={MONEY_TEXT.noWallets}
          description={E.walletsHint(mode)}
          action={
            <Link to={RECEIVING_PATH} className={buttonClasses({ variant: "outline" })}>
              {E.toReceiving}
            </Link>
          }
        />
      ) : (
        <ul aria-label="Carteiras" className={cardGridClasses}>
          {wallets.map((w) => (
            <li key={w.id} className="flex">
              <WalletCard wallet={w} canWithdraw={canWithdraw} atMercadoPago={atMercadoPago} />
            </li>
          ))}
        </ul>
      )}
      {mode === "here" || history.length > 0 ? (
        <section aria-labelledby="withdrawals-history" className="grid gap-3">
          <h2 id="withdrawals-history" className="text-lg font-semibold text-ink">
            Saques solicitados
          </h2>
          {history.length === 0 ? (
            <p className="text-sm text-muted">
              {MONEY_TEXT.noWithdrawals} {E.withdrawalsHint}
            </p>
          ) : (
            <WithdrawalHistory rows={history} />
          )}
        </section>
      ) : null}
    </PageFrame>
  );
}
