import { PassThrough } from "node:stream";
import guestScript from "virtual:estadia/guest-script";
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
  const { matches } = routerContext.staticHandlerContext;
  // A landing page is rendered whole, then lightened for its first paint (ADR 0011).
  const landing = isLandingPage(matches.map((m) => routerContext.routeModules[m.route.id]?.handle));

  // No route defers data, so the shell and the whole document are ready at the same moment: the page is
  // rendered into one buffer and sent in one write, with its length (ADR 0031).
  return new Promise<Response>((resolve, reject) => {
    const body = new PassThrough();
    const chunks: Buffer[] = [];
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.on("end", () => {
      clearTimeout(timeoutId);
      const html = Buffer.concat(chunks);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(
        new Response(landing ? lightenLandingDocument(html.toString("utf8")) : html, {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
    });
    body.on("error", reject);
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      // ServerRouter hands the nonce on to <Scripts>, <ScrollRestoration> and its own inline scripts.
      <DocumentContext value={{ nonce, guestScript }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentContext>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject above and are logged by React Router.
          if (shellRendered) log.error({ err: error }, "render error");
        },
      },
    );
  });
}
