import path from "node:path";
import { z } from "zod";
import type { ProviderName } from "./payments/provider";
import { StartupError } from "./startup-error.server";

export class EnvError extends StartupError {
  override name = "EnvError";
}

const PORT_RANGE = "must be an integer between 1 and 65535";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Meta's Graph API, at the version its WhatsApp Cloud API reference documents (ADR 0054). */
export const DEFAULT_WHATSAPP_API_URL = "https://graph.facebook.com/v25.0";

const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)), {
      message: `must be a URL like ${example}`,
    });

const linkUrl = (fallback: string) =>
  z
    .string()
    .trim()
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
      message: "must be an http(s) URL like https://www.instagram.com/estadia",
    })
    .default(fallback);

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  APP_ENV: z.enum(["development", "production"]).optional(),
  PORT: z.coerce
    .number({ message: PORT_RANGE })
    .int(PORT_RANGE)
    .min(1, PORT_RANGE)
    .max(65535, PORT_RANGE)
    .default(8080),
  APP_URL: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)), {
      message: "must be an http(s) origin like https://estadia.example.com",
    }),
  DATA_DIR: z.string().trim().default("./.data"),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"], "postgres://user@host:5432/db"),
  // Where uploaded media live (ADR 0028); the default follows DATABASE_URL.
  MEDIA_STORAGE: z.enum(["local", "postgres", "s3"]).optional(),
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().default("us-east-1"),
  S3_ENDPOINT: optionalUrl(["https:", "http:"], "https://<account>.r2.cloudflarestorage.com"),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { message: "must be true or false" }).default("false"),
  // ADR 0018: `off` keeps the first start in development from creating the demo data (tests use it).
  DEMO_DATA: z.enum(["auto", "off"]).default("auto"),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"], "smtp://user:pass@host:587"),
  MAIL_FROM: z.string().trim().default("Estadia <nao-responda@estadia.dev>"),
  TRUSTED_IP_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+$/, "must be a header name like x-forwarded-for")
    .optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  // Tests only: lets the server's outbound requests reach this machine (ADR 0032); refused in production.
  OUTBOUND_ALLOW_LOOPBACK: z.enum(["0", "1"], { message: "must be 0 or 1" }).default("0"),
  // ADR 0029: unset, /metrics does not exist.
  METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
  // Outbound links of the landing pages (placeholders until the real accounts exist).
  SUPPORT_WHATSAPP_URL: linkUrl("https://wa.me/5511999999999"),
  CONTACT_EMAIL: z
    .string()
    .trim()
    .pipe(z.email({ message: "must be an email address like contato@estadia.dev" }))
    .default("contato@estadia.dev"),
  // Payments (ADR 0021): the platform's application credentials let hosts connect their own accounts;
  // none of them charges a guest by itself.
  MERCADOPAGO_CLIENT_ID: z.string().trim().optional(),
  MERCADOPAGO_CLIENT_SECRET: z.string().trim().optional(),
  MERCADOPAGO_PUBLIC_KEY: z.string().trim().optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().trim().optional(),
  MERCADOPAGO_API_URL: optionalUrl(["https:", "http:"], "https://api.mercadopago.com"),
  MERCADOPAGO_AUTH_URL: optionalUrl(["https:", "http:"], "https://auth.mercadopago.com.br"),
  MERCADOPAGO_PAYER_EMAIL: z
    .string()
    .trim()
    .pipe(z.email({ message: "must be an email address like pagamentos@estadia.dev" }))
    .optional(),
  ASAAS_API_KEY: z.string().trim().optional(),
  ASAAS_WALLET_ID: z.string().trim().optional(),
  ASAAS_WEBHOOK_TOKEN: z.string().trim().optional(),
  ASAAS_TRANSFER_VALIDATION_TOKEN: z.string().trim().optional(),
  ASAAS_API_URL: optionalUrl(["https:", "http:"], "https://api.asaas.com"),
  ENCRYPTION_KEY: z
    .string()
    .trim()
    .refine((v) => keyBytes(v) !== null, {
      message: "must be 32 random bytes as 64 hex characters or base64 (openssl rand -base64 32)",
    })
    .optional(),
  PLATFORM_FEE_PERCENT: z
    .string()
    .trim()
    .regex(/^\d{1,2}([.,]\d{1,2})?$/, "must be a percentage like 3.5")
    .default("3"),
  FREE_TRIAL_DAYS: z.coerce
    .number({ message: "must be a whole number of days between 0 and 365" })
    .int("must be a whole number of days between 0 and 365")
    .min(0, "must be a whole number of days between 0 and 365")
    .max(365, "must be a whole number of days between 0 and 365")
    .default(7),
  CHECKOUT_HOLD_MINUTES: z.coerce
    .number({ message: "must be a whole number of minutes between 30 and 1440" })
    .int("must be a whole number of minutes between 30 and 1440")
    .min(30, "must be a whole number of minutes between 30 and 1440")
    .max(1440, "must be a whole number of minutes between 30 and 1440")
    .default(30),
  // The sandbox's own fee: real providers report theirs on each payment.
  PROCESSING_FEE_PERCENT: z
    .string()
    .trim()
    .regex(/^\d{1,2}([.,]\d{1,2})?$/, "must be a percentage like 3.99")
    .default("3.99"),
  CARD_SETTLEMENT_DAYS: z.coerce
    .number({ message: "must be a whole number of days between 0 and 60" })
    .int("must be a whole number of days between 0 and 60")
    .min(0, "must be a whole number of days between 0 and 60")
    .max(60, "must be a whole number of days between 0 and 60")
    .default(30),
  // The default is DEFAULT_GUEST_DATA_RETENTION_MONTHS (domain/guests/retention.ts; a test keeps them equal).
  GUEST_DATA_RETENTION_MONTHS: z.coerce
    .number({ message: "must be a whole number of months, at least 1" })
    .int("must be a whole number of months, at least 1")
    .min(1, "must be a whole number of months, at least 1")
    .max(1200, "must be a whole number of months, at least 1 (at most 1200)")
    .default(24),
  WITHDRAWAL_MIN_REAIS: z.coerce
    .number({ message: "must be a whole number of reais between 1 and 100000" })
    .int("must be a whole number of reais between 1 and 100000")
    .min(1, "must be a whole number of reais between 1 and 100000")
    .max(100_000, "must be a whole number of reais between 1 and 100000")
    .default(10),
  WITHDRAWAL_FEE_REAIS: z
    .string()
    .trim()
    .regex(/^\d{1,3}([.,]\d{1,2})?$/, "must be an amount in reais like 1,50")
    .default("0"),
  // WhatsApp Business Cloud API (issue 50, ADR 0054): all four secrets or none; unset, no message is attempted.
  WHATSAPP_TOKEN: z.string().trim().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "must be the phone number id of the WhatsApp Business account (digits)")
    .optional(),
  WHATSAPP_APP_SECRET: z.string().trim().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().trim().optional(),
  WHATSAPP_API_URL: optionalUrl(["https:", "http:"], DEFAULT_WHATSAPP_API_URL),
  INSTAGRAM_URL: linkUrl("https://www.instagram.com/estadia"),
  FACEBOOK_URL: linkUrl("https://www.facebook.com/estadia"),
  LINKEDIN_URL: linkUrl("https://www.linkedin.com/company/estadia"),
});

