import { z } from "zod";
import { ptBR } from "zod/locales";
import { isUuid } from "~/lib/uuid";
import { AppError } from "./errors";

/** The form's message when its schema names none of its own. */
export const INVALID_INPUT = "Dados inválidos.";

// A message a schema leaves out is said in pt-BR, never in zod's English.
const PT_BR = ptBR().localeError;

/** First message per field (the issue's first path key; a refine on the whole form is `form`). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? "form")] ??= issue.message;
  return out;
}

/**
 * The id of a row, from an address or a form: anything but a uuid can never be one, so it is refused as
 * `not_found` with `message` (the answer of an unknown id) before any query; PostgreSQL would refuse it
 * with an error of its own (a 500).
 */
export function rowId(message: string) {
  return z.unknown().transform((value, ctx): string => {
    if (isUuid(value)) return value;
    ctx.addIssue({ code: "custom", message, params: { notFound: true } });
    return z.NEVER;
  });
}

/**
 * The one input parser: the parsed value, or an AppError a form shows. A `rowId` that is not a uuid is
 * `not_found`; any other issue is `invalid`, with `message` (or the first field's message, or
 * INVALID_INPUT) and the first message per field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, message?: string): z.output<S> {
  const result = schema.safeParse(input, { error: PT_BR });
  if (result.success) return result.data;
  const { issues } = result.error;
  const unknownRow = issues.find((i) => i.code === "custom" && i.params?.notFound === true);
  if (unknownRow) throw new AppError("not_found", unknownRow.message);
  throw new AppError("invalid", message ?? issues[0]?.message ?? INVALID_INPUT, fieldErrorsOf(result.error));
}
