import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EnvError, parseEnv } from "~/platform/env.server";
import { StartupError } from "~/platform/startup-error.server";

const SECRET = "s".repeat(32);

function parseError(source: NodeJS.ProcessEnv): EnvError {
  try {
    parseEnv(source);
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return err as EnvError;
  }
  throw new Error("parseEnv accepted an invalid environment");
}

describe("parseEnv defaults", () => {
  it("fills every default for a minimal development environment", () => {
    const env = parseEnv({ NODE_ENV: "development" });
    expect(env).toEqual({
      nodeEnv: "development",
      isProduction: false,
      port: 8080,
      guestDataRetentionMonths: 24,
      appUrl: "http://localhost:8080",
      secureCookies: false,
      dataDir: path.resolve(".data"),
      media: { kind: "local", s3: null },
      outboundAllowLoopback: false,
      databaseUrl: undefined,
      demoData: true,
      smtpUrl: undefined,
      mailFrom: "Estadia <nao-responda@estadia.dev>",
      trustedIpHeader: undefined,
      authSecret: undefined,
      encryptionKey: undefined,
      logLevel: "info",
      outboundLinks: {
        supportChat: "https://wa.me/5511999999999",
        contactEmail: "contato@estadia.dev",
        instagram: "https://www.instagram.com/estadia",
        facebook: "https://www.facebook.com/estadia",
        linkedin: "https://www.linkedin.com/company/estadia",
      },
      payments: {
        offered: ["sandbox"],
        mercadoPago: null,
        asaas: null,
        platformFeeBps: 300,
        freeTrialDays: 7,
        holdMinutes: 30,
        processingFeeBps: 399,
        cardSettlementDays: 30,
        minWithdrawalCents: 1000,
        withdrawalFeeCents: 0,
      },
      whatsapp: null,
    });
  });

  it("takes a trusted IP header name in lower case and refuses one that is not a header name", () => {
    expect(parseEnv({ TRUSTED_IP_HEADER: "X-Forwarded-For" }).trustedIpHeader).toBe("x-forwarded-for");
    expect(() => parseEnv({ TRUSTED_IP_HEADER: "x forwarded" })).toThrow(
      /TRUSTED_IP_HEADER: must be a header name like x-forwarded-for/,
    );
  });

  it("treats a missing NODE_ENV as development", () => {
    expect(parseEnv({}).nodeEnv).toBe("development");
  });

  it("derives the default APP_URL from PORT", () => {
    const env = parseEnv({ NODE_ENV: "development", PORT: "3000" });
    expect(env.port).toBe(3000);
    expect(env.appUrl).toBe("http://localhost:3000");
  });

  it("resolves a relative DATA_DIR to an absolute path and keeps an absolute one", () => {
    expect(parseEnv({ NODE_ENV: "development", DATA_DIR: "var/data" }).dataDir).toBe(
      path.join(process.cwd(), "var/data"),
    );
    expect(parseEnv({ NODE_ENV: "development", DATA_DIR: "/srv/estadia" }).dataDir).toBe("/srv/estadia");
  });

  it("reduces APP_URL to its origin, without a trailing slash or path", () => {
    expect(parseEnv({ NODE_ENV: "development", APP_URL: "http://localhost:5173/" }).appUrl).toBe(
      "http://localhost:5173",
    );
    expect(parseEnv({ NODE_ENV: "development", APP_URL: "  https://estadia.example.com/app  " }).appUrl).toBe(
      "https://estadia.example.com",
    );
  });

  it("treats blank values as unset, so defaults apply", () => {
    const env = parseEnv({
      NODE_ENV: "development",
      DATABASE_URL: "",
      SMTP_URL: "  ",
      PORT: "",
      APP_URL: " ",
      LOG_LEVEL: "",
      APP_ENV: "",
    });
    expect(env.databaseUrl).toBeUndefined();
    expect(env.smtpUrl).toBeUndefined();
    expect(env.port).toBe(8080);
    expect(env.appUrl).toBe("http://localhost:8080");
    expect(env.logLevel).toBe("info");
    expect(env.isProduction).toBe(false);
  });

  it("passes valid DATABASE_URL and SMTP_URL through", () => {
    const env = parseEnv({
      NODE_ENV: "development",
      DATABASE_URL: "postgresql://app@db:5432/estadia",
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
    });
    expect(env.databaseUrl).toBe("postgresql://app@db:5432/estadia");
    expect(env.smtpUrl).toBe("smtps://user:pass@mail.example.com:465");
  });

  it("defaults LOG_LEVEL to silent under test and info otherwise, and honours an explicit level", () => {
    expect(parseEnv({ NODE_ENV: "test" }).logLevel).toBe("silent");
    expect(parseEnv({ NODE_ENV: "development" }).logLevel).toBe("info");
    expect(parseEnv({ NODE_ENV: "production" }).logLevel).toBe("info");
    expect(parseEnv({ NODE_ENV: "test", LOG_LEVEL: "debug" }).logLevel).toBe("debug");
  });
});

