import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { fetchRequest, requestUrl } from "./fetch-request";
import { refuse } from "./refuse";
import { REQUEST_LINE_TEXT } from "./request-line";
import { routedByReactRouter } from "./route-names";

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  loadContext(req: ExpressRequest, res: ExpressResponse): RouterContextProvider;
};

/**
 * React Router's pages, data and endpoints, served from Express. In place of `@react-router/express`,
 * whose handler streams the request body from the connection itself: here the route gets the body that
 * `requestBody` already read within its limit and checked (request-body.ts).
 *
 * A response whose route did not say how it may be cached is `private, no-store` (and varies by
 * cookie): pages and their `.data` depend on the session or on the guest's device, and a shared cache
 * must never hand one person's back office or cart to another. Routes that are the same for everyone
 * say so (`public`, `no-cache`); the first-scan shop page is served before this
 * (guest-templates/shop-page.ts).
 */
export function reactRouterHandler({ build, mode, loadContext }: Options): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    const url = requestUrl(req);
    if (!url) return refuse(res, 400, REQUEST_LINE_TEXT.address);
    routedByReactRouter(res, url);
    // Aborted when the client goes away before the answer is complete, so loaders can stop early.
    const abort = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) abort.abort();
    });
    try {
      const response = await handle(fetchRequest(req, url, abort.signal), loadContext(req, res));
      await send(res, response);
    } catch (err) {
      next(err);
    }
  };
}

async function send(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (!res.hasHeader("cache-control")) {
    res.setHeader("Cache-Control", "private, no-store");
    res.append("Vary", "Cookie");
  }
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (err) {
    if (!res.destroyed && !res.writableEnded) throw err;
  }
}
