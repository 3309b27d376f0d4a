import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "~/platform/log.server";

const INCOMING_ID = /^[\w.:-]{8,128}$/;

/** Gives each request an id (kept from X-Request-Id when sane), a child logger, and one log line when done. */
export function requestLogging(log: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const started = process.hrtime.bigint();
    res.locals.requestId = requestId;
    res.locals.log = log.child({ requestId });
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? "error" : "info";
      res.locals.log[level](
        { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    });
    next();
  };
}
