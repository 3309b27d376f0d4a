import pino from "pino";
import { env } from "./env.server";
import { logRedaction, privateErr } from "./log-privacy.server";

export type Logger = pino.Logger;

let root: Logger | undefined;

/** Structured JSON logs on stdout; one line per event; never a guest's personal data (log-privacy). */
export function logger(): Logger {
  root ??= pino({
    level: env().logLevel,
    base: { service: "estadia" },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: logRedaction,
    serializers: { err: privateErr },
  });
  return root;
}
