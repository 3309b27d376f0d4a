import type { z } from "zod";
import { AppError } from "./errors";

// Shared by every area's operations, as errors.ts is: it imports no area.

/** Parses or throws `AppError("invalid")` with the first message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
  throw new AppError("invalid", result.error.issues[0]?.message ?? "Dados inválidos.", fieldErrors);
}
