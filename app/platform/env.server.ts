import path from "node:path";
import { z } from "zod";
import { StartupError } from "./startup-error.server";

export class EnvError extends StartupError {
  override name = "EnvError";
}

const PORT_RANGE = "must be an integer between 1 and 65535";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

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
  // Outbound links of the landing pages (placeholders until the real accounts exist).
  SUPPORT_WHATSAPP_URL: linkUrl("https://wa.me/5511999999999"),
  CONTACT_EMAIL: z
    .string()
    .trim()
    .pipe(z.email({ message: "must be an email address like contato@estadia.dev" }))
    .default("contato@estadia.dev"),
  // Payments (docs/decisions/0015-payments.md)
  PAYMENTS_PROVIDER: z.enum(["sandbox", "mercadopago"]).optional(),
  MERCADOPAGO_ACCESS_TOKEN: z.string().trim().optional(),
  MERCADOPAGO_PUBLIC_KEY: z.string().trim().optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().trim().optional(),
  MERCADOPAGO_API_URL: optionalUrl(["https:", "http:"], "https://api.mercadopago.com"),
  MERCADOPAGO_PAYER_EMAIL: z
    .string()
    .trim()
    .pipe(z.email({ message: "must be an email address like pagamentos@estadia.dev" }))
    .optional(),
  CHECKOUT_HOLD_MINUTES: z.coerce
    .number({ message: "must be a whole number of minutes between 30 and 1440" })
    .int("must be a whole number of minutes between 30 and 1440")
    .min(30, "must be a whole number of minutes between 30 and 1440")
    .max(1440, "must be a whole number of minutes between 30 and 1440")
    .default(30),
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
  PAYOUTS_PROVIDER: z.enum(["sandbox", "asaas"]).optional(),
  ASAAS_API_KEY: z.string().trim().optional(),
  ASAAS_WEBHOOK_TOKEN: z.string().trim().optional(),
  ASAAS_API_URL: optionalUrl(["https:", "http:"], "https://api.asaas.com"),
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
  logLevel: string;
  /** Where the landing pages send people (the prerendered copies keep the values of the build). */
  outboundLinks: OutboundLinks;
  payments: PaymentsConfig;
};

export type PaymentsConfig = {
  provider: "sandbox" | "mercadopago";
  mercadoPago: {
    accessToken: string;
    publicKey: string;
    webhookSecret: string;
    apiUrl: string;
    /** Mercado Pago requires a payer email; guests may give only a phone. */
    payerEmail: string;
  } | null;
  /** How long an order holds its stock and its PIX code stays payable. */
  holdMinutes: number;
  /** The provider's fee on a sale, in basis points (3.99% = 399). */
  processingFeeBps: number;
  /** Days until the provider releases a card sale's money. */
  cardSettlementDays: number;
  /** Who pays withdrawals to the host's PIX key. */
  payoutsProvider: "sandbox" | "asaas";
  asaas: { apiKey: string; webhookToken: string; apiUrl: string } | null;
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
  return {
    payments: paymentsConfig(v, isProduction),
    nodeEnv: v.NODE_ENV,
    isProduction,
    port: v.PORT,
    appUrl,
    secureCookies: appUrl.startsWith("https:"),
    dataDir,
    databaseUrl: v.DATABASE_URL,
    demoData: !isProduction && !v.DATABASE_URL && v.DEMO_DATA === "auto",
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    trustedIpHeader: v.TRUSTED_IP_HEADER,
    authSecret: v.AUTH_SECRET,
    logLevel: v.LOG_LEVEL ?? (v.NODE_ENV === "test" ? "silent" : "info"),
    outboundLinks: {
      supportChat: v.SUPPORT_WHATSAPP_URL,
      contactEmail: v.CONTACT_EMAIL,
      instagram: v.INSTAGRAM_URL,
      facebook: v.FACEBOOK_URL,
      linkedin: v.LINKEDIN_URL,
    },
  };
}

function paymentsConfig(v: z.infer<typeof schema>, isProduction: boolean): PaymentsConfig {
  // A real deployment never takes fake payments by accident: the sandbox must be chosen by name there.
  if (isProduction && !v.PAYMENTS_PROVIDER) {
    throw new EnvError(
      "Invalid configuration:\n  PAYMENTS_PROVIDER: required in production (mercadopago, or sandbox to take no real payments)",
    );
  }
  const provider = v.PAYMENTS_PROVIDER ?? "sandbox";
  let mercadoPago: PaymentsConfig["mercadoPago"] = null;
  if (provider === "mercadopago") {
    const missing = (
      ["MERCADOPAGO_ACCESS_TOKEN", "MERCADOPAGO_PUBLIC_KEY", "MERCADOPAGO_WEBHOOK_SECRET"] as const
    )
      .filter((name) => !v[name])
      .map((name) => `  ${name}: required when PAYMENTS_PROVIDER=mercadopago`);
    if (missing.length > 0) throw new EnvError(`Invalid configuration:\n${missing.join("\n")}`);
    mercadoPago = {
      accessToken: v.MERCADOPAGO_ACCESS_TOKEN ?? "",
      publicKey: v.MERCADOPAGO_PUBLIC_KEY ?? "",
      webhookSecret: v.MERCADOPAGO_WEBHOOK_SECRET ?? "",
      apiUrl: (v.MERCADOPAGO_API_URL ?? "https://api.mercadopago.com").replace(/\/+$/, ""),
      payerEmail: v.MERCADOPAGO_PAYER_EMAIL ?? v.CONTACT_EMAIL,
    };
  }
  if (isProduction && !v.PAYOUTS_PROVIDER) {
    throw new EnvError(
      "Invalid configuration:\n  PAYOUTS_PROVIDER: required in production (asaas, or sandbox to pay out nothing real)",
    );
  }
  const payoutsProvider = v.PAYOUTS_PROVIDER ?? "sandbox";
  let asaas: PaymentsConfig["asaas"] = null;
  if (payoutsProvider === "asaas") {
    const missing = (["ASAAS_API_KEY", "ASAAS_WEBHOOK_TOKEN"] as const)
      .filter((name) => !v[name])
      .map((name) => `  ${name}: required when PAYOUTS_PROVIDER=asaas`);
    if (missing.length > 0) throw new EnvError(`Invalid configuration:\n${missing.join("\n")}`);
    asaas = {
      apiKey: v.ASAAS_API_KEY ?? "",
      webhookToken: v.ASAAS_WEBHOOK_TOKEN ?? "",
      apiUrl: (v.ASAAS_API_URL ?? "https://api.asaas.com").replace(/\/+$/, ""),
    };
  }
  return {
    provider,
    mercadoPago,
    payoutsProvider,
    asaas,
    minWithdrawalCents: v.WITHDRAWAL_MIN_REAIS * 100,
    withdrawalFeeCents: Math.round(Number(v.WITHDRAWAL_FEE_REAIS.replace(",", ".")) * 100),
    holdMinutes: v.CHECKOUT_HOLD_MINUTES,
    processingFeeBps: Math.round(Number(v.PROCESSING_FEE_PERCENT.replace(",", ".")) * 100),
    cardSettlementDays: v.CARD_SETTLEMENT_DAYS,
  };
}

let cached: Env | undefined;

/** The process-wide environment, read and validated once. */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