export type Env = {
  nodeEnv: "development" | "production" | "test";
  /** A real deployment: secrets required, developer pages off. */
  isProduction: boolean;
  port: number;
  /** Public origin, no trailing slash. Every absolute link is built from it, never from the Host header. */
  appUrl: string;
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  media: MediaConfig;
  /**
   * The first start on an empty database creates the demo data and every start prints where it is: only
   * in development, on the embedded database, unless DEMO_DATA=off (ADR 0018).
   */
  demoData: boolean;
  smtpUrl: string | undefined;
  /** From header of every email we send. */
  mailFrom: string;
  /** Header a trusted proxy sets with the client's IP; unset = the TCP peer is the client. */
  trustedIpHeader: string | undefined;
  /** Unset outside production: see auth-secret.server.ts, which makes one only once the data folder is ours. */
  authSecret: string | undefined;
  /** The key that seals providers' credentials (32 bytes); unset outside production: see secret-box.server.ts. */
  encryptionKey: Buffer | undefined;
  logLevel: string;
  /** Tests only: outbound requests may reach loopback addresses (ADR 0032). */
  outboundAllowLoopback: boolean;
  /** The bearer token Prometheus scrapes /metrics with; unset = no /metrics (ADR 0029). */
  metricsToken: string | undefined;
  /** Orders older than this many months have their guest's contact data anonymized (LGPD, issue 24). */
  guestDataRetentionMonths: number;
  /** Where the landing pages send people (the prerendered copies keep the values of the build). */
  outboundLinks: OutboundLinks;
  payments: PaymentsConfig;
  /** Null unless all four WhatsApp secrets are set: then no message is attempted, no option shown. */
  whatsapp: WhatsAppConfig | null;
};

