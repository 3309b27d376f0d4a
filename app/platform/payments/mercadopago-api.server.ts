import { ProviderError } from "./provider";

// One HTTP call to Mercado Pago's REST API with plain fetch. It never retries: a caller that gets a
// retryable ProviderError tries again later with the same idempotency key, so a retry never charges twice.

export type MercadoPagoApiConfig = {
  /** The seller's token; absent for the OAuth token endpoint, which authenticates by the body. */
  accessToken?: string;
  apiUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

export type MercadoPagoCall = {
  method: "GET" | "POST" | "PUT";
  path: string;
  body?: unknown;
  idempotencyKey?: string;
  /** Values this call sends that must never show in an error (card token, CPF, email). */
  secrets?: (string | null | undefined)[];
};

/** Mercado Pago's error body: `{message, error, status, cause: [{code, description}]}`. */
type ApiErrorBody = { message?: unknown; error?: unknown; cause?: unknown };

const DEFAULT_TIMEOUT_MS = 15_000;

// MP echoes request values in some messages (a used card token's id, for one); patterns catch what the
// explicit list may miss: emails, CPF or card-number-like digit runs, 32-hex card token ids.
const SENSITIVE_PATTERNS = [
  /[^\s@"',;:()<>]+@[^\s@"',;:()<>]+\.[^\s@"',;:()<>]+/g,
  /\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b/g,
  /\b\d{11,19}\b/g,
  /\b[0-9a-f]{32}\b/gi,
];

export function redact(text: string, secrets: (string | null | undefined)[]): string {
  let safe = text;
  for (const secret of secrets)
    if (secret && secret.length >= 4) safe = safe.split(secret).join("[redacted]");
  for (const pattern of SENSITIVE_PATTERNS) safe = safe.replace(pattern, "[redacted]");
  return safe.slice(0, 300);
}

function errorCode(body: ApiErrorBody): string | undefined {
  const first = Array.isArray(body.cause) ? (body.cause[0] as { code?: unknown } | undefined) : undefined;
  const code = first?.code ?? body.error;
  return typeof code === "string" || typeof code === "number" ? String(code) : undefined;
}

function networkReason(error: unknown): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return "timed out";
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" ? cause.code : "network error";
}

export function createMercadoPagoApi(config: MercadoPagoApiConfig) {
  const doFetch = config.fetch ?? fetch;
  const base = config.apiUrl.replace(/\/+$/, "");

  return async function call<T>(request: MercadoPagoCall): Promise<T> {
    const secrets = [config.accessToken, ...(request.secrets ?? [])];
    const what = `${request.method} ${request.path}`;
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      Accept: "application/json",
    };
    if (config.accessToken) headers.Authorization = `Bearer ${config.accessToken}`;
    if (request.idempotencyKey) headers["X-Idempotency-Key"] = request.idempotencyKey;

    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}${request.path}`, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      throw new ProviderError(`Mercado Pago unreachable (${what}): ${networkReason(error)}`, null, true);
    }

    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = undefined;
    }
    const retryable = response.status === 429 || response.status >= 500;
    if (!response.ok) {
      const body = (json && typeof json === "object" ? json : {}) as ApiErrorBody;
      const said =
        typeof body.message === "string" ? body.message : typeof body.error === "string" ? body.error : "";
      const message = `Mercado Pago answered ${response.status} to ${what}${said ? `: ${redact(said, secrets)}` : ""}`;
      // A 401 is the credentials themselves (revoked, expired): one code, whatever MP's cause says.
      const code = response.status === 401 ? "unauthorized" : errorCode(body);
      throw new ProviderError(message, response.status, retryable, code && redact(code, secrets));
    }
    if (!json || typeof json !== "object") {
      // A 2xx we cannot read: the call may have happened, so the caller retries with the same key.
      throw new ProviderError(`Mercado Pago answered ${what} with an unreadable body`, response.status, true);
    }
    return json as T;
  };
}
