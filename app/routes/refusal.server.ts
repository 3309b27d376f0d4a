import { data, type HeadersArgs } from "react-router";
import { type AppErrorKind, refusalOf } from "~/domain/errors";
import type { Refused } from "./answer";

/** The one table from a refusal's kind to the HTTP status every route answers it with. */
export const STATUS_OF_KIND: Record<AppErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  insufficient_stock: 409,
  insufficient_funds: 409,
  rate_limited: 429,
};

/** The status of a caught refusal (anything that is not an AppError is thrown on). */
export function statusOf(err: unknown): number {
  return STATUS_OF_KIND[refusalOf(err).kind];
}

/** The headers a refusal's status carries: Retry-After when the caller is told to wait. */
export function refusalHeaders(err: unknown): HeadersInit | undefined {
  const seconds = refusalOf(err).detail.retryAfterSeconds;
  return seconds === undefined ? undefined : { "Retry-After": String(Math.max(1, Math.ceil(seconds))) };
}

/**
 * The `headers` export of a route whose action can answer a refusal: React Router passes on an action's
 * cookies but no other header unless the route names it, and a throttled caller needs its Retry-After.
 */
export function refusalRouteHeaders({ actionHeaders }: HeadersArgs): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter === null ? {} : { "Retry-After": retryAfter };
}

/**
 * An action's answer to a domain refusal: the pt-BR message (and field messages) with its status, and what
 * the form needs to show it (which form, what was typed). Anything that is not an AppError is a bug and goes
 * on to the error boundary.
 */
export function refused(err: unknown, form: { intent?: string; values?: Record<string, string> } = {}) {
  const refusal = refusalOf(err);
  const body: Refused = {
    ok: false,
    ...(form.intent === undefined ? {} : { intent: form.intent }),
    message: refusal.message,
    ...(refusal.fieldErrors ? { fieldErrors: refusal.fieldErrors } : {}),
    ...(form.values ? { values: form.values } : {}),
  };
  return data(body, { status: statusOf(refusal), headers: refusalHeaders(refusal) });
}
