import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, isNull, like, or, sql } from "drizzle-orm";
import { paymentAccounts } from "~/platform/db/schema";
import { asaasWebhookPath } from "~/platform/payments/account-providers.server";
import {
  createAsaasSubAccount,
  ensureAsaasPixKey,
  readAsaasApproval,
  registerAsaasWebhook,
} from "~/platform/payments/asaas-accounts.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { ProviderError } from "~/platform/payments/provider";
import { AppError } from "../errors";
import { type Actor, assertCan } from "../team/permissions";
import { type AccountRow, liveAccount } from "./accounts.server";
import { checkAsaasSubAccount } from "./asaas-sub-account-form";
import { RECEIVING_TEXT as T } from "./messages";
import { saveConnection } from "./save-connection.server";

const WEBHOOK_PENDING = "Webhook do Asaas ainda não registrado";

/**
 * 'Conectar Asaas': the data Asaas requires is checked here first (nothing is sent while a field is wrong),
 * then Estadia's root account opens the host's sub-account. Its API key comes back once and is sealed at
 * once; its webhook is registered with a token of its own on a URL naming this account.
 */
export async function connectAsaas(
  ctx: PaymentsContext,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<AccountRow> {
  assertCan(actor, "payments.manage");
  const root = ctx.config.asaas;
  if (!root) throw new AppError("invalid", T.notOffered);
  const checked = checkAsaasSubAccount(input, ctx.now());
  if (!checked.ok) {
    const first = Object.values(checked.errors)[0] ?? T.oauthRefused;
    throw new AppError("invalid", first, checked.errors);
  }
  // Asaas cannot take a sub-account back: refuse before opening one that could not be saved.
  if (await liveAccount(ctx.db, actor.organizationId)) throw new AppError("conflict", T.alreadyConnected);
  const id = randomUUID();
  let created: Awaited<ReturnType<typeof createAsaasSubAccount>>;
  try {
    created = await createAsaasSubAccount(root, checked.data, {
      webhookUrl: `${ctx.appUrl}${asaasWebhookPath(id)}`,
    });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    ctx.log.warn({ err }, "Asaas sub-account not created");
    throw new AppError("invalid", err.retryable ? T.providerUnavailable : T.asaasRefused);
  }
  const row = await saveConnection(ctx, actor, {
    id,
    provider: "asaas",
    providerAccountId: created.accountId,
    walletId: created.walletId,
    displayName: created.displayName,
    email: created.email,
    credentials: created.sealedCredentials,
  });
  const keyed = (await givePixKey(ctx, row)) ?? row;
  if (created.webhookRegistered) return keyed;
  ctx.log.warn({ accountId: id, reason: created.webhookError }, "Asaas webhook not registered yet");
  const [marked] = await ctx.db
    .update(paymentAccounts)
    .set({ lastError: WEBHOOK_PENDING })
    .where(eq(paymentAccounts.id, id))
    .returning();
  return marked ?? keyed;
}

/**
 * Gives an Asaas account its random Pix key (the one it has, or a new one) and keeps it on the row, with
 * its approval as Asaas reads it now; null, logged, when Asaas does not answer: the hourly repair tries
 * again. Its codes meanwhile last the day only.
 */
async function givePixKey(ctx: PaymentsContext, account: AccountRow): Promise<AccountRow | null> {
  const root = ctx.config.asaas;
  if (!root || !account.credentials) return null;
  try {
    const asked = { apiUrl: root.apiUrl, sealedCredentials: account.credentials };
    const { key } = await ensureAsaasPixKey(asked);
    const approval = await readAsaasApproval(asked);
    const [row] = await ctx.db
      .update(paymentAccounts)
      .set({ pixKey: key, approval, updatedAt: ctx.now() })
      .where(eq(paymentAccounts.id, account.id))
      .returning();
    return row ?? null;
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    ctx.log.warn({ err, accountId: account.id }, "Asaas Pix key not made yet");
    return null;
  }
}

/**
 * Checks and repairs, every hour, each connected Asaas account with no Pix key on record or not yet fully
 * approved: its key is made if missing, its approval read again (Recebimentos says what is pending).
 */
export async function repairAsaasPixKeys(ctx: PaymentsContext): Promise<number> {
  if (!ctx.config.asaas) return 0;
  const keyless = await ctx.db
    .select()
    .from(paymentAccounts)
    .where(
      and(
        eq(paymentAccounts.provider, "asaas"),
        isNotNull(paymentAccounts.credentials),
        or(
          isNull(paymentAccounts.pixKey),
          isNull(paymentAccounts.approval),
          sql`${paymentAccounts.approval}->>'general' is distinct from 'APPROVED'`,
        ),
      ),
    );
  let done = 0;
  for (const account of keyless) {
    if (account.status === "disconnected") continue;
    if (await givePixKey(ctx, account)) done += 1;
  }
  return done;
}

/** Registers the webhooks that could not be registered when their account was opened (an hourly job). */
export async function retryAsaasWebhooks(ctx: PaymentsContext): Promise<number> {
  const root = ctx.config.asaas;
  if (!root) return 0;
  const pending = await ctx.db
    .select()
    .from(paymentAccounts)
    .where(
      and(eq(paymentAccounts.provider, "asaas"), like(paymentAccounts.lastError, `${WEBHOOK_PENDING}%`)),
    );
  let done = 0;
  for (const account of pending) {
    if (!account.credentials || account.status === "disconnected") continue;
    try {
      await registerAsaasWebhook({
        apiUrl: root.apiUrl,
        sealedCredentials: account.credentials,
        webhookUrl: `${ctx.appUrl}${asaasWebhookPath(account.id)}`,
        email: account.email ?? "",
      });
      await ctx.db.update(paymentAccounts).set({ lastError: null }).where(eq(paymentAccounts.id, account.id));
      done += 1;
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      ctx.log.warn({ err, accountId: account.id }, "Asaas webhook still not registered");
    }
  }
  return done;
}
