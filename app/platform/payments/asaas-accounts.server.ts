import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { AsaasRootConfig } from "../env.server";
import { SealError, seal, unseal } from "../secrets/secret-box.server";
import { type AsaasList, cents, createAsaasApi, reais } from "./asaas-api.server";
import { ProviderError, type WebhookNotice } from "./provider";

// A host's own Asaas account: Estadia's root account creates a sub-account per organization (docs.asaas.com
// "Criação de subcontas"), whose API key Asaas returns once, in the creation answer only. Charges and
// transfers are then made with that key; Estadia's fee reaches Estadia's wallet by split. Webhooks are set
// per sub-account (`POST /v3/webhooks` with its key) and carry the token chosen there in the
// `asaas-access-token` header; the transfer validation webhook ("Mecanismo para validação de saque via
// webhooks") is set once on the root account and applies to every sub-account.

/** What Asaas needs to open a sub-account for a host (POST /v3/accounts). */
export type AsaasSubAccountInput = {
  /** The person's full name, or the company's legal name. */
  name: string;
  /** Unique at Asaas: the sub-account's login. */
  email: string;
  /** Digits only: 11 (CPF) or 14 (CNPJ). */
  cpfCnpj: string;
  /** yyyy-MM-dd; required for a CPF. */
  birthDate: string | null;
  /** Required for a CNPJ. */
  companyType: "MEI" | "LIMITED" | "INDIVIDUAL" | "ASSOCIATION" | null;
  /** Area code and number, digits. */
  mobilePhone: string;
  address: string;
  addressNumber: string;
  complement: string | null;
  /** The neighbourhood (bairro). */
  province: string;
  /** A valid CEP: Asaas finds the city by it and refuses an unknown one. */
  postalCode: string;
  /** Monthly income (CPF) or revenue (CNPJ), in cents: mandatory since 2024-05-30. */
  incomeCents: number;
};

export type AsaasSubAccount = {
  /** Asaas's account id (payment_accounts.provider_account_id). */
  accountId: string;
  walletId: string;
  /** `seal({apiKey, webhookToken})`: the only form in which the key is kept. */
  sealedCredentials: string;
  displayName: string;
  email: string;
  /**
   * False when the account exists but its webhook could not be registered (the account must still be
   * stored: its key is never shown again). Retry with `registerAsaasWebhook`.
   */
  webhookRegistered: boolean;
  /** Why the registration failed (safe to log), when it did. */
  webhookError: string | null;
};

export type AsaasCredentials = { apiKey: string; webhookToken: string };

type HttpOptions = { fetch?: typeof fetch; timeoutMs?: number; key?: Buffer };

/**
 * The events each sub-account's webhook sends (docs "Eventos para cobranças", "Eventos para
 * transferências"). A PIX charge sends PAYMENT_RECEIVED, never PAYMENT_CONFIRMED; the rest move a payment
 * back (deleted, refunded, disputed) or restore it.
 */
export const ASAAS_WEBHOOK_EVENTS = [
  "PAYMENT_CONFIRMED",
  "PAYMENT_RECEIVED",
  "PAYMENT_OVERDUE",
  "PAYMENT_DELETED",
  "PAYMENT_RESTORED",
  "PAYMENT_REFUNDED",
  "PAYMENT_PARTIALLY_REFUNDED",
  "PAYMENT_REFUND_IN_PROGRESS",
  "PAYMENT_RECEIVED_IN_CASH_UNDONE",
  "PAYMENT_CHARGEBACK_REQUESTED",
  "PAYMENT_CHARGEBACK_DISPUTE",
  "PAYMENT_AWAITING_CHARGEBACK_REVERSAL",
  "TRANSFER_CREATED",
  "TRANSFER_PENDING",
  "TRANSFER_IN_BANK_PROCESSING",
  "TRANSFER_BLOCKED",
  "TRANSFER_DONE",
  "TRANSFER_FAILED",
  "TRANSFER_CANCELLED",
] as const;

const WEBHOOK_NAME = "Estadia";

type AsaasAccountAnswer = {
  id?: unknown;
  walletId?: unknown;
  apiKey?: unknown;
  name?: unknown;
  email?: unknown;
};

