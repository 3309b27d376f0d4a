import { createHmac } from "node:crypto";
import { authSecret } from "../auth-secret.server";
import { database } from "../db/database.server";
import type { Db } from "../db/database-handle.server";
import { type AccountProviderName, env, type PaymentsConfig } from "../env.server";
import { createAsaasPayouts } from "../payouts/asaas-payouts.server";
import type { PayoutProvider } from "../payouts/payout-provider";
import {
  createSandboxPayouts,
  type SandboxPayouts,
  sandboxPayoutWebhookReader,
} from "../payouts/sandbox-payouts.server";
import { unseal } from "../secrets/secret-box.server";
import { asaasWebhookNotice, openAsaasCredentials } from "./asaas-accounts.server";
import { createAsaasPayments } from "./asaas-payments.server";
import { openMercadoPagoCredentials } from "./mercadopago-oauth.server";
import { createMercadoPagoProvider, mercadoPagoWebhookVerifier } from "./mercadopago-provider.server";
import { type PaymentProvider, ProviderError, type WebhookReader, type WebhookVerifier } from "./provider";
import {
  createSandboxProvider,
  type SandboxProvider,
  sandboxWebhookVerifier,
} from "./sandbox-provider.server";

// Every charge, refund and payout is made with the credentials of the organization's own account (ADR
// 0021): this is where a connected account becomes a provider adapter, and the only place its sealed
// credentials are opened. There is no platform-wide account to fall back on.

/** A connected account as the adapters need it: the credentials stay sealed until an adapter opens them. */
export type ConnectedAccount = {
  id: string;
  organizationId: string;
  provider: AccountProviderName;
  providerAccountId: string;
  /** Sealed; null once disconnected (nothing can be charged or looked up with it then). */
  credentials: string | null;
};

export type AccountProviders = {
  /** The account's payments adapter. */
  charges(account: ConnectedAccount): PaymentProvider;
  /** The account's payouts adapter, or null where the host withdraws at the provider (Mercado Pago). */
  payouts(account: ConnectedAccount): PayoutProvider | null;
  /** Reads the notifications that reach this place; null where no provider offered here sends any. */
  webhookReader(source: WebhookSource): WebhookReader | null;
  /** The sandbox's operator view, for /dev/payments and its tokenize endpoint; null when not offered. */
  sandbox(): { payments: SandboxProvider; payouts: SandboxPayouts } | null;
};

/**
 * Where a notification arrived: a provider's one URL for every seller's payments (Mercado Pago, the sandbox)
 * or payouts (the sandbox's), or one account's own URL, checked with that account's token (Asaas).
 */
export type WebhookSource =
  | { to: "payments" | "payouts"; provider: AccountProviderName }
  | { to: "account"; account: ConnectedAccount };

/** Where providers send their notifications about payments. */
export function webhookPath(provider: string): string {
  return `/webhooks/payments/${provider}`;
}

/** Asaas sends each sub-account's notifications to its own URL, checked with that account's token. */
export function asaasWebhookPath(accountId: string): string {
  return `/webhooks/asaas/${accountId}`;
}

/** A disconnected account has no credentials: to the caller, as to a provider, that is a 401. */
function missingCredentials(): ProviderError {
  return new ProviderError("account has no credentials", 401, false, "unauthorized");
}

/** A payments provider's verifier, reading its hints as notices. */
function paymentNotices(verify: WebhookVerifier): WebhookReader {
  return (request) => {
    const hint = verify(request);
    return (
      hint && {
        eventId: hint.eventId,
        topic: hint.topic,
        subjectId: hint.paymentId,
        sellerId: hint.sellerId,
        ...(hint.unsigned ? { unsigned: true as const } : {}),
      }
    );
  };
}

