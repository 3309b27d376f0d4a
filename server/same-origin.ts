import type { RequestHandler } from "express";
import { refuse } from "./refuse";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_ORIGIN_REFUSED = "Envio recusado: o formulário não veio do site do Estadia.";

/**
 * Refuses state-changing requests a browser sent from another site (CSRF), before any route runs.
 * Browsers send Origin on every cross-origin POST; Sec-Fetch-Site covers the rare one that does not.
 */
export function sameOriginOnly(appUrl: string): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    const ownOrigins = [appUrl, `${req.protocol}://${req.headers.host}`];
    const crossSite = origin ? !ownOrigins.includes(origin) : req.headers["sec-fetch-site"] === "cross-site";
    if (!crossSite) return next();
    res.locals.log?.warn({ origin: origin ?? null }, "cross-origin request refused");
    refuse(res, 403, CROSS_ORIGIN_REFUSED);
  };
}
