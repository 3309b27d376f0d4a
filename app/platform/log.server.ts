import pino from "pino";
import { env } from "./env.server";

export type Logger = pino.Logger;

let root: Logger | undefined;

/** Structured JSON logs on stdout; one line per event. */
export function logger(): Logger {
  root ??= pino({
    level: env().logLevel,
    base: { service: "estadia" },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
  return root;
}
