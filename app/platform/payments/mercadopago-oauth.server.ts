import type { MercadoPagoAppConfig } from "../env.server";
import { seal, unseal } from "../secrets/secret-box.server";
import { createMercadoPagoApi } from "./mercadopago-api.server";
import { ProviderError } from "./provider";

// Connecting a host's own Mercado Pago account (split 1:1, ADR 0021): the seller authorizes Estadia's
// application on MP's page, and the code that comes back is exchanged for the seller's tokens at
// POST /oauth/token (JSON, as the official SDK sends it). Tokens leave this module only sealed; they are
// opened again only to build the seller's adapter.

export type MercadoPagoCredentials = { accessToken: string; refreshToken: string };

export type OAuthOptions = {
  fetch?: typeof fetch;
  /** The clock expiresAt is counted from. */
  now?: Date;
  /** The sealing key (tests); the app's encryption key otherwise. */
  key?: Buffer;
  timeoutMs?: number;
};

/** MP's answer to /oauth/token (create and refresh alike). */
type TokenAnswer = {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  user_id?: unknown;
  live_mode?: unknown;
};

/** The page where the seller authorizes the application; MP sends them back to redirectUri with code and state. */
export function mercadoPagoAuthorizationUrl(
  app: MercadoPagoAppConfig,
  { state, redirectUri }: { state: string; redirectUri: string },
): string {
  const url = new URL(`${app.authUrl.replace(/\/+$/, "")}/authorization`);
  url.search = new URLSearchParams({
    client_id: app.clientId,
    response_type: "code",
    platform_id: "mp",
    state,
    redirect_uri: redirectUri,
  }).toString();
  return url.toString();
}

/** Exchanges the code of the callback (single use, valid about 10 minutes) for the seller's sealed tokens. */
export async function exchangeMercadoPagoCode(
  app: MercadoPagoAppConfig,
  { code, redirectUri }: { code: string; redirectUri: string },
  options: OAuthOptions = {},
): Promise<{ userId: string; sealedCredentials: string; expiresAt: Date; liveMode: boolean | null }> {
  const answer = await tokenCall(
    app,
    { grant_type: "authorization_code", code, redirect_uri: redirectUri },
    [code],
    options,
  );
  const userId =
    typeof answer.user_id === "number" || typeof answer.user_id === "string" ? answer.user_id : "";
  if (String(userId) === "") throw unreadable();
  return {
    userId: String(userId),
    ...sealed(answer, options),
    liveMode: typeof answer.live_mode === "boolean" ? answer.live_mode : null,
  };
}

/** A new access token; MP rotates the refresh token too, and the old one stops working at once. */
export async function refreshMercadoPagoToken(
  app: MercadoPagoAppConfig,
  sealedCredentials: string,
  options: OAuthOptions = {},
): Promise<{ sealedCredentials: string; expiresAt: Date }> {
  const { refreshToken } = openMercadoPagoCredentials(sealedCredentials, options.key);
  const answer = await tokenCall(
    app,
    { grant_type: "refresh_token", refresh_token: refreshToken },
    [refreshToken],
    options,
  );
  return sealed(answer, options);
}

/** Who the connected account is, for the host to recognise it (GET /users/me with the seller's token). */
export async function mercadoPagoSeller(
  apiUrl: string,
  sealedCredentials: string,
  options: Omit<OAuthOptions, "now"> = {},
): Promise<{ nickname: string | null; email: string | null }> {
  const { accessToken } = openMercadoPagoCredentials(sealedCredentials, options.key);
  const call = createMercadoPagoApi({
    accessToken,
    apiUrl,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  const me = await call<{ nickname?: unknown; email?: unknown }>({ method: "GET", path: "/users/me" });
  return {
    nickname: typeof me.nickname === "string" ? me.nickname : null,
    email: typeof me.email === "string" ? me.email : null,
  };
}

/** The seller's tokens, for the adapter that charges in their name and nothing else. */
export function openMercadoPagoCredentials(sealedCredentials: string, key?: Buffer): MercadoPagoCredentials {
  const value = unseal<Partial<MercadoPagoCredentials>>(sealedCredentials, key);
  if (typeof value?.accessToken !== "string" || typeof value.refreshToken !== "string") {
    throw new Error("the sealed value is not Mercado Pago credentials");
  }
  return { accessToken: value.accessToken, refreshToken: value.refreshToken };
}

async function tokenCall(
  app: MercadoPagoAppConfig,
  grant: Record<string, string>,
  secrets: string[],
  options: OAuthOptions,
): Promise<TokenAnswer> {
  const call = createMercadoPagoApi({
    apiUrl: app.apiUrl,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  try {
    return await call<TokenAnswer>({
      method: "POST",
      path: "/oauth/token",
      body: { client_id: app.clientId, client_secret: app.clientSecret, ...grant },
      secrets: [app.clientSecret, ...secrets],
    });
  } catch (error) {
    // MP answers 400 with error invalid_grant for a used, expired or revoked code or refresh token: the host
    // has to connect again. invalid_client is our application's credentials, which reconnecting cannot fix.
    if (error instanceof ProviderError && (error.status === 400 || error.status === 401)) {
      const code = error.code === "invalid_client" ? "invalid_client" : "invalid_grant";
      throw new ProviderError(error.message, error.status, false, code);
    }
    throw error;
  }
}

function sealed(answer: TokenAnswer, options: OAuthOptions): { sealedCredentials: string; expiresAt: Date } {
  const { access_token: accessToken, refresh_token: refreshToken, expires_in: expiresIn } = answer;
  if (
    typeof accessToken !== "string" ||
    typeof refreshToken !== "string" ||
    typeof expiresIn !== "number" ||
    !(expiresIn > 0)
  ) {
    throw unreadable();
  }
  const credentials: MercadoPagoCredentials = { accessToken, refreshToken };
  return {
    sealedCredentials: seal(credentials, options.key),
    expiresAt: new Date((options.now ?? new Date()).getTime() + expiresIn * 1000),
  };
}

function unreadable(): ProviderError {
  // A 2xx without the tokens: nothing was stored, so trying again is safe (the code itself may be spent).
  return new ProviderError("Mercado Pago answered /oauth/token without the expected tokens", 200, true);
}
