import { AppError } from "~/domain/errors";

export type Refusal = { kind: AppError["kind"]; message: string; fieldErrors?: Record<string, string> };

/** What a domain operation refused with, as plain data a test can compare; anything but a refusal fails. */
export async function refusal(promise: Promise<unknown>): Promise<Refusal> {
  const err = await promise.then(
    () => {
      throw new Error("expected a refusal, but the operation succeeded");
    },
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return { kind: err.kind, message: err.message, fieldErrors: err.fieldErrors };
}
