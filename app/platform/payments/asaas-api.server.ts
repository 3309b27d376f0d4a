// One HTTP call to Asaas's REST API (v3) with plain fetch, shared by the accounts, payments and payouts
// adapters so tests run the same code against a local fake (tests/support/asaas-fake.ts). From docs.asaas.com:
// - auth: header `access_token: <api key>` on every call, JSON bodies, a User-Agent required on root accounts
//   created after 2024-06-13 ("Autenticação"); 401 for a missing or wrong key;
// - errors answer `{errors: [{code, description}]}`; 429 is rate limiting, 5xx Asaas's own failure;
// - a GET that carries a body is answered 403.
// It never retries: a caller that gets a retryable error tries again later, and looks up what it may have
// made before making it again (Asaas has no idempotency header).

/** The error each adapter throws (ProviderError, PayoutError): they share this constructor. */
export type AsaasErrorType = new (
  message: string,
  status: number | null,
  retryable: boolean,
  code?: string,
) => Error;

export type AsaasApiConfig = {
  apiKey: string;
  /** e.g. https://api.asaas.com or https://api-sandbox.asaas.com (without /v3). */
  apiUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

export type AsaasCall = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  body?: unknown;
  /** Values this call sends that must never show in an error (PIX key, CPF, email, name). */
  secrets?: (string | null | undefined)[];
};

export type AsaasApi = <T>(call: AsaasCall) => Promise<T>;

/** A page of an Asaas list. */
export type AsaasList<T> = { hasMore?: boolean; totalCount?: number; data?: T[] };

const DEFAULT_TIMEOUT_MS = 15_000;

// Asaas may echo request values in a description; besides the explicit secrets, patterns catch emails and
// CPF-, CNPJ- or phone-like digit runs (formatted or not), and API keys ($aact_…).
const SENSITIVE_PATTERNS = [
  /\$aact_[A-Za-z0-9_:=+/-]+/g,
  /[^\s@"',;:()<>]+@[^\s@"',;:()<>]+\.[^\s@"',;:()<>]+/g,
  /\b\d{2,3}\.?\d{3}\.?\d{3}[-/]?\d{2,4}(-?\d{2})?\b/g,
  /\+?\b\d{10,14}\b/g,
];

export function redact(text: string, secrets: (string | null | undefined)[]): string {
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

function firstError(body: unknown): { code?: string; description?: string } {
  const errors = body && typeof body === "object" ? (body as { errors?: unknown }).errors : undefined;
  const first = Array.isArray(errors) ? (errors[0] as Record<string, unknown> | undefined) : undefined;
  return {
    code: typeof first?.code === "string" ? first.code : undefined,
    description: typeof first?.description === "string" ? first.description : undefined,
  };
}

/** The call function for one account's key; failures are thrown as `ErrorType`. */
export function createAsaasApi(config: AsaasApiConfig, ErrorType: AsaasErrorType): AsaasApi {
  const doFetch = config.fetch ?? fetch;
  const base = config.apiUrl.replace(/\/+$/, "");

  return async function call<T>(request: AsaasCall): Promise<T> {
    const secrets = [config.apiKey, ...(request.secrets ?? [])];
    // The query may carry personal data (a CPF filter): only the path goes into messages.
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
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      throw new ErrorType(
        `Asaas unreachable (${redact(what, secrets)}): ${networkReason(error)}`,
        null,
        true,
      );
    }

    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const retryable = response.status === 429 || response.status >= 500;
      const { code, description } = firstError(json);
      const said = description ? `: ${redact(description, secrets)}` : "";
      const message = `Asaas answered ${response.status} to ${redact(what, secrets)}${said}`;
      throw new ErrorType(message, response.status, retryable, code && redact(code, secrets));
    }
    if (!json || typeof json !== "object") {
      // A 2xx we cannot read: the call may have happened, so the caller tries again (and looks it up first).
      throw new ErrorType(
        `Asaas answered ${redact(what, secrets)} with an unreadable body`,
        response.status,
        true,
      );
    }
    return json as T;
  };
}

/** Integer cents as Asaas's decimal reais: 1250 → 12.5 (an integer over 100 is the nearest double). */
export function reais(cents: number, ErrorType: AsaasErrorType): number {
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw new ErrorType("amount must be a positive whole number of cents", null, false, "invalid_amount");
  }
  return cents / 100;
}

/** Asaas's decimal reais as integer cents. */
export function cents(value: number | null | undefined): number {
  return typeof value === "number" && Number.isFinite(value) ? Math.round(value * 100) : 0;
}

const BRASILIA_OFFSET_MS = 3 * 60 * 60 * 1000; // UTC-3, no daylight saving since 2019

/** A date as Asaas takes and filters it (yyyy-MM-dd), in Brasília. */
export function brasiliaDate(at: Date): string {
  return new Date(at.getTime() - BRASILIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Asaas's local date-times ("2026-11-24 23:59:59", or a bare date) read as Brasília time; null if unreadable. */
export function fromBrasilia(text: string | null | undefined): Date | null {
  if (!text) return null;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?/.exec(text);
  if (!match) return null;
  const parsed = new Date(`${match[1]}T${match[2] ?? "00:00:00"}-03:00`);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}
