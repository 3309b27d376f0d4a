import { data } from "react-router";
import { successView } from "~/domain/orders/checkout-views.server";
import { hostContactLinks } from "~/domain/team/organization-contact";
import { formatDateTimeIn } from "~/lib/i18n/format";
import { guestMessages } from "~/lib/i18n/messages";
import { requestLocale } from "~/lib/i18n/request-locale";
import { shortId } from "~/lib/short-id";
import { database } from "~/platform/db/database.server";
import { readDeviceId } from "../shop/device-cookie.server";
import { HostContact } from "../shop/host-contact";
import type { Route } from "./+types/success";
import { CheckoutMessage, GuestLanguageSwitch, PurchaseSummary } from "./checkout-frame";

export const handle = { guestPage: true };

export function meta({ loaderData }: Route.MetaArgs) {
  const t = guestMessages(loaderData?.locale ?? "pt-BR").checkout.success;
  const paid = loaderData && "order" in loaderData && loaderData.order.status === "paid";
  return [{ title: paid ? t.metaPaid : t.metaOther }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const locale = requestLocale(request.headers);
  const { db } = await database();
  const view = await successView(db, params.cartId, readDeviceId(request));
  if (!view) return data({ notFound: true as const, locale }, { status: 404 });
  const { order, shopHash, place, contact } = view;
  return {
    locale,
    place,
    contact: hostContactLinks(contact),
    order: {
      id: shortId(order.id),
      status: order.status,
      lines: order.lines,
      totalCents: order.totalCents,
      method: order.paymentMethod,
      // As the receipt e-mail writes it, in the guest's language (issue 49).
      paidAt: order.paidAt ? formatDateTimeIn(locale, order.paidAt) : null,
    },
    shopHash,
  };
}

/**
 * 'Pagamento confirmado!' only for a paid order (part 2 §2); any other state says where the payment stands
 * and what the guest can do. The way back to the shop is there while the shop exists.
 */
export default function Success({ loaderData, params }: Route.ComponentProps) {
  const { locale } = loaderData;
  const messages = guestMessages(locale).checkout;
  const t = messages.success;
  if ("notFound" in loaderData) {
    return (
      <CheckoutMessage locale={locale} title={messages.errors.orderNotFound}>
        <p className="text-muted">{t.notFound}</p>
      </CheckoutMessage>
    );
  }
  const { order, shopHash, place, contact } = loaderData;
  const host = (
    <>
      {place ? (
        <p data-place className="text-sm text-muted">
          {place.publicLocation ? `${place.name} · ${place.publicLocation}` : place.name}
        </p>
      ) : null}
      <HostContact
        links={contact}
        locale={locale}
        className="w-full justify-items-center [&_ul]:justify-center"
      />
    </>
  );
  const payment = `/payments/${params.cartId}/${order.method}/payment`;
  const back = shopHash ? (
    <a
      href={`/i/${shopHash}`}
      className="inline-flex h-12 items-center rounded-full bg-brand px-6 font-semibold text-white"
    >
      {t.backToShop}
    </a>
  ) : null;
  if (order.status === "paid") {
    return (
      <main className="mx-auto grid min-h-dvh max-w-md content-center justify-items-center gap-4 p-6 text-center">
        <div className="justify-self-end">
          <GuestLanguageSwitch locale={locale} />
        </div>
        <h1 className="text-2xl font-semibold text-ink">{t.paidTitle}</h1>
        <p className="text-muted">{t.paidText(order.id)}</p>
        <dl data-receipt className="grid w-full grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-left text-sm">
          {order.paidAt ? (
            <>
              <dt className="text-muted">{t.paidAt}</dt>
              <dd className="font-medium text-ink">{order.paidAt}</dd>
            </>
          ) : null}
          <dt className="text-muted">{t.paidWith}</dt>
          <dd className="font-medium text-ink">{guestMessages(locale).shop.methods[order.method]}</dd>
        </dl>
        <div className="w-full text-left">
          <PurchaseSummary locale={locale} lines={order.lines} totalCents={order.totalCents} />
        </div>
        {host}
        {back}
      </main>
    );
  }
  if (order.status === "refunded") {
    return (
      <CheckoutMessage locale={locale} title={t.refundedTitle}>
        <p className="text-muted">{t.refundedText(order.id)}</p>
        {host}
        {back}
      </CheckoutMessage>
    );
  }
  const state = {
    pending: { title: t.pendingTitle, text: t.pendingText, action: t.pendingAction },
    processing: { title: t.processingTitle, text: t.processingText, action: t.processingAction },
    failed: { title: t.failedTitle, text: t.failedText, action: t.failedAction },
    cancelled: { title: t.cancelledTitle, text: t.cancelledText, action: t.cancelledAction },
  }[order.status];
  return (
    <CheckoutMessage locale={locale} title={state.title}>
      <p className="text-muted">{state.text}</p>
      <a href={payment} className="text-brand underline">
        {state.action}
      </a>
      {host}
      {back}
    </CheckoutMessage>
  );
}
