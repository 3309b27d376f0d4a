import { PassThrough } from "node:stream";
import guestScript from "virtual:estadia/guest-script";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { requestContext } from "~/platform/request-context";
import { lightenLandingDocument } from "~/routes/marketing/landing-document.server";
import { isLandingPage } from "~/routes/marketing/landing-page";
import { DocumentContext } from "~/ui/document-context";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, log } = loadContext.get(requestContext);
  const userAgent = request.headers.get("user-agent");
  const { matches } = routerContext.staticHandlerContext;
  // A landing page is rendered whole, then lightened for its first paint (ADR 0011).
  const landing = isLandingPage(matches.map((m) => routerContext.routeModules[m.route.id]?.handle));
  // Crawlers get the whole page at once; people get the shell as soon as it is ready.
  const readyOption =
    landing || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: NodeJS.Timeout | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      // ServerRouter hands the nonce on to <Scripts>, <ScrollRestoration> and its own inline scripts.
      <DocumentContext value={{ nonce, guestScript }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          if (landing) {
            readAll(body).then(
              (html) =>
                resolve(
                  new Response(lightenLandingDocument(html), {
                    headers: responseHeaders,
                    status: responseStatusCode,
                  }),
                ),
              reject,
            );
            return;
          }
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject above and are logged by React Router.
          if (shellRendered) log.error({ err: error }, "streaming render error");
        },
      },
    );
  });
}

async function readAll(stream: PassThrough): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
