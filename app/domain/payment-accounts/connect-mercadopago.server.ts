import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { paymentOauthStates } from "~/platform/db/schema";
import {
  exchangeMercadoPagoCode,
  mercadoPagoAuthorizationUrl,
  mercadoPagoSeller,
} from "~/platform/payments/mercadopago-oauth.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { ProviderError } from "~/platform/payments/provider";
import { AppError } from "../errors";
import { type Actor, assertCan } from "../team/permissions";
import type { AccountRow } from "./accounts.server";
import { RECEIVING_TEXT as T } from "./messages";
import { saveConnection } from "./save-connection.server";

/** Mercado Pago sends the seller back here: one fixed address, registered as the application's Redirect URL. */
export const MERCADOPAGO_RETURN_PATH = "/recebimentos/mercadopago/retorno";

const STATE_MINUTES = 10;

const hashOf = (state: string) => createHash("sha256").update(state).digest("hex");

function appConfig(ctx: PaymentsContext) {
  const app = ctx.config.mercadoPago;
  if (!app) throw refusal("notOffered");
  return app;
}

/**
 * 'Conectar Mercado Pago': where to send the owner, with a `state` that is random, single-use, bound to this
 * organization and this user, and valid 10 minutes (only its hash is kept).
 */
export async function startMercadoPagoConnect(ctx: PaymentsContext, actor: Actor): Promise<string> {
  assertCan(actor, "payments.manage");
  const app = appConfig(ctx);
  const state = randomBytes(32).toString("base64url");
  await ctx.db.insert(paymentOauthStates).values({
    stateHash: hashOf(state),
    organizationId: actor.organizationId,
    userId: actor.userId,
    provider: "mercadopago",
    expiresAt: new Date(ctx.now().getTime() + STATE_MINUTES * 60_000),
  });
  return mercadoPagoAuthorizationUrl(app, { state, redirectUri: `${ctx.appUrl}${MERCADOPAGO_RETURN_PATH}` });
}

/**
 * The callback: the state is spent (once, by the same user in the same organization, in time), the code is
 * exchanged for the seller's tokens, and the seller's account becomes the organization's.
 */
export async function finishMercadoPagoConnect(
  ctx: PaymentsContext,
  actor: Actor,
  input: { code: unknown; state: unknown; error?: unknown },
): Promise<AccountRow> {
  assertCan(actor, "payments.manage");
  const app = appConfig(ctx);
  const state = typeof input.state === "string" ? input.state : "";
  const [spent] = state
    ? await ctx.db
        .update(paymentOauthStates)
        .set({ usedAt: ctx.now() })
        .where(
          and(
            eq(paymentOauthStates.stateHash, hashOf(state)),
            eq(paymentOauthStates.organizationId, actor.organizationId),
            eq(paymentOauthStates.userId, actor.userId),
            isNull(paymentOauthStates.usedAt),
            gt(paymentOauthStates.expiresAt, ctx.now()),
          ),
        )
        .returning()
    : [];
  if (!spent) throw refusal("oauthExpired");
  const code = typeof input.code === "string" ? input.code.trim() : "";
  if (input.error || !code || code.length > 512) throw refusal("oauthRefused");
  try {
    const granted = await exchangeMercadoPagoCode(app, {
      code,
      redirectUri: `${ctx.appUrl}${MERCADOPAGO_RETURN_PATH}`,
    });
    const seller = await mercadoPagoSeller(app.apiUrl, granted.sealedCredentials).catch(() => null);
    return await saveConnection(ctx, actor, {
      provider: "mercadopago",
      providerAccountId: granted.userId,
      displayName: seller?.nickname ?? null,
      email: seller?.email ?? null,
      credentials: granted.sealedCredentials,
      tokenExpiresAt: granted.expiresAt,
    });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    ctx.log.warn({ err }, "Mercado Pago authorization not exchanged");
    throw refusal(err.retryable ? "providerUnavailable" : "oauthRefused");
  }
}

/**
 * A refused connection, with its sentence's key in RECEIVING_TEXT as the code (`detail.reason`): the
 * callback's redirect names the key, never free text, and no caller matches the sentence.
 */
function refusal(key: "notOffered" | "oauthExpired" | "oauthRefused" | "providerUnavailable"): AppError {
  return new AppError("invalid", T[key], undefined, { reason: key });
}
