export type AppErrorKind =
  | "not_found"
  | "forbidden"
  | "invalid"
  | "conflict"
  | "insufficient_stock"
  | "insufficient_funds";

/** A refusal a caller can act on; `message` is pt-BR and safe to show. Routes map `kind` to a status. */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    /** Per-field messages for a form (field name → message). */
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}
