import type { WhatsAppConfig } from "../env.server";
import { scrubText } from "../log-privacy.server";

// One call to the WhatsApp Business Cloud API with plain fetch, like the payment adapters: it never retries
// (the sender decides when to try again) and says whether trying again can help. Meta asks for error
// handling built on the error's `code`, not its title nor (mostly) the HTTP status.

export type TemplateSend = {
  /** Digits with the country code (5548999998888). */
  to: string;
  template: string;
  /** Meta's code: pt_BR, en, es. */
  language: string;
  components: unknown[];
};

/** What Meta answers a message it accepted: the message id (wamid…) and the recipient's WhatsApp id. */
export type TemplateAccepted = { wamid: string; waId: string | null };

/**
 * A refusal or a failure. `retryable`: a later try can succeed (rate limits, Meta's own errors, the network);
 * otherwise it never will as sent (a template not approved, a number not on WhatsApp, a bad token) and the
 * message goes by email instead.
 */
export class WhatsAppError extends Error {
  override name = "WhatsAppError";
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/**
 * Codes a later try can get past whatever their status: throughput (130429), the pair rate limit of one
 * recipient (131056), the account's rate limits (4, 80007), and Meta's temporary errors (1, 2, 131000,
 * 131016). Every other code is final.
 */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056]);

export function isRetryable(status: number | null, code: number | null): boolean {
  if (code !== null && RETRYABLE_CODES.has(code)) return true;
  if (status === null) return true;
  return status === 429 || status >= 500;
}

export type WhatsAppApi = {
  /** The sending number: the rate limit is counted per number. */
  readonly phoneNumberId: string;
  sendTemplate(message: TemplateSend): Promise<TemplateAccepted>;
};

type GraphError = { message?: unknown; code?: unknown; error_data?: { details?: unknown } };

const DEFAULT_TIMEOUT_MS = 15_000;

function networkReason(error: unknown): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return "timed out";
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" ? cause.code : "network error";
}

/** The Cloud API as the configuration names it. The token goes in the Authorization header only. */
export function createWhatsAppApi(
  config: Pick<WhatsAppConfig, "token" | "phoneNumberId" | "apiUrl">,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): WhatsAppApi {
  const doFetch = options.fetch ?? fetch;
  const url = `${config.apiUrl.replace(/\/+$/, "")}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    phoneNumberId: config.phoneNumberId,
    async sendTemplate(message) {
      let response: Response;
      let text: string;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${config.token}`,
            "Content-Type": "application/json",
            Accept: "application/json",
          },
          body: JSON.stringify({
            messaging_product: "whatsapp",
            recipient_type: "individual",
            to: message.to,
            type: "template",
            template: {
              name: message.template,
              language: { policy: "deterministic", code: message.language },
              components: message.components,
            },
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        });
        text = await response.text();
      } catch (error) {
        throw new WhatsAppError(`WhatsApp unreachable: ${networkReason(error)}`, null, null, true);
      }
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : {};
      } catch {
        json = undefined;
      }
      if (!response.ok) {
        const error = ((json as { error?: GraphError } | undefined)?.error ?? {}) as GraphError;
        const code = typeof error.code === "number" ? error.code : null;
        const said = [error.message, error.error_data?.details]
          .filter((s) => typeof s === "string")
          .join(": ");
        // Meta's texts may quote the number sent: scrubbed like a log line.
        throw new WhatsAppError(
          `WhatsApp answered ${response.status}${said ? `: ${scrubText(said).slice(0, 300)}` : ""}`,
          response.status,
          code,
          isRetryable(response.status, code),
        );
      }
      const body = json as { messages?: { id?: unknown }[]; contacts?: { wa_id?: unknown }[] } | undefined;
      const wamid = body?.messages?.[0]?.id;
      // A 2xx without a message id: it may have been sent, so a second try could send it twice; it is not
      // tried again (the email goes instead).
      if (typeof wamid !== "string" || !wamid)
        throw new WhatsAppError(
          `WhatsApp answered ${response.status} without a message id`,
          response.status,
          null,
          false,
        );
      const waId = body?.contacts?.[0]?.wa_id;
      return { wamid, waId: typeof waId === "string" ? waId : null };
    },
  };
}
