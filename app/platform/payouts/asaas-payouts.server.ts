import { createHash, timingSafeEqual } from "node:crypto";
import {
  PayoutError,
  type PayoutProvider,
  type PayoutWebhookHint,
  type PixKeyType,
  type ProviderTransfer,
  type TransferInput,
  type TransferStatus,
} from "./payout-provider";

// Payouts through Asaas's REST API (v3) with plain fetch, so tests run this same code against a local fake of
// the API (tests/support/asaas-fake.ts). What the code relies on, from docs.asaas.com:
// - auth: header `access_token: <api key>` on every call, JSON bodies, a User-Agent required on root accounts
//   created after 2024-06-13 (docs "Autenticação"); 401 for a missing or wrong key;
// - `POST /v3/transfers` with `value` (reais), `pixAddressKey`, `pixAddressKeyType` (CPF, CNPJ, EMAIL, PHONE,
//   EVP), `description`, `externalReference` (our id, returned by the queries and in every transfer webhook;
//   changelog 2024-10-14); no more than the available balance; `GET /v3/transfers/{id}`;
// - `GET /v3/transfers` lists with `dateCreated[ge]`/`[le]`, `transferDate[ge]`/`[le]`, `type`, and the usual
//   `offset`/`limit` (1–100) pages answering `{hasMore, totalCount, limit, offset, data}`;
// - errors answer `{errors: [{code, description}]}`; 429 is rate limiting, 5xx Asaas's own failure;
// - webhooks carry the token configured for them in the `asaas-access-token` header; the body is
//   `{id, event, dateCreated, transfer: {...}}`, delivered at least once.
//
// Idempotency: Asaas has no idempotency header for transfers, and the list cannot be filtered by
// externalReference. So createTransfer first looks for a transfer carrying our withdrawal id among the recent
// ones (created within LOOKUP_DAYS, at most LOOKUP_PAGES pages of 100) and gives that back if there is one.
// Asaas itself answers 409 to a transfer identical (same value, same destination) to one made in the last 15
// minutes (FAQ "Transferências"), which covers two attempts racing past the look-up: on a 409 we look again.
// What is left uncovered: a retry more than LOOKUP_DAYS after the first attempt, or a retry more than 15
// minutes later whose first attempt is not among the pages read, would send a second transfer. The caller's
// ledger (one reserved withdrawal, retried for a bounded time) must keep retries inside that window.

export type AsaasPayoutsConfig = {
  apiKey: string;
  /** e.g. https://api.asaas.com or https://api-sandbox.asaas.com (without /v3). */
  apiUrl: string;
  /** The authentication token configured on the webhook in Asaas. */
  webhookToken: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** The part of Asaas's transfer resource we read. */
type AsaasTransfer = {
  id: string;
  status?: string | null;
  value?: number | null;
  failReason?: string | null;
  externalReference?: string | null;
};

type AsaasList<T> = { hasMore?: boolean; data?: T[] };

type AsaasErrorBody = { errors?: unknown };

type Call = {
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  /** Values this call sends that must never show in an error (the PIX key). */
  secrets?: (string | null | undefined)[];
};

const DEFAULT_TIMEOUT_MS = 15_000;
const LOOKUP_DAYS = 7;
const LOOKUP_PAGES = 20;
const PAGE_SIZE = 100; // Asaas's largest page

const KEY_TYPE: Record<PixKeyType, string> = {
  cpf: "CPF",
  cnpj: "CNPJ",
  email: "EMAIL",
  phone: "PHONE",
  evp: "EVP",
};

// Asaas's transfer statuses: PENDING, BANK_PROCESSING, DONE, CANCELLED, FAILED ("Recuperar uma única
// transferência"). BLOCKED is not among them, but Asaas sends TRANSFER_BLOCKED: a transfer held by Asaas
// (review, critical-action authorization) that may still be done or cancelled. The money has neither reached
// the key nor come back, so it stays pending and the withdrawal keeps its reservation. Any status Asaas adds
// later is treated the same way: not final until it says so.
const STATUS: Record<string, TransferStatus> = {
  PENDING: "pending",
  BANK_PROCESSING: "pending",
  BLOCKED: "pending",
  DONE: "done",
  FAILED: "failed",
  CANCELLED: "cancelled",
};

const UNKNOWN_FAILURE = "A transferência falhou e o Asaas não informou o motivo.";

// Asaas may echo request values in a description; besides the explicit secrets, patterns catch emails and
// CPF-, CNPJ- or phone-like digit runs (formatted or not).
const SENSITIVE_PATTERNS = [
  /[^\s@"',;:()<>]+@[^\s@"',;:()<>]+\.[^\s@"',;:()<>]+/g,
  /\b\d{2,3}\.?\d{3}\.?\d{3}[-/]?\d{2,4}(-?\d{2})?\b/g,
  /\+?\b\d{10,14}\b/g,
];

function redact(text: string, secrets: (string | null | undefined)[]): string {
  let safe = text;
  for (const secret of secrets)
    if (secret && secret.length >= 4) safe = safe.split(secret).join("[redacted]");
  for (const pattern of SENSITIVE_PATTERNS) safe = safe.replace(pattern, "[redacted]");
  return safe.slice(0, 300);
}

function networkReason(error: unknown): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return "timed out";
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" ? cause.code : "network error";
}