type AsaasWebhookConfig = { id?: string; url?: string };
type AsaasPixKeyAnswer = { id?: unknown; key?: unknown; type?: unknown; status?: unknown };

/** Pix key statuses (docs.asaas.com "Pix"): a key still being activated will serve; any other will not. */
const USABLE_PIX_KEY = ["ACTIVE", "AWAITING_ACTIVATION"];

/** A fresh per-account webhook token: 32 random bytes (Asaas takes 32 to 255 characters). */
function newWebhookToken(): string {
  return randomBytes(32).toString("base64url");
}

function checkInput(input: AsaasSubAccountInput): void {
  const invalid = (why: string) => new ProviderError(why, null, false, "invalid_account_data");
  if (!/^(\d{11}|\d{14})$/.test(input.cpfCnpj)) throw invalid("cpfCnpj must be 11 or 14 digits");
  if (input.cpfCnpj.length === 11 && !input.birthDate) throw invalid("a CPF account needs a birth date");
  if (input.cpfCnpj.length === 14 && !input.companyType) throw invalid("a CNPJ account needs a company type");
}

/**
 * Opens a sub-account for a host with Estadia's root key, seals its API key at once with a new webhook
 * token, and registers the sub-account's webhook. A failed registration does not undo the account (it
 * cannot be: the key exists only in this answer); it comes back with `webhookRegistered: false`.
 */
export async function createAsaasSubAccount(
  root: AsaasRootConfig,
  input: AsaasSubAccountInput,
  options: HttpOptions & {
    webhookUrl: string;
    /** Who Asaas tells when the webhook queue fails; the host's email when not given. */
    webhookEmail?: string;
  },
): Promise<AsaasSubAccount> {
  checkInput(input);
  const personal = [
    input.name,
    input.email,
    input.cpfCnpj,
    input.mobilePhone,
    input.address,
    input.postalCode,
  ];
  const call = createAsaasApi(
    { apiKey: root.apiKey, apiUrl: root.apiUrl, fetch: options.fetch, timeoutMs: options.timeoutMs },
    ProviderError,
  );
  const isPerson = input.cpfCnpj.length === 11;
  const created = await call<AsaasAccountAnswer>({
    method: "POST",
    path: "/v3/accounts",
    secrets: personal,
    body: {
      name: input.name,
      email: input.email,
      cpfCnpj: input.cpfCnpj,
      ...(isPerson ? { birthDate: input.birthDate } : { companyType: input.companyType }),
      mobilePhone: input.mobilePhone,
      address: input.address,
      addressNumber: input.addressNumber,
      ...(input.complement ? { complement: input.complement } : {}),
      province: input.province,
      postalCode: input.postalCode,
      incomeValue: reais(input.incomeCents, ProviderError),
    },
  });
  const { id, walletId, apiKey } = created;
  if (typeof id !== "string" || typeof walletId !== "string" || typeof apiKey !== "string" || !apiKey) {
    // The account may exist without a key we can use: only Asaas's support can give it now.
    throw new ProviderError(
      "Asaas created no usable sub-account (no id, wallet or API key in its answer)",
      null,
      false,
      "account_key_missing",
    );
  }
  const sealedCredentials = seal(
    { apiKey, webhookToken: newWebhookToken() } satisfies AsaasCredentials,
    options.key,
  );
  const account = {
    accountId: id,
    walletId,
    sealedCredentials,
    displayName: typeof created.name === "string" ? created.name : input.name,
    email: typeof created.email === "string" ? created.email : input.email,
  };
  try {
    await registerAsaasWebhook({
      apiUrl: root.apiUrl,
      sealedCredentials,
      webhookUrl: options.webhookUrl,
      email: options.webhookEmail ?? input.email,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      key: options.key,
    });
    return { ...account, webhookRegistered: true, webhookError: null };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ...account, webhookRegistered: false, webhookError: why };
  }
}

/**
 * Registers the sub-account's webhook with its own key and token. Safe to call again (the retry after a
 * failed registration): a webhook already sending to `webhookUrl` is left as it is, since it was made
 * with the same sealed token.
 */
