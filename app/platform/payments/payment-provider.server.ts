import { createHmac } from "node:crypto";
import { authSecret } from "../auth-secret.server";
import { database } from "../db/database.server";
import { env } from "../env.server";
import { createAsaasPayouts } from "../payouts/asaas-payouts.server";
import type { PayoutProvider } from "../payouts/payout-provider";
import { createSandboxPayouts, type SandboxPayouts } from "../payouts/sandbox-payouts.server";
import { createMercadoPagoProvider } from "./mercadopago-provider.server";
import type { PaymentProvider } from "./provider";
import { createSandboxProvider, type SandboxProvider } from "./sandbox-provider.server";

/** Where providers send their notifications about a payment. */
export function webhookPath(provider: string): string {
  return `/webhooks/payments/${provider}`;
}

const state = globalThis as typeof globalThis & {
  __estadiaPayments?: Promise<PaymentProvider>;
  __estadiaPayouts?: Promise<PayoutProvider>;
};

/** The process's payment provider, as PAYMENTS_PROVIDER chose it (the sandbox unless told otherwise). */
export function paymentProvider(): Promise<PaymentProvider> {
  state.__estadiaPayments ??= open().catch((err) => {
    state.__estadiaPayments = undefined;
    throw err;
  });
  return state.__estadiaPayments;
}

/** The sandbox, when it is the provider (its own pages and endpoints exist only then). */
export async function sandboxProvider(): Promise<SandboxProvider | null> {
  if (env().payments.provider !== "sandbox") return null;
  return (await paymentProvider()) as SandboxProvider;
}

async function open(): Promise<PaymentProvider> {
  const config = env();
  const { mercadoPago } = config.payments;
  if (config.payments.provider === "mercadopago" && mercadoPago) {
    return createMercadoPagoProvider({
      accessToken: mercadoPago.accessToken,
      publicKey: mercadoPago.publicKey,
      webhookSecret: mercadoPago.webhookSecret,
      apiUrl: mercadoPago.apiUrl,
      notificationUrl: `${config.appUrl}${webhookPath("mercadopago")}`,
      fallbackPayerEmail: mercadoPago.payerEmail,
    });
  }
  const { db } = await database();
  return createSandboxProvider({
    db,
    webhookSecret: sandboxSecret("sandbox-webhooks"),
    notificationUrl: `${config.appUrl}${webhookPath("sandbox")}`,
  });
}

/** Derived from the app's secret: stable across restarts and instances, never configured by hand. */
function sandboxSecret(purpose: string): string {
  return createHmac("sha256", authSecret()).update(purpose).digest("hex");
}

/** The process's payout provider, as PAYOUTS_PROVIDER chose it (the sandbox unless told otherwise). */
export function payoutProvider(): Promise<PayoutProvider> {
  state.__estadiaPayouts ??= openPayouts().catch((err) => {
    state.__estadiaPayouts = undefined;
    throw err;
  });
  return state.__estadiaPayouts;
}

/** The sandbox's payouts, when they are the provider (its page exists only then). */
export async function sandboxPayouts(): Promise<SandboxPayouts | null> {
  if (env().payments.payoutsProvider !== "sandbox") return null;
  return (await payoutProvider()) as SandboxPayouts;
}

async function openPayouts(): Promise<PayoutProvider> {
  const config = env();
  const { asaas } = config.payments;
  if (config.payments.payoutsProvider === "asaas" && asaas) return createAsaasPayouts(asaas);
  const { db } = await database();
  return createSandboxPayouts({
    db,
    webhookSecret: sandboxSecret("sandbox-payouts"),
    notificationUrl: `${config.appUrl}/webhooks/payouts/sandbox`,
  });
}