/** The WhatsApp Business Cloud API number Estadia sends its notifications from (ADR 0054). */
export type WhatsAppConfig = {
  /** The system user's access token (bearer). Never logged. */
  token: string;
  phoneNumberId: string;
  /** Signs the webhooks Meta sends (X-Hub-Signature-256). */
  appSecret: string;
  /** What Meta's webhook verification must echo (hub.verify_token). */
  verifyToken: string;
  /** The Graph API base, version included, no trailing slash. */
  apiUrl: string;
};

/** Where uploaded media live (ADR 0028). */
export type MediaStoreKind = "local" | "postgres" | "s3";

export type S3Config = {
  bucket: string;
  region: string;
  /** Another S3-compatible service (R2, MinIO); unset = AWS. */
  endpoint: string | undefined;
  accessKeyId: string;
  /** Never logged. */
  secretAccessKey: string;
  /** Bucket in the path instead of the host name (MinIO, s3rver). */
  forcePathStyle: boolean;
};

export type MediaConfig = {
  kind: MediaStoreKind;
  /** Set when S3_BUCKET is: the configured store, or a target of `npm run media:copy`. */
  s3: S3Config | null;
};

/** The payment providers a host may connect an account of (ADR 0021): PROVIDER_NAMES, the one list. */
export type AccountProviderName = ProviderName;

export type MercadoPagoAppConfig = {
  /** The Marketplace application's credentials: they connect sellers by OAuth and charge nothing. */
  clientId: string;
  clientSecret: string;
  /** The integrator's public key: the card form in the guest's browser. */
  publicKey: string;
  webhookSecret: string;
  apiUrl: string;
  /** Where sellers authorize the application (auth.mercadopago.com.br). */
  authUrl: string;
  /** Mercado Pago requires a payer email; guests may give only a phone. */
  payerEmail: string;
};

export type AsaasRootConfig = {
  /** Estadia's root account: creates sub-accounts, never charges a guest. */
  apiKey: string;
  /** Estadia's wallet: where the split of each sale leaves Estadia's fee. */
  walletId: string;
  /** The token the root account's webhooks carry. */
  webhookToken: string;
  /** The token Asaas sends when it asks Estadia to authorize a transfer. */
  transferValidationToken: string;
  apiUrl: string;
};

export type PaymentsConfig = {
  /** What a host may connect, in the order offered: the sandbox never in production. */
  offered: AccountProviderName[];
  mercadoPago: MercadoPagoAppConfig | null;
  asaas: AsaasRootConfig | null;
  /** Estadia's commission on each sale, in basis points (3% = 300). */
  platformFeeBps: number;
  /** An organization's first days: Estadia takes no fee on their sales. */
  freeTrialDays: number;
  /** How long an order holds its stock and its PIX code stays payable. */
  holdMinutes: number;
  /** The sandbox's simulated provider fee, in basis points (3.99% = 399). Real providers report theirs. */
  processingFeeBps: number;
  /** Days until a card sale's money is released, when the provider does not say. */
  cardSettlementDays: number;
  minWithdrawalCents: number;
  withdrawalFeeCents: number;
};

export type OutboundLinks = {
  supportChat: string;
  contactEmail: string;
  instagram: string;
  facebook: string;
  linkedin: string;
};