const KEY = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
const MP = {
  MERCADOPAGO_CLIENT_ID: "1234567890",
  MERCADOPAGO_CLIENT_SECRET: "client-secret",
  MERCADOPAGO_PUBLIC_KEY: "TEST-pk",
  MERCADOPAGO_WEBHOOK_SECRET: "whsec",
};
const ASAAS = {
  ASAAS_API_KEY: "$aact_root",
  ASAAS_WALLET_ID: "wallet-estadia",
  ASAAS_WEBHOOK_TOKEN: "root-token",
  ASAAS_TRANSFER_VALIDATION_TOKEN: "validation-token",
};

describe("parseEnv WhatsApp (ADR 0054)", () => {
  const WHATSAPP = {
    WHATSAPP_TOKEN: "EAAG-token",
    WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
    WHATSAPP_APP_SECRET: "app-secret",
    WHATSAPP_VERIFY_TOKEN: "verify-token",
  };

  it("is off without the variables, and on with all four, at Meta's Graph API by default", () => {
    expect(parseEnv({}).whatsapp).toBeNull();
    expect(parseEnv(WHATSAPP).whatsapp).toEqual({
      token: "EAAG-token",
      phoneNumberId: "106540352242922",
      appSecret: "app-secret",
      verifyToken: "verify-token",
      apiUrl: "https://graph.facebook.com/v25.0",
    });
    expect(parseEnv({ ...WHATSAPP, WHATSAPP_API_URL: "http://127.0.0.1:4000/v25.0/" }).whatsapp?.apiUrl).toBe(
      "http://127.0.0.1:4000/v25.0",
    );
  });

  it("needs all four secrets once one is set", () => {
    const err = parseError({ WHATSAPP_TOKEN: "EAAG-token", WHATSAPP_APP_SECRET: "s" });
    expect(err.message).toContain("WHATSAPP_PHONE_NUMBER_ID: required to send WhatsApp notifications");
    expect(err.message).toContain("WHATSAPP_VERIFY_TOKEN: required to send WhatsApp notifications");
    expect(err.message).not.toContain("WHATSAPP_TOKEN:");
  });

  it("refuses the local fake in production", () => {
    const production = {
      NODE_ENV: "production",
      APP_URL: "https://estadia.example.com",
      AUTH_SECRET: SECRET,
      ENCRYPTION_KEY: "0".repeat(64),
      MERCADOPAGO_CLIENT_ID: "1",
      MERCADOPAGO_CLIENT_SECRET: "2",
      MERCADOPAGO_PUBLIC_KEY: "3",
      MERCADOPAGO_WEBHOOK_SECRET: "4",
    };
    expect(
      parseError({ ...production, ...WHATSAPP, WHATSAPP_API_URL: "https://estadia.example.com/dev/whatsapp" })
        .message,
    ).toContain("WHATSAPP_API_URL: the local fake (/dev/whatsapp) does not exist in production");
    expect(parseEnv({ ...production, ...WHATSAPP }).whatsapp?.apiUrl).toBe(
      "https://graph.facebook.com/v25.0",
    );
  });
});

