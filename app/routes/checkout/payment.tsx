import { data, redirect } from "react-router";
import { refusalOf } from "~/domain/errors";
import { paymentView } from "~/domain/orders/checkout-views.server";
import { browserCardConfigFor } from "~/domain/payment-accounts/accounts.server";
import { cardRefusalReason } from "~/domain/payments/pay-by-card.server";
import { noticeText } from "~/domain/payments/place-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import { guestMessages, translateFromPortuguese } from "~/lib/i18n/messages";
import { requestLocale } from "~/lib/i18n/request-locale";
import { database } from "~/platform/db/database.server";
import { qrSvgDataUrl } from "~/platform/qr/qr-image.server";
import { refusalHeaders, refusalRouteHeaders, statusOf } from "../refusal.server";
import { readDeviceId } from "../shop/device-cookie.server";
import type { Route } from "./+types/payment";
import { CheckoutFrame, PurchaseSummary } from "./checkout-frame";
import { checkoutContext, guestKey, methodOf } from "./guest-checkout.server";
import { CardInReview, CardPayment } from "./payment-card";
import { PixPayment, type PixState, pixState } from "./payment-pix";

/** A throttled caller is told when to come back (Retry-After). */
export const headers = refusalRouteHeaders;

export const handle = { guestPage: true };

export function meta({ loaderData }: Route.MetaArgs) {
  const t = guestMessages(loaderData?.locale ?? "pt-BR").checkout.payment;
  return [{ title: t.meta }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const method = methodOf(params);
  const locale = requestLocale(request.headers);
  const { db } = await database();
  const view = await paymentView(db, params.cartId, readDeviceId(request));
  const base = `/payments/${params.cartId}`;
  // Later steps only after earlier ones: without an order, or with a cart changed since, back to step 2.
  if (view.kind === "missing") throw redirect(`${base}/${method}`);
  if (view.kind === "changed") throw redirect(`${base}/${method}?carrinho-mudou=1`);
  if (view.kind === "paid") throw redirect(`${base}/success`);
  const { order, charge } = view;
  const now = new Date();
  let pix: PixState | null = null;
  if (method === "pix") {
    const state = pixState(order, charge, now);
    pix =
      state === "ready" && charge?.pixCode && charge.expiresAt
        ? {
            kind: "ready",
            qrImage: await qrSvgDataUrl(charge.pixCode),
            code: charge.pixCode,
            expiresAt: charge.expiresAt.toISOString(),
          }
        : state === "ready"
          ? { kind: "generating" }
          : state;
  }
  const inReview =
    order.status === "processing" || (charge?.method === "credit_card" && charge.status === "processing");
  const refusal =
    charge?.method === "credit_card" && charge.status === "rejected"
      ? translateFromPortuguese(locale, cardRefusalReason(charge.statusDetail))
      : charge?.method === "credit_card" && charge.status === "error"
        ? guestMessages(locale).checkout.errors.cardFailed
        : null;
  return {
    locale,
    method,
    order: {
      id: order.id,
      lines: order.lines,
      totalCents: order.totalCents,
      notices: order.notices.map((n) => noticeText(n, locale)),
    },
    pix,
    card:
      method === "credit_card"
        ? {
            config: await browserCardConfigFor(await checkoutContext(context), order.organizationId),
            inReview,
            refusal,
          }
        : null,
  };
}

/** The page's own form posts: asking for a PIX charge (the card goes through card-charge.ts). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const method = methodOf(params);
  const locale = requestLocale(request.headers);
  const form = await request.formData();
  const base = `/payments/${params.cartId}`;
  if (form.get("intent") !== "pix" || method !== "pix") {
    return data({ message: guestMessages(locale).checkout.errors.badRequest }, { status: 400 });
  }
  try {
    await startPixPayment(await checkoutContext(context), guestKey(request, context, params.cartId));
    return redirect(`${base}/pix/payment`, { status: 303 });
  } catch (err) {
    const refusal = refusalOf(err);
    if (refusal.kind === "not_found") return redirect(`${base}/pix`, { status: 303 });
    return data(
      { message: translateFromPortuguese(locale, refusal.message) },
      { status: statusOf(refusal), headers: refusalHeaders(refusal) },
    );
  }
}

export default function Payment({ loaderData, actionData, params }: Route.ComponentProps) {
  const { locale, method, order, pix, card } = loaderData;
  const messages = guestMessages(locale).checkout;
  const t = messages.payment;
  const base = `/payments/${params.cartId}`;
  const statusUrl = `${base}/status`;
  const successUrl = `${base}/success`;
  const other =
    method === "pix"
      ? { href: `${base}/credit_card/payment`, label: t.payByCard }
      : { href: `${base}/pix/payment`, label: t.payByPix };
  const failure = actionData?.message ?? null;
  return (
    <CheckoutFrame
      locale={locale}
      back={{ href: `${base}/${method}`, label: t.back }}
      title={t.title}
      step={3}
    >
      {order.notices.length > 0 ? (
        <div role="status" className="rounded-lg bg-brand-soft p-3 text-sm text-ink">
          <p className="font-medium">{messages.notices.heading}</p>
          <ul className="list-disc pl-5">
            {order.notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger">
          {failure}
        </p>
      ) : null}
      <div className="grid gap-5 md:grid-cols-[1fr_20rem] md:items-start">
        <div className="grid gap-3">
          {pix ? (
            <PixPayment
              locale={locale}
              state={pix}
              totalCents={order.totalCents}
              statusUrl={statusUrl}
              successUrl={successUrl}
            />
          ) : null}
          {card?.inReview ? (
            <CardInReview locale={locale} statusUrl={statusUrl} successUrl={successUrl} />
          ) : null}
          {card && !card.inReview && !card.config ? (
            <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger">
              {messages.card.unavailable}
            </p>
          ) : null}
          {card && !card.inReview && card.config ? (
            <CardPayment
              locale={locale}
              config={card.config}
              refusal={card.refusal}
              chargeUrl={`${base}/credit_card/charge`}
            />
          ) : null}
          <a href={other.href} className="justify-self-center text-sm text-brand underline">
            {other.label}
          </a>
        </div>
        <PurchaseSummary locale={locale} lines={order.lines} totalCents={order.totalCents} />
      </div>
    </CheckoutFrame>
  );
}