/** Adapters from this process's configuration. */
export function createAccountProviders(options: {
  db: Db;
  config: PaymentsConfig;
  appUrl: string;
  /** Derives the sandbox's signing secrets. */
  secret: string;
}): AccountProviders {
  const { db, config, appUrl } = options;
  const sandboxSecret = (purpose: string) =>
    createHmac("sha256", options.secret).update(purpose).digest("hex");
  const offers = (name: AccountProviderName) => config.offered.includes(name);

  const sandboxPayments = (sellerId: string | null) =>
    createSandboxProvider({
      db,
      sellerId,
      feeBps: config.processingFeeBps,
      webhookSecret: sandboxSecret("sandbox-webhooks"),
      notificationUrl: `${appUrl}${webhookPath("sandbox")}`,
    });
  const sandboxPayouts = (sellerId: string | null) =>
    createSandboxPayouts({
      db,
      sellerId,
      webhookSecret: sandboxSecret("sandbox-payouts"),
      notificationUrl: `${appUrl}/webhooks/payouts/sandbox`,
    });

  return {
    charges(account) {
      if (!account.credentials) throw missingCredentials();
      switch (account.provider) {
        case "sandbox":
          // The simulated seller's token is checked as a real provider would check a bearer token.
          unseal(account.credentials);
          return sandboxPayments(account.providerAccountId);
        case "mercadopago": {
          const app = config.mercadoPago;
          if (!app) throw new ProviderError("Mercado Pago is not offered here", 503, true, "not_offered");
          return createMercadoPagoProvider({
            accessToken: openMercadoPagoCredentials(account.credentials).accessToken,
            publicKey: app.publicKey,
            apiUrl: app.apiUrl,
            notificationUrl: `${appUrl}${webhookPath("mercadopago")}`,
            fallbackPayerEmail: app.payerEmail,
          });
        }
        case "asaas": {
          const root = config.asaas;
          if (!root) throw new ProviderError("Asaas is not offered here", 503, true, "not_offered");
          return createAsaasPayments({
            apiUrl: root.apiUrl,
            sealedCredentials: account.credentials,
            platformWalletId: root.walletId,
          });
        }
      }
    },

    payouts(account) {
      if (!account.credentials) throw missingCredentials();
      switch (account.provider) {
        case "sandbox":
          unseal(account.credentials);
          return sandboxPayouts(account.providerAccountId);
        case "asaas": {
          const root = config.asaas;
          if (!root) throw new ProviderError("Asaas is not offered here", 503, true, "not_offered");
          return createAsaasPayouts({ apiUrl: root.apiUrl, sealedCredentials: account.credentials });
        }
        case "mercadopago":
          return null;
      }
    },

    webhookReader(source) {
      if (source.to === "account") {
        const { account } = source;
        if (account.provider !== "asaas") return null;
        // A disconnected account has no token left: nothing it is sent is authentic any more.
        const credentials = account.credentials;
        return (request) =>
          credentials ? asaasWebhookNotice(openAsaasCredentials(credentials).webhookToken, request) : null;
      }
      if (source.to === "payouts")
        return source.provider === "sandbox" && offers("sandbox")
          ? sandboxPayoutWebhookReader(sandboxSecret("sandbox-payouts"))
          : null;
      if (source.provider === "mercadopago" && config.mercadoPago)
        return paymentNotices(mercadoPagoWebhookVerifier(config.mercadoPago.webhookSecret));
      if (source.provider === "sandbox" && offers("sandbox"))
        return paymentNotices(sandboxWebhookVerifier(sandboxSecret("sandbox-webhooks")));
      return null;
    },

    sandbox() {
      if (!offers("sandbox")) return null;
      return { payments: sandboxPayments(null), payouts: sandboxPayouts(null) };
    },
  };
}

const state = globalThis as typeof globalThis & { __estadiaAccountProviders?: Promise<AccountProviders> };

/** The process's adapters. */
export function accountProviders(): Promise<AccountProviders> {
  state.__estadiaAccountProviders ??= (async () => {
    const config = env();
    const { db } = await database();
    return createAccountProviders({
      db,
      config: config.payments,
      appUrl: config.appUrl,
      secret: authSecret(),
    });
  })().catch((err) => {
    state.__estadiaAccountProviders = undefined;
    throw err;
  });
  return state.__estadiaAccountProviders;
}
