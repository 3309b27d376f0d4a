import type { Request, RequestHandler } from "express";
import { requestUrl } from "./fetch-request";
import { refuse } from "./refuse";

export const REQUEST_LINE_TEXT = {
  method: "Método não permitido.",
  address: "Endereço inválido.",
} as const;

// What the pages and endpoints answer. TRACE, CONNECT and WebDAV's methods are not among them (the
// fetch Request that React Router is handed cannot even be made for TRACE).
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

export const REPEATED_SLASHES = /[/\\]{2,}/;
const REPEATED_SLASHES_ALL = /[/\\]{2,}/g;

/**
 * Refuses, before anything else runs, a method we do not serve (405) and an address that cannot be read:
 * a path whose percent-encoding does not decode (`/%ff`), a NUL character in the path or the query
 * (PostgreSQL refuses it in text, so a lookup would fail), or a Host that makes no URL. A path with
 * repeated slashes is sent to the same path with single ones (308, as nginx merges them): the server's
 * route matcher and the browser's read `/dashboard//` differently (ADR 0049).
 */
export function soundRequestLine(): RequestHandler {
  return (req, res, next) => {
    if (!METHODS.includes(req.method)) {
      res.setHeader("Allow", METHODS.join(", "));
      return refuse(res, 405, REQUEST_LINE_TEXT.method);
    }
    if (!soundAddress(req)) return refuse(res, 400, REQUEST_LINE_TEXT.address);
    // A URL reads a backslash as a slash: `\\` and `/\` are repeated slashes too, and merged (never a
    // Location that starts with two, which a browser would take for another site).
    if (REPEATED_SLASHES.test(req.path)) {
      const query = req.originalUrl.indexOf("?");
      const search = query === -1 ? "" : req.originalUrl.slice(query);
      return res.redirect(308, `${req.path.replace(REPEATED_SLASHES_ALL, "/")}${search}`);
    }
    next();
  };
}

function soundAddress(req: Request): boolean {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    return false;
  }
  if (path.includes("\0")) return false;
  const query = req.originalUrl.indexOf("?");
  if (query !== -1) {
    for (const [name, value] of new URLSearchParams(req.originalUrl.slice(query))) {
      if (name.includes("\0") || value.includes("\0")) return false;
    }
  }
  return requestUrl(req) !== null;
}
