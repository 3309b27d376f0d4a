/** The error a call threw, checked to be a `type`; fails when the call did not throw or threw something else. */
export async function thrown<E extends Error>(
  call: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  const error = await call.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  );
  if (!(error instanceof type)) throw new Error(`expected a ${type.name}, got ${String(error)}`);
  return error;
}

/** Everything an error could leak through: its message, code, serialised form and stack. */
export function everything(error: Error & { code?: string | null }): string {
  return `${error.message} ${error.code ?? ""} ${String(error)} ${JSON.stringify(error)} ${error.stack ?? ""}`;
}
