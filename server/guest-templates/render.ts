import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { GuestLocale } from "~/lib/i18n/locale";
import { requestLocale } from "~/lib/i18n/request-locale";
import { type CartSlots, cartTemplateContext, nonceMark } from "~/routes/shop/cart-slots";
import { fetchRequest } from "../fetch-request";

/** A guest page rendered as a template: its status, type and HTML, the nonce already its mark. */
export type RenderedTemplate = { status: number; contentType: string; html: string };

export type TemplateRenderer = (
  req: ExpressRequest,
  res: ExpressResponse,
  url: URL,
) => Promise<RenderedTemplate>;

/**
 * Renders a guest page through React Router with `cartTemplateContext` set, so its loader reads no cart
 * and its components mark the cart's spots (routes/shop/cart-slots.ts). The render is shared by many
 * phones: it gets no abort signal, and its CSP nonce becomes a mark each request fills with its own.
 * These pages set no cookie, so status, type and body are all of the answer.
 */
export function templateRenderer(options: {
  build: ServerBuild;
  loadContext(req: ExpressRequest, res: ExpressResponse): RouterContextProvider;
  slots: CartSlots;
}): TemplateRenderer {
  const render = createRequestHandler(options.build, "production");
  return async (req, res, url) => {
    const context = options.loadContext(req, res);
    context.set(cartTemplateContext, options.slots);
    const response = await render(fetchRequest(req, url), context);
    const html = await response.text();
    return {
      status: response.status,
      contentType: response.headers.get("content-type") ?? "text/html; charset=utf-8",
      html: html.replaceAll(`nonce="${res.locals.nonce}"`, `nonce="${nonceMark(options.slots)}"`),
    };
  };
}

/** The language a guest page's template is rendered in: the switch's cookie, else Accept-Language. */
export function templateLocale(req: ExpressRequest): GuestLocale {
  return requestLocale(
    new Headers({ cookie: req.get("cookie") ?? "", "accept-language": req.get("accept-language") ?? "" }),
  );
}