describe("parseEnv payments (ADR 0021)", () => {
  const production = {
    NODE_ENV: "production",
    APP_URL: "https://estadia.example.com",
    AUTH_SECRET: SECRET,
    ENCRYPTION_KEY: KEY,
  };

  it("offers the sandbox only outside production, and needs a real provider and the encryption key there", () => {
    expect(parseEnv({}).payments.offered).toEqual(["sandbox"]);
    expect(parseError(production).message).toContain(
      "MERCADOPAGO_CLIENT_ID or ASAAS_API_KEY: required in production",
    );
    const { ENCRYPTION_KEY: _, ...keyless } = production;
    expect(parseError({ ...keyless, ...MP }).message).toContain("ENCRYPTION_KEY: required in production");
    expect(parseEnv({ ...production, ...MP }).payments.offered).toEqual(["mercadopago"]);
    expect(parseEnv({ ...production, ...MP, ...ASAAS }).payments.offered).toEqual(["mercadopago", "asaas"]);
  });

  it("lets outbound requests reach loopback only when asked, and never in production", () => {
    expect(parseEnv({ OUTBOUND_ALLOW_LOOPBACK: "1" }).outboundAllowLoopback).toBe(true);
    expect(parseError({ OUTBOUND_ALLOW_LOOPBACK: "yes" }).message).toContain("OUTBOUND_ALLOW_LOOPBACK");
    expect(parseEnv({ ...production, ...MP }).outboundAllowLoopback).toBe(false);
    expect(parseError({ ...production, ...MP, OUTBOUND_ALLOW_LOOPBACK: "1" }).message).toContain(
      "OUTBOUND_ALLOW_LOOPBACK: for tests only",
    );
  });

  it("takes the encryption key as 64 hex characters or 32 bytes of base64, and nothing else", () => {
    expect(parseEnv({ ENCRYPTION_KEY: KEY }).encryptionKey?.length).toBe(32);
    expect(parseEnv({ ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") }).encryptionKey?.length).toBe(
      32,
    );
    expect(parseError({ ENCRYPTION_KEY: "short" }).message).toContain(
      "ENCRYPTION_KEY: must be 32 random bytes",
    );
    expect(parseError({ ENCRYPTION_KEY: Buffer.alloc(16).toString("base64") }).message).toContain(
      "ENCRYPTION_KEY",
    );
  });

  it("needs every Mercado Pago application variable once one is set, and takes its URLs", () => {
    const err = parseError({ MERCADOPAGO_CLIENT_ID: "123" });
    expect(err.message).toContain("MERCADOPAGO_CLIENT_SECRET: required to offer Mercado Pago");
    expect(err.message).toContain("MERCADOPAGO_WEBHOOK_SECRET: required to offer Mercado Pago");
    const env = parseEnv({ ...MP, MERCADOPAGO_API_URL: "http://127.0.0.1:4010/" });
    expect(env.payments.mercadoPago).toEqual({
      clientId: "1234567890",
      clientSecret: "client-secret",
      publicKey: "TEST-pk",
      webhookSecret: "whsec",
      apiUrl: "http://127.0.0.1:4010",
      authUrl: "https://auth.mercadopago.com.br",
      payerEmail: "contato@estadia.dev",
    });
    expect(env.payments.offered).toEqual(["mercadopago", "sandbox"]);
  });

  it("needs every Asaas root variable once one is set", () => {
    const err = parseError({ ASAAS_API_KEY: "$aact" });
    expect(err.message).toContain("ASAAS_WALLET_ID: required to offer Asaas");
    expect(err.message).toContain("ASAAS_TRANSFER_VALIDATION_TOKEN: required to offer Asaas");
    expect(parseEnv(ASAAS).payments.asaas).toEqual({
      apiKey: "$aact_root",
      walletId: "wallet-estadia",
      webhookToken: "root-token",
      transferValidationToken: "validation-token",
      apiUrl: "https://api.asaas.com",
    });
  });

  it("reads Estadia's fee and free days, the hold, the sandbox's fee and the card settlement days", () => {
    expect(parseEnv({}).payments).toMatchObject({ platformFeeBps: 300, freeTrialDays: 7 });
    const env = parseEnv({
      PLATFORM_FEE_PERCENT: "2,5",
      FREE_TRIAL_DAYS: "0",
      CHECKOUT_HOLD_MINUTES: "45",
      PROCESSING_FEE_PERCENT: "4,98",
      CARD_SETTLEMENT_DAYS: "2",
    });
    expect(env.payments).toMatchObject({
      platformFeeBps: 250,
      freeTrialDays: 0,
      holdMinutes: 45,
      processingFeeBps: 498,
      cardSettlementDays: 2,
    });
    expect(parseError({ PLATFORM_FEE_PERCENT: "abc" }).message).toContain("PLATFORM_FEE_PERCENT");
    expect(parseError({ FREE_TRIAL_DAYS: "-1" }).message).toContain("FREE_TRIAL_DAYS");
    expect(parseError({ CHECKOUT_HOLD_MINUTES: "10" }).message).toContain("CHECKOUT_HOLD_MINUTES");
    expect(parseError({ PROCESSING_FEE_PERCENT: "abc" }).message).toContain("PROCESSING_FEE_PERCENT");
    expect(parseError({ CARD_SETTLEMENT_DAYS: "90" }).message).toContain("CARD_SETTLEMENT_DAYS");
  });

  it("reads the withdrawal minimum and fee", () => {
    const env = parseEnv({ WITHDRAWAL_MIN_REAIS: "25", WITHDRAWAL_FEE_REAIS: "1,50" });
    expect(env.payments).toMatchObject({ minWithdrawalCents: 2500, withdrawalFeeCents: 150 });
    expect(parseError({ WITHDRAWAL_MIN_REAIS: "0" }).message).toContain("WITHDRAWAL_MIN_REAIS");
  });
});

describe("parseEnv demo data on the first start (ADR 0018)", () => {
  it("is on in development on the embedded database, and off in production, on PostgreSQL or with DEMO_DATA=off", () => {
    expect(parseEnv({ NODE_ENV: "production" }).demoData).toBe(true);
    expect(
      parseEnv({
        APP_ENV: "production",
        AUTH_SECRET: SECRET,
        ENCRYPTION_KEY: KEY,
        ...MP,
      }).demoData,
    ).toBe(false);
    expect(parseEnv({ DATABASE_URL: "postgres://u@localhost:5432/db" }).demoData).toBe(false);
    expect(parseEnv({ DEMO_DATA: "off" }).demoData).toBe(false);
    expect(() => parseEnv({ DEMO_DATA: "yes" })).toThrow(/DEMO_DATA/);
  });
});

describe("parseEnv production detection", () => {
  it("is production for NODE_ENV=production with a public APP_URL", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      APP_URL: "https://estadia.example.com",
      AUTH_SECRET: SECRET,
      ENCRYPTION_KEY: KEY,
      ...MP,
    });
    expect(env.isProduction).toBe(true);
    expect(env.authSecret).toBe(SECRET);
  });

  it.each(["http://localhost:8080", "http://127.0.0.1:8080", "http://[::1]:8080"])(
    "is not production for NODE_ENV=production on loopback %s",
    (appUrl) => {
      const env = parseEnv({ NODE_ENV: "production", APP_URL: appUrl });
      expect(env.isProduction).toBe(false);
      expect(env.authSecret).toBeUndefined();
    },
  );

  it("is not production for NODE_ENV=production with the default (loopback) APP_URL", () => {
    expect(parseEnv({ NODE_ENV: "production" }).isProduction).toBe(false);
  });

  it("is not production for development with a public APP_URL", () => {
    expect(parseEnv({ NODE_ENV: "development", APP_URL: "https://estadia.example.com" }).isProduction).toBe(
      false,
    );
  });

  it("lets APP_ENV=production win over a loopback APP_URL and a non-production NODE_ENV", () => {
    const env = parseEnv({
      NODE_ENV: "development",
      APP_ENV: "production",
      AUTH_SECRET: SECRET,
      ENCRYPTION_KEY: KEY,
      ...MP,
    });
    expect(env.isProduction).toBe(true);
  });

  it("lets APP_ENV=development win over NODE_ENV=production with a public APP_URL", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      APP_ENV: "development",
      APP_URL: "https://estadia.example.com",
    });
    expect(env.isProduction).toBe(false);
  });

  it("requires AUTH_SECRET in production", () => {
    const err = parseError({ NODE_ENV: "production", APP_URL: "https://estadia.example.com" });
    expect(err.message).toContain("AUTH_SECRET");
    expect(err.message).toContain("required in production");
    expect(() => parseEnv({ NODE_ENV: "development", APP_ENV: "production" })).toThrow(/AUTH_SECRET/);
  });

  it("rejects an AUTH_SECRET shorter than 32 characters, even outside production", () => {
    const err = parseError({ NODE_ENV: "development", AUTH_SECRET: "s".repeat(31) });
    expect(err.message).toMatch(/AUTH_SECRET: must be at least 32 characters/);
  });

  it("sets secureCookies exactly when APP_URL is https", () => {
    expect(parseEnv({ NODE_ENV: "development", APP_URL: "https://localhost:8443" }).secureCookies).toBe(true);
    expect(parseEnv({ NODE_ENV: "development", APP_URL: "http://localhost:8443" }).secureCookies).toBe(false);
  });
});