/** Validates the whole environment at once; throws EnvError naming every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // A blank value (`PORT=` in an env file) means unset, so the default applies.
  const given = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ""),
  );
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const v = parsed.data;
  const appUrl = new URL(v.APP_URL || `http://localhost:${v.PORT}`).origin;
  // An explicit APP_ENV wins; otherwise a public origin means a real deployment.
  const isProduction = v.APP_ENV
    ? v.APP_ENV === "production"
    : v.NODE_ENV === "production" && !LOOPBACK_HOSTS.has(new URL(appUrl).hostname);
  const dataDir = path.resolve(v.DATA_DIR);
  if (isProduction && !v.AUTH_SECRET) {
    throw new EnvError(
      "Invalid configuration:\n  AUTH_SECRET: required in production (at least 32 random characters)",
    );
  }
  if (isProduction && !v.ENCRYPTION_KEY) {
    throw new EnvError(
      "Invalid configuration:\n  ENCRYPTION_KEY: required in production (32 random bytes: openssl rand -base64 32)",
    );
  }
  if (isProduction && v.OUTBOUND_ALLOW_LOOPBACK === "1") {
    throw new EnvError(
      "Invalid configuration:\n  OUTBOUND_ALLOW_LOOPBACK: for tests only; a real deployment must not reach its own network",
    );
  }
  return {
    payments: paymentsConfig(v, isProduction),
    whatsapp: whatsappConfig(v, isProduction, appUrl),
    nodeEnv: v.NODE_ENV,
    isProduction,
    port: v.PORT,
    guestDataRetentionMonths: v.GUEST_DATA_RETENTION_MONTHS,
    appUrl,
    secureCookies: appUrl.startsWith("https:"),
    dataDir,
    databaseUrl: v.DATABASE_URL,
    media: mediaConfig(v),
    demoData: !isProduction && !v.DATABASE_URL && v.DEMO_DATA === "auto",
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    trustedIpHeader: v.TRUSTED_IP_HEADER,
    authSecret: v.AUTH_SECRET,
    encryptionKey: v.ENCRYPTION_KEY ? (keyBytes(v.ENCRYPTION_KEY) ?? undefined) : undefined,
    logLevel: v.LOG_LEVEL ?? (v.NODE_ENV === "test" ? "silent" : "info"),
    metricsToken: v.METRICS_TOKEN,
    outboundAllowLoopback: v.OUTBOUND_ALLOW_LOOPBACK === "1",
    outboundLinks: {
      supportChat: v.SUPPORT_WHATSAPP_URL,
      contactEmail: v.CONTACT_EMAIL,
      instagram: v.INSTAGRAM_URL,
      facebook: v.FACEBOOK_URL,
      linkedin: v.LINKEDIN_URL,
    },
  };
}

/** 32 bytes from 64 hex characters or base64; null otherwise. */
function keyBytes(text: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, "hex");
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  const bytes = Buffer.from(text, "base64");
  return bytes.length === 32 ? bytes : null;
}

function missingVars(v: Record<string, unknown>, names: readonly string[], when: string): string[] {
  return names.filter((name) => !v[name]).map((name) => `  ${name}: required ${when}`);
}

const S3_VARS = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

function mediaConfig(v: z.infer<typeof schema>): MediaConfig {
  const kind = v.MEDIA_STORAGE ?? (v.DATABASE_URL ? "postgres" : "local");
  const wantsS3 = kind === "s3" || Boolean(v.S3_BUCKET);
  const missing = wantsS3 ? missingVars(v, S3_VARS, "for the S3 media store") : [];
  if (missing.length > 0) throw new EnvError(`Invalid configuration:\n${missing.join("\n")}`);
  const s3: S3Config | null = wantsS3
    ? {
        bucket: v.S3_BUCKET ?? "",
        region: v.S3_REGION,
        endpoint: v.S3_ENDPOINT?.replace(/\/+$/, ""),
        accessKeyId: v.S3_ACCESS_KEY_ID ?? "",
        secretAccessKey: v.S3_SECRET_ACCESS_KEY ?? "",
        forcePathStyle: v.S3_FORCE_PATH_STYLE === "true",
      }
    : null;
  return { kind, s3 };
}

const WHATSAPP_VARS = [
  "WHATSAPP_TOKEN",
  "WHATSAPP_PHONE_NUMBER_ID",
  "WHATSAPP_APP_SECRET",
  "WHATSAPP_VERIFY_TOKEN",
] as const;

function whatsappConfig(
  v: z.infer<typeof schema>,
  isProduction: boolean,
  appUrl: string,
): WhatsAppConfig | null {
  const wants = WHATSAPP_VARS.some((name) => v[name]);
  if (!wants) return null;
  const missing = missingVars(v, WHATSAPP_VARS, "to send WhatsApp notifications");
  if (missing.length > 0) throw new EnvError(`Invalid configuration:\n${missing.join("\n")}`);
  const apiUrl = (v.WHATSAPP_API_URL ?? DEFAULT_WHATSAPP_API_URL).replace(/\/+$/, "");
  // The local fake (/dev/whatsapp) exists only outside production.
  if (isProduction && apiUrl.startsWith(`${appUrl}/dev/`)) {
    throw new EnvError(
      "Invalid configuration:\n  WHATSAPP_API_URL: the local fake (/dev/whatsapp) does not exist in production",
    );
  }
  return {
    token: v.WHATSAPP_TOKEN ?? "",
    phoneNumberId: v.WHATSAPP_PHONE_NUMBER_ID ?? "",
    appSecret: v.WHATSAPP_APP_SECRET ?? "",
    verifyToken: v.WHATSAPP_VERIFY_TOKEN ?? "",
    apiUrl,
  };
}