function firstError(body: AsaasErrorBody): { code?: string; description?: string } {
  const first = Array.isArray(body.errors)
    ? (body.errors[0] as Record<string, unknown> | undefined)
    : undefined;
  return {
    code: typeof first?.code === "string" ? first.code : undefined,
    description: typeof first?.description === "string" ? first.description : undefined,
  };
}

/** Integer cents as Asaas's decimal reais: 1250 → 12.5 (an integer over 100 is the nearest double). */
function reais(cents: number): number {
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw new PayoutError("amount must be a positive whole number of cents", null, false, "invalid_amount");
  }
  return cents / 100;
}

/**
 * The key as Asaas takes it. Ours is normalized (payout-provider.ts): digits for CPF, CNPJ and phone, the
 * phone with 55 and the area code. Asaas wants a phone key as the area code and number only ("must contain 11
 * digits, including the area code"), so the country code goes.
 */
export function asaasPixKey(key: string, type: PixKeyType): string {
  if (type === "cpf" || type === "cnpj") return key.replace(/\D/g, "");
  if (type === "phone") {
    const digits = key.replace(/\D/g, "");
    return digits.length >= 12 && digits.startsWith("55") ? digits.slice(2) : digits;
  }
  if (type === "email") return key.trim().toLowerCase();
  return key.trim();
}

