import { data } from "react-router";
import { AppError, type AppErrorKind } from "~/domain/errors";

const STATUS: Record<AppErrorKind, number> = {
  not_found: 404,
  forbidden: 403,
  invalid: 400,
  conflict: 409,
  insufficient_stock: 409,
  insufficient_funds: 409,
};

export type Refused = { ok: false; message: string; fieldErrors?: Record<string, string> };

/**
 * An action's answer to a domain refusal: the pt-BR message with its status. Anything that is not an
 * AppError is a bug and goes on to the error boundary.
 */
export function refused(err: unknown) {
  if (!(err instanceof AppError)) throw err;
  const body: Refused = {
    ok: false,
    message: err.message,
    ...(err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}),
  };
  return data(body, { status: STATUS[err.kind] });
}

/** In a loader: another organization's id, or one that never existed, is the 404 page. */
export function notFoundUnlessFound<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw data(null, { status: 404 });
  return value;
}