const MP_VARS = [
  "MERCADOPAGO_CLIENT_ID",
  "MERCADOPAGO_CLIENT_SECRET",
  "MERCADOPAGO_PUBLIC_KEY",
  "MERCADOPAGO_WEBHOOK_SECRET",
] as const;
const ASAAS_VARS = [
  "ASAAS_API_KEY",
  "ASAAS_WALLET_ID",
  "ASAAS_WEBHOOK_TOKEN",
  "ASAAS_TRANSFER_VALIDATION_TOKEN",
] as const;

function paymentsConfig(v: z.infer<typeof schema>, isProduction: boolean): PaymentsConfig {
  // A provider is offered when any of its variables is set, and then all of them are required.
  const wantsMp = MP_VARS.some((name) => v[name]);
  const wantsAsaas = ASAAS_VARS.some((name) => v[name]);
  const missing = [
    ...(wantsMp ? missingVars(v, MP_VARS, "to offer Mercado Pago") : []),
    ...(wantsAsaas ? missingVars(v, ASAAS_VARS, "to offer Asaas") : []),
  ];
  if (missing.length > 0) throw new EnvError(`Invalid configuration:\n${missing.join("\n")}`);
  // A real deployment never takes fake payments: the sandbox is not offered there, so one provider must be.
  if (isProduction && !wantsMp && !wantsAsaas) {
    throw new EnvError(
      "Invalid configuration:\n  MERCADOPAGO_CLIENT_ID or ASAAS_API_KEY: required in production (hosts need a real provider to connect)",
    );
  }
  const mercadoPago: MercadoPagoAppConfig | null = wantsMp
    ? {
        clientId: v.MERCADOPAGO_CLIENT_ID ?? "",
        clientSecret: v.MERCADOPAGO_CLIENT_SECRET ?? "",
        publicKey: v.MERCADOPAGO_PUBLIC_KEY ?? "",
        webhookSecret: v.MERCADOPAGO_WEBHOOK_SECRET ?? "",
        apiUrl: (v.MERCADOPAGO_API_URL ?? "https://api.mercadopago.com").replace(/\/+$/, ""),
        authUrl: (v.MERCADOPAGO_AUTH_URL ?? "https://auth.mercadopago.com.br").replace(/\/+$/, ""),
        payerEmail: v.MERCADOPAGO_PAYER_EMAIL ?? v.CONTACT_EMAIL,
      }
    : null;
  const asaas: AsaasRootConfig | null = wantsAsaas
    ? {
        apiKey: v.ASAAS_API_KEY ?? "",
        walletId: v.ASAAS_WALLET_ID ?? "",
        webhookToken: v.ASAAS_WEBHOOK_TOKEN ?? "",
        transferValidationToken: v.ASAAS_TRANSFER_VALIDATION_TOKEN ?? "",
        apiUrl: (v.ASAAS_API_URL ?? "https://api.asaas.com").replace(/\/+$/, ""),
      }
    : null;
  const offered: AccountProviderName[] = [
    ...(mercadoPago ? (["mercadopago"] as const) : []),
    ...(asaas ? (["asaas"] as const) : []),
    ...(isProduction ? [] : (["sandbox"] as const)),
  ];
  return {
    offered,
    mercadoPago,
    asaas,
    platformFeeBps: percentBps(v.PLATFORM_FEE_PERCENT),
    freeTrialDays: v.FREE_TRIAL_DAYS,
    minWithdrawalCents: v.WITHDRAWAL_MIN_REAIS * 100,
    withdrawalFeeCents: Math.round(Number(v.WITHDRAWAL_FEE_REAIS.replace(",", ".")) * 100),
    holdMinutes: v.CHECKOUT_HOLD_MINUTES,
    processingFeeBps: percentBps(v.PROCESSING_FEE_PERCENT),
    cardSettlementDays: v.CARD_SETTLEMENT_DAYS,
  };
}

function percentBps(text: string): number {
  return Math.round(Number(text.replace(",", ".")) * 100);
}

let cached: Env | undefined;

/** The process-wide environment, read and validated once. */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
