import pino from "pino";

/**
 * What keeps a guest's name, email, phone and CPF out of the logs whatever a call passes (issue 24): the
 * known keys are censored by path, and an error's text is scrubbed, since a failed query carries its
 * parameters and a refused email its recipient.
 */

const PERSONAL_KEYS = [
  "buyer",
  "buyerName",
  "buyerEmail",
  "buyerPhone",
  "buyerCpf",
  "payer",
  "customer",
  "fullName",
  "cardholder",
  "holder",
  "email",
  "cpf",
  "phone",
  "whatsapp",
  "recipient",
  "to",
  "body",
];

// Top level, and one level down (an order or a request logged whole).
const PATHS = PERSONAL_KEYS.flatMap((key) => [key, `*.${key}`]);

/** `to` also names where a webhook went ("account", "platform"): only an address is censored there. */
function censor(value: unknown, path: string[]): unknown {
  if (path.at(-1) === "to" && typeof value === "string" && !value.includes("@")) return value;
  return "[redacted]";
}

export const logRedaction = { paths: PATHS, censor };

const ERROR_KEYS_WITH_DATA = new Set([
  "params",
  "rejected",
  "rejectedErrors",
  "envelope",
  "accepted",
  ...PERSONAL_KEYS,
]);
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |\ncaused by: |$)/g;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const CPF = /(?<![\w.-])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\w-])/g;
// A phone or CPF written as digits (with the usual separators): 10 to 13 digits in a row.
const DIGITS = /(?<![\w-])\+?\(?\d{2}\)?[\s.-]?\d{4,5}[\s.-]?\d{4}(?![\w-])|(?<![\w-])\d{10,13}(?![\w-])/g;

export function scrubText(text: string): string {
  return text
    .replace(QUERY_PARAMS, "\nparams: [redacted]")
    .replace(EMAIL, "[email]")
    .replace(CPF, "[cpf]")
    .replace(DIGITS, "[digits]");
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === "string") return scrubText(value);
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = ERROR_KEYS_WITH_DATA.has(key) ? "[redacted]" : scrub(v, depth + 1);
  }
  return out;
}

/** pino's error serializer, then every string scrubbed and the fields known to carry data censored. */
export function privateErr(err: unknown): unknown {
  const serialized = pino.stdSerializers.err(err as Error);
  if (serialized === err) return scrub(err, 0);
  return scrub({ ...serialized }, 0);
}