describe("parseEnv errors", () => {
  it("throws an EnvError, which is a StartupError", () => {
    const err = parseError({ NODE_ENV: "development", PORT: "http" });
    expect(err).toBeInstanceOf(StartupError);
    expect(err.name).toBe("EnvError");
    expect((err as StartupError).isStartupError).toBe(true);
  });

  it.each(["0", "65536", "80.5", "eighty"])("rejects PORT=%s", (port) => {
    const err = parseError({ NODE_ENV: "development", PORT: port });
    expect(err.message).toContain("PORT: must be an integer between 1 and 65535");
  });

  it("accepts the PORT bounds 1 and 65535", () => {
    expect(parseEnv({ NODE_ENV: "development", PORT: "1" }).port).toBe(1);
    expect(parseEnv({ NODE_ENV: "development", PORT: "65535" }).port).toBe(65535);
  });

  it.each(["estadia.example.com", "ftp://estadia.example.com"])("rejects APP_URL=%s", (appUrl) => {
    const err = parseError({ NODE_ENV: "development", APP_URL: appUrl });
    expect(err.message).toContain("APP_URL: must be an http(s) origin");
  });

  it("rejects a DATABASE_URL that is not postgres and an SMTP_URL that is not smtp", () => {
    const err = parseError({
      NODE_ENV: "development",
      DATABASE_URL: "mysql://db/estadia",
      SMTP_URL: "http://mail.example.com",
    });
    expect(err.message).toContain("DATABASE_URL: must be a URL like postgres://");
    expect(err.message).toContain("SMTP_URL: must be a URL like smtp://");
  });

  it("rejects an unknown NODE_ENV, APP_ENV or LOG_LEVEL", () => {
    const err = parseError({ NODE_ENV: "staging", APP_ENV: "test", LOG_LEVEL: "verbose" });
    expect(err.message).toMatch(/^ {2}NODE_ENV: /m);
    expect(err.message).toMatch(/^ {2}APP_ENV: /m);
    expect(err.message).toMatch(/^ {2}LOG_LEVEL: /m);
  });

  it("falls back to ./.data for a blank DATA_DIR rather than the working directory", () => {
    expect(parseEnv({ NODE_ENV: "development", DATA_DIR: "   " }).dataDir).toBe(path.resolve(".data"));
  });

  it("names every bad variable at once, one per line", () => {
    const err = parseError({
      NODE_ENV: "development",
      PORT: "99999",
      APP_URL: "not a url",
      AUTH_SECRET: "short",
      DATABASE_URL: "nope",
    });
    const lines = err.message.split("\n");
    expect(lines[0]).toBe("Invalid configuration:");
    const named = lines.slice(1).map((line) => line.trim().split(":")[0]);
    expect(named.sort()).toEqual(["APP_URL", "AUTH_SECRET", "DATABASE_URL", "PORT"]);
  });

  it("does not echo the rejected secret value in the message", () => {
    const err = parseError({ NODE_ENV: "development", AUTH_SECRET: "hunter2-secret" });
    expect(err.message).not.toContain("hunter2-secret");
  });
});