export async function registerAsaasWebhook(
  options: HttpOptions & {
    apiUrl: string;
    sealedCredentials: string;
    webhookUrl: string;
    email: string;
  },
): Promise<void> {
  const { apiKey, webhookToken } = openAsaasCredentials(options.sealedCredentials, options.key);
  const call = createAsaasApi(
    { apiKey, apiUrl: options.apiUrl, fetch: options.fetch, timeoutMs: options.timeoutMs },
    ProviderError,
  );
  // An account has at most 10 webhooks: one page holds them all.
  const existing = await call<AsaasList<AsaasWebhookConfig>>({
    method: "GET",
    path: "/v3/webhooks?limit=100",
  });
  if (existing.data?.some((hook) => hook.url === options.webhookUrl)) return;
  await call({
    method: "POST",
    path: "/v3/webhooks",
    secrets: [webhookToken, options.email],
    body: {
      name: WEBHOOK_NAME,
      url: options.webhookUrl,
      email: options.email,
      enabled: true,
      interrupted: false,
      authToken: webhookToken,
      // In order: a payment's refund never arrives before its receipt.
      sendType: "SEQUENTIALLY",
      events: ASAAS_WEBHOOK_EVENTS,
    },
  });
}

/**
 * The sub-account's Pix key, created as a random key (EVP) when it has none it can use. Without one, Asaas
 * makes BR Codes payable only until 23:59 of the day they are made (a fallback it says it will end). Safe
 * to call again: the check-and-repair job does, for accounts opened before keys were made.
 */
export async function ensureAsaasPixKey(
  options: HttpOptions & { apiUrl: string; sealedCredentials: string },
): Promise<{ key: string; status: string }> {
  const { apiKey } = openAsaasCredentials(options.sealedCredentials, options.key);
  const call = createAsaasApi(
    { apiKey, apiUrl: options.apiUrl, fetch: options.fetch, timeoutMs: options.timeoutMs },
    ProviderError,
  );
  const read = (answer: AsaasPixKeyAnswer) =>
    typeof answer.key === "string" && answer.key && typeof answer.status === "string"
      ? { key: answer.key, status: answer.status }
      : null;
  const existing = await call<AsaasList<AsaasPixKeyAnswer>>({
    method: "GET",
    path: "/v3/pix/addressKeys?limit=100",
  });
  for (const answer of existing.data ?? []) {
    const key = read(answer);
    if (key && USABLE_PIX_KEY.includes(key.status)) return key;
  }
  const made = read(
    await call<AsaasPixKeyAnswer>({ method: "POST", path: "/v3/pix/addressKeys", body: { type: "EVP" } }),
  );
  if (!made) throw new ProviderError("Asaas made no Pix key", null, true, "pix_key_missing");
  return made;
}

/** What Asaas says of a sub-account's approval (`GET /v3/myAccount/status`), each part's status as it names it. */
export type AsaasApproval = {
  commercialInfo: string;
  bankAccountInfo: string;
  documentation: string;
  /** APPROVED only once every part is: the account is then fully approved. */
  general: string;
};

/** The sub-account's approval, read with its own key. */
export async function readAsaasApproval(
  options: HttpOptions & { apiUrl: string; sealedCredentials: string },
): Promise<AsaasApproval> {
  const { apiKey } = openAsaasCredentials(options.sealedCredentials, options.key);
  const call = createAsaasApi(
    { apiKey, apiUrl: options.apiUrl, fetch: options.fetch, timeoutMs: options.timeoutMs },
    ProviderError,
  );
  const answer = await call<Record<string, unknown>>({ method: "GET", path: "/v3/myAccount/status" });
  const part = (name: string) => (typeof answer[name] === "string" ? (answer[name] as string) : "PENDING");
  return {
    commercialInfo: part("commercialInfo"),
    bankAccountInfo: part("bankAccountInfo"),
    documentation: part("documentation"),
    general: part("general"),
  };
}

/** The sub-account's key and webhook token; throws SealError when the sealed text does not open. */
export function openAsaasCredentials(sealed: string, key?: Buffer): AsaasCredentials {
  const opened = unseal<Partial<AsaasCredentials>>(sealed, key);
  if (typeof opened?.apiKey !== "string" || typeof opened.webhookToken !== "string") {
    throw new SealError("not Asaas credentials");
  }
  return { apiKey: opened.apiKey, webhookToken: opened.webhookToken };
}

