import { readdirSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

/**
 * The client build's files outside /assets (favicons, landing images, legal pages). The list is read once
 * at boot, so a request for anything else (every page, every API call) skips a filesystem lookup.
 */
export function staticFiles(root: string): RequestHandler {
  const known = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) known.add(`/${path.relative(root, path.join(entry.parentPath, entry.name))}`);
  }
  const serve = express.static(root, { maxAge: "1h", index: false });
  return (req, res, next) => (known.has(req.path) ? serve(req, res, next) : next());
}