/** A date as Asaas filters by it (yyyy-MM-dd), in Brasília (UTC-3, no daylight saving since 2019). */
function brasiliaDate(at: Date): string {
  return new Date(at.getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

function toTransfer(t: AsaasTransfer): ProviderTransfer {
  const status = STATUS[t.status ?? ""] ?? "pending";
  const said = typeof t.failReason === "string" && t.failReason.trim() ? t.failReason.trim() : null;
  return {
    id: String(t.id),
    status,
    amountCents: Math.round((t.value ?? 0) * 100),
    externalReference: t.externalReference ?? "",
    failureReason: status === "failed" ? (said ?? UNKNOWN_FAILURE) : said,
  };
}

function tokenHolds(expected: string, given: string | null): boolean {
  if (!expected || !given) return false;
  // Hashing first gives equal lengths, so the comparison takes the same time whatever was sent.
  const a = createHash("sha256").update(expected).digest();
  const b = createHash("sha256").update(given).digest();
  return timingSafeEqual(a, b);
}

export function createAsaasPayouts(config: AsaasPayoutsConfig): PayoutProvider {
  const doFetch = config.fetch ?? fetch;
  const base = config.apiUrl.replace(/\/+$/, "");

  // One HTTP call. It never retries: a caller that gets a retryable PayoutError tries again later, and
  // createTransfer's look-up keeps that from paying twice.
  async function call<T>(request: Call): Promise<T> {
    const secrets = [config.apiKey, ...(request.secrets ?? [])];
    const what = `${request.method} ${request.path.split("?")[0]}`;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}${request.path}`, {
        method: request.method,
        headers: {
          access_token: config.apiKey,
          "Content-Type": "application/json",
          Accept: "application/json",
          "User-Agent": "Estadia",
        },
        // Asaas answers 403 to a GET that carries a body.
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      throw new PayoutError(`Asaas unreachable (${what}): ${networkReason(error)}`, null, true);
    }

    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const retryable = response.status === 429 || response.status >= 500;
      const body = (json && typeof json === "object" ? json : {}) as AsaasErrorBody;
      const { code, description } = firstError(body);
      const message = `Asaas answered ${response.status} to ${what}${description ? `: ${redact(description, secrets)}` : ""}`;
      throw new PayoutError(message, response.status, retryable, code && redact(code, secrets));
    }
    if (!json || typeof json !== "object") {
      // A 2xx we cannot read: the call may have happened, so the caller tries again (and looks it up first).
      throw new PayoutError(`Asaas answered ${what} with an unreadable body`, response.status, true);
    }
    return json as T;
  }

  /** Our withdrawal among the recent transfers, or null. */
  async function findByReference(reference: string, secrets: string[]): Promise<AsaasTransfer | null> {
    const since = brasiliaDate(new Date(Date.now() - LOOKUP_DAYS * 24 * 60 * 60 * 1000));
    for (let page = 0; page < LOOKUP_PAGES; page++) {
      const query = new URLSearchParams({
        "dateCreated[ge]": since,
        offset: String(page * PAGE_SIZE),
        limit: String(PAGE_SIZE),
      });
      const list = await call<AsaasList<AsaasTransfer>>({
        method: "GET",
        path: `/v3/transfers?${query}`,
        secrets,
      });
      const found = list.data?.find((t) => t.externalReference === reference);
      if (found) return found;
      if (!list.hasMore || !list.data?.length) return null;
    }
    return null;
  }

  return {
    name: "asaas",

    async createTransfer(input: TransferInput): Promise<ProviderTransfer> {
      const value = reais(input.amountCents);
      const pixAddressKey = asaasPixKey(input.pixKey, input.pixKeyType);
      const secrets = [input.pixKey, pixAddressKey];

      const existing = await findByReference(input.withdrawalId, secrets);
      if (existing) return toTransfer(existing);

      try {
        const created = await call<AsaasTransfer>({
          method: "POST",
          path: "/v3/transfers",
          secrets,
          body: {
            value,
            pixAddressKey,
            pixAddressKeyType: KEY_TYPE[input.pixKeyType],
            description: input.description,
            externalReference: input.withdrawalId,
          },
        });
        return toTransfer(created);
      } catch (error) {
        if (!(error instanceof PayoutError) || error.status !== 409) throw error;
        // Asaas refused an identical transfer made in the last 15 minutes: ours, from an attempt whose answer
        // was lost or that raced this one, or another withdrawal of the same amount to the same key.
        const ours = await findByReference(input.withdrawalId, secrets);
        if (ours) return toTransfer(ours);
        // Not ours: Asaas accepts it once the 15 minutes are over, so this is worth retrying later.
        throw new PayoutError(error.message, 409, true, error.code ?? "duplicate_transfer");
      }
    },

    async getTransfer(id: string): Promise<ProviderTransfer> {
      return toTransfer(
        await call<AsaasTransfer>({ method: "GET", path: `/v3/transfers/${encodeURIComponent(id)}` }),
      );
    },

    verifyWebhook({ headers, body }): PayoutWebhookHint | null {
      if (!tokenHolds(config.webhookToken, headers.get("asaas-access-token"))) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return null;
      }
      if (!parsed || typeof parsed !== "object") return null;
      const event = parsed as {
        id?: unknown;
        event?: unknown;
        dateCreated?: unknown;
        transfer?: { id?: unknown } | null;
      };
      if (typeof event.event !== "string" || !event.event.startsWith("TRANSFER_")) return null;
      const transferId = event.transfer?.id;
      if (typeof transferId !== "string" || !transferId) return null;
      const eventId =
        typeof event.id === "string" && event.id
          ? event.id
          : `${event.event}:${transferId}:${typeof event.dateCreated === "string" ? event.dateCreated : ""}`;
      return { eventId, transferId };
    },
  };
}