function tokenHolds(expected: string, given: string | null): boolean {
  if (!expected || !given) return false;
  // Hashing first gives equal lengths, so the comparison takes the same time whatever was sent.
  const a = createHash("sha256").update(expected).digest();
  const b = createHash("sha256").update(given).digest();
  return timingSafeEqual(a, b);
}

function parseObject(body: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function idOf(value: unknown): string | null {
  const id = value && typeof value === "object" ? (value as { id?: unknown }).id : undefined;
  return typeof id === "string" && id ? id : null;
}

export type AsaasWebhookRequest = { headers: Headers; body: string };

/**
 * A sub-account's notification once its token holds, or null (answer 401, change nothing): about a payment
 * (PAYMENT_*), a transfer (TRANSFER_*), or anything else, whose event name is its topic. Any event name is
 * accepted: one we do not handle is stored and answered 200, since Asaas pauses the queue after 15 failures
 * in a row. The seller is the account whose URL it reached, so the notice names none.
 */
export function asaasWebhookNotice(
  expectedToken: string,
  request: AsaasWebhookRequest,
): WebhookNotice | null {
  if (!tokenHolds(expectedToken, request.headers.get("asaas-access-token"))) return null;
  const body = parseObject(request.body);
  if (!body || typeof body.event !== "string" || !body.event) return null;
  const paymentId = idOf(body.payment);
  const transferId = idOf(body.transfer);
  const subjectId = paymentId ?? transferId ?? "";
  const eventId =
    typeof body.id === "string" && body.id
      ? body.id
      : `${body.event}:${subjectId}:${typeof body.dateCreated === "string" ? body.dateCreated : ""}`;
  const topic = paymentId ? "payment" : transferId ? "transfer" : body.event;
  return { eventId, topic, subjectId, sellerId: null };
}

/** Whether a request carries the expected token in `asaas-access-token` (compared in constant time). */
export function asaasTokenHolds(expectedToken: string, headers: Headers): boolean {
  return tokenHolds(expectedToken, headers.get("asaas-access-token"));
}

export type AsaasTransferValidation = {
  transferId: string;
  valueCents: number;
  /** As Asaas shows it in the transfer; null when it is masked (***.456.789-**), as CPF and CNPJ keys may be. */
  pixKey: string | null;
  externalReference: string | null;
};

/** A key Asaas shows in full; a masked one says nothing to compare. */
function readableKey(key: unknown): string | null {
  return typeof key === "string" && key.trim() && !key.includes("*") ? key : null;
}

/**
 * Asaas asking Estadia to authorize a transfer (`{type: "TRANSFER", transfer: {...}}`, about five seconds
 * after it was made, with the root's validation token), or null when the token does not hold or the body is
 * not a transfer (a bill, QR code or split payout, which Estadia never makes: refuse those).
 */
export function asaasTransferValidationRequest(
  expectedToken: string,
  request: AsaasWebhookRequest,
): AsaasTransferValidation | null {
  if (!tokenHolds(expectedToken, request.headers.get("asaas-access-token"))) return null;
  const body = parseObject(request.body);
  if (body?.type !== "TRANSFER") return null;
  const transfer = body.transfer as Record<string, unknown> | null | undefined;
  const transferId = idOf(transfer);
  if (!transfer || !transferId || typeof transfer.value !== "number") return null;
  const bankAccount = transfer.bankAccount as { pixAddressKey?: unknown } | null | undefined;
  return {
    transferId,
    valueCents: cents(transfer.value),
    pixKey: readableKey(bankAccount?.pixAddressKey),
    externalReference: typeof transfer.externalReference === "string" ? transfer.externalReference : null,
  };
}

export type AsaasTransferDecision = { approve: true } | { approve: false; reason: string };

/** The body to answer a validation request with (HTTP 200, JSON). */
export function asaasTransferValidationAnswer(
  decision: AsaasTransferDecision,
): { status: "APPROVED" } | { status: "REFUSED"; refuseReason: string } {
  if (decision.approve) return { status: "APPROVED" };
  return { status: "REFUSED", refuseReason: decision.reason.trim().slice(0, 255) || "Recusada pela Estadia" };
}
