import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "~/platform/log.server";
import type { RouteNames } from "./route-names";

const INCOMING_ID = /^[\w.:-]{8,128}$/;

/**
 * Gives each request an id (kept from X-Request-Id when sane), a child logger, and one log line when its
 * answer is done or cut off. The line has the path without its query (where the invitation and reset
 * links carry their tokens), and an address that is itself a secret (a guest's data request, the turnovers
 * calendar) as its route's pattern, as /metrics names it.
 */
export function requestLogging(log: Logger, routes: RouteNames): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const started = process.hrtime.bigint();
    res.locals.requestId = requestId;
    res.locals.log = log.child({ requestId });
    res.setHeader("X-Request-Id", requestId);
    // 'close' comes once the answer is done or the client has gone: a request whose client hung up before
    // its answer finished (a webhook sender reading only the status, a phone losing signal) is logged too.
    res.on("close", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? "error" : "info";
      const aborted = !res.writableFinished;
      res.locals.log[level](
        {
          method: req.method,
          path: routes.loggedPath(req, res),
          status: res.headersSent ? res.statusCode : undefined,
          ms: Math.round(ms * 10) / 10,
          aborted: aborted || undefined,
        },
        "request",
      );
    });
    next();
  };
}
