/**
 * Every refusal the domain makes, by kind. The HTTP status of each kind is in one table
 * (routes/refusal.server.ts), and routes answer a refusal only through it.
 */
export type AppErrorKind =
  | "not_found"
  | "forbidden"
  | "invalid"
  | "conflict"
  | "insufficient_stock"
  | "insufficient_funds"
  | "rate_limited"
  | "unauthenticated";

/** What a caller may act on beyond the sentence: when to try again, or which next step the screen offers. */
export type AppErrorDetail = {
  /** rate_limited: seconds until the next attempt is accepted (the Retry-After header). */
  retryAfterSeconds?: number;
  /**
   * The refusal's code, apart from its sentence: what a caller switches on (e.g. `needs_confirmation`,
   * `link_unusable`, a Recebimentos sentence's key). No caller matches the message text.
   */
  reason?: string;
};

/** A refusal a caller can act on; `message` is pt-BR and safe to show. */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    /** Per-field messages for a form (field name → message). */
    readonly fieldErrors?: Record<string, string>,
    readonly detail: AppErrorDetail = {},
  ) {
    super(message);
  }
}

/** The AppError a catch block holds; anything else is a bug and is thrown on (to the error page). */
export function refusalOf(err: unknown): AppError {
  if (err instanceof AppError) return err;
  throw err;
}