describe("authSecret", () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "estadia-secret-"));
    vi.stubEnv("NODE_ENV", "test");
    vi.stubEnv("APP_ENV", undefined);
    vi.stubEnv("APP_URL", undefined);
    vi.stubEnv("AUTH_SECRET", undefined);
    vi.stubEnv("DATA_DIR", dataDir);
    vi.resetModules();
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function freshAuthSecret(): Promise<string> {
    vi.resetModules();
    const { authSecret } = await import("~/platform/auth-secret.server");
    return authSecret();
  }

  it("generates a secret once in DATA_DIR, readable only by its owner, and reuses it after a restart", async () => {
    const first = await freshAuthSecret();
    const file = path.join(dataDir, "auth-secret");
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const afterRestart = await freshAuthSecret();
    expect(afterRestart).toBe(first);
  });

  it("creates DATA_DIR when it does not exist yet", async () => {
    const nested = path.join(dataDir, "not", "yet");
    vi.stubEnv("DATA_DIR", nested);
    const secret = await freshAuthSecret();
    expect(readFileSync(path.join(nested, "auth-secret"), "utf8")).toBe(secret);
  });

  it("uses a secret already in DATA_DIR", async () => {
    writeFileSync(path.join(dataDir, "auth-secret"), "an-existing-secret-from-last-time\n");
    expect(await freshAuthSecret()).toBe("an-existing-secret-from-last-time");
  });

  it("uses AUTH_SECRET when set and writes nothing", async () => {
    vi.stubEnv("AUTH_SECRET", SECRET);
    expect(await freshAuthSecret()).toBe(SECRET);
    expect(() => statSync(path.join(dataDir, "auth-secret"))).toThrow(/ENOENT/);
  });
});
