import { PassThrough } from "node:stream";
import guestScript from "virtual:estadia/guest-script";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { pageMemo, pageStateKey } from "~/platform/page-memo.server";
import { requestContext } from "~/platform/request-context";
import { lightenLandingDocument } from "~/routes/marketing/landing-document.server";
import { isLandingPage } from "~/routes/marketing/landing-page";
import { DocumentContext } from "~/ui/document-context";

export const streamTimeout = 5_000;

/** Back-office pages kept by the state they were rendered from: 8 MB, some 150 pages (ADR 0044). */
const backOfficePages = pageMemo(8 * 1024 * 1024);

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

  const memoKey = backOfficeState(request, responseStatusCode, routerContext);
  const remembered = memoKey ? backOfficePages.recall(memoKey, nonce) : undefined;
  if (remembered) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(remembered, { headers: responseHeaders, status: responseStatusCode });
  }

  // No route defers data, so the shell and the whole document are ready at the same moment: the page is
  // rendered into one buffer and sent in one write, with its length (ADR 0031).
  return new Promise<Response>((resolve, reject) => {
    const body = new PassThrough();
    const chunks: Buffer[] = [];
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.on("end", () => {
      clearTimeout(timeoutId);
      const html = Buffer.concat(chunks);
      if (memoKey && responseStatusCode === 200) backOfficePages.remember(memoKey, html, nonce);
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

/**
 * What a signed-in back-office page is rendered from: its address, routes, loader data and React Router's
 * constant hand-off. Equal states render equal HTML (the components read nothing else), so a page viewed
 * again unchanged is not rendered again. Null for anything else: errors, a form's answer, another page.
 */
function backOfficeState(request: Request, status: number, routerContext: EntryContext): string | null {
  const { matches, loaderData, actionData, errors } = routerContext.staticHandlerContext;
  if (status !== 200 || actionData || errors || !matches.some((m) => m.route.id === BACK_OFFICE_LAYOUT)) {
    return null;
  }
  return pageStateKey({
    url: request.url,
    routes: matches.map((m) => m.route.id),
    handoff: routerContext.serverHandoffString ?? null,
    loaderData,
  });
}

const BACK_OFFICE_LAYOUT = "routes/backoffice/layout";
