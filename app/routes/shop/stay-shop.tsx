import { data, redirect } from "react-router";
import {
  findStayShop,
  type StayShopProduct,
  stayCart,
  stayShopProducts,
} from "~/domain/carts/stay-shop.server";
import { isReceivingAt } from "~/domain/payment-accounts/accounts.server";
import { startOfDayInSaoPaulo } from "~/lib/dates";
import { formatCentsIn, formatDateIn } from "~/lib/i18n/format";
import { DEFAULT_LOCALE, type GuestLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";
import { requestLocale } from "~/lib/i18n/request-locale";
import { database } from "~/platform/db/database.server";
import { env } from "~/platform/env.server";
import { requestContext } from "~/platform/request-context";
import { LanguageSwitch } from "~/ui/language-switch";
import type { Route } from "./+types/stay-shop";
import { applyCartChange } from "./cart-changes.server";
import { cartBarState } from "./cart-slots";
import { readDeviceId } from "./device-cookie.server";
import { NotReceiving } from "./property-shop";

export function meta({ loaderData }: Route.MetaArgs) {
  const t = guestMessages(loaderData?.locale ?? DEFAULT_LOCALE).shop;
  if (!loaderData || !("property" in loaderData)) return [{ title: t.propertyNotFound }];
  return [{ title: t.metaTitle(loaderData.property.name) }, { name: "robots", content: "noindex" }];
}

// The token is the key to the stay's shop: the request log writes the route's pattern, never the address.
export const handle = { guestPage: true, secretPath: true };

/**
 * A stay's shop link (issue 48, ADR 0060): before check-in, 'Peça antes de chegar' with the unit's products
 * and the 'sob encomenda' ones; too late for a run, the sentence saying so; from check-in on, the unit's shop.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const locale = requestLocale(request.headers);
  const { db } = await database();
  const shop = await findStayShop(db, params.token);
  if (!shop) return data({ notFound: true as const, locale }, { status: 404 });
  if (shop.phase === "arrived") throw redirect(`/i/${shop.propertyHash}`);
  const open = shop.phase === "open";
  const [products, cart, receiving] = open
    ? await Promise.all([
        stayShopProducts(db, shop, locale),
        stayCart(db, shop.stayId, readDeviceId(request)),
        isReceivingAt({ db, config: env().payments }, shop.propertyId),
      ])
    : [[], null, true];
  return {
    locale,
    token: params.token,
    phase: shop.phase,
    checkIn: formatDateIn(locale, new Date(startOfDayInSaoPaulo(shop.checkIn).getTime() + 12 * 3_600_000)),
    property: { name: shop.propertyName, publicLocation: shop.publicLocation, hash: shop.propertyHash },
    products,
    cart,
    receiving,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return applyCartChange(request, await request.formData(), context.get(requestContext).clientIp);
}

export default function StayShop({ loaderData, actionData }: Route.ComponentProps) {
  if ("notFound" in loaderData) {
    const t = guestMessages(loaderData.locale).shop;
    return (
      <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-2 p-6 text-center">
        <h1 className="text-xl font-semibold">{t.propertyNotFound}</h1>
        <p className="text-muted">{t.propertyNotFoundHint}</p>
      </main>
    );
  }
  const { locale, token, phase, checkIn, property, products, cart, receiving } = loaderData;
  const messages = guestMessages(locale);
  const t = messages.shop;
  const refusal =
    actionData && !actionData.ok ? [actionData.message, actionData.detail].filter(Boolean).join(": ") : null;
  const quantities = new Map(cart?.lines.map((l) => [l.productId, l.quantity]));
  const bar = cartBarState(locale, cart);
  return (
    <main data-stay-shop className="mx-auto min-h-dvh max-w-3xl px-4 pt-5 pb-28">
      <header className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-semibold text-ink">{property.name}</h1>
          {property.publicLocation ? <p className="text-sm text-muted">{property.publicLocation}</p> : null}
        </div>
        <LanguageSwitch locale={locale} label={messages.common.languageSwitchLabel} />
      </header>

      <section data-pre-arrival className="mt-4 grid gap-1 rounded-lg bg-brand/10 p-4">
        <h2 className="text-lg font-semibold text-ink">{t.preArrival.banner}</h2>
        {phase === "open" ? <p className="text-sm text-muted">{t.preArrival.hint(checkIn)}</p> : null}
      </section>

      {phase === "open" ? null : (
        <div className="mt-4 grid gap-3">
          <p
            role="alert"
            data-too-late
            className="rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger"
          >
            {phase === "closed" ? t.preArrival.closed : t.preArrival.tooLate}
          </p>
          <a href={`/i/${property.hash}`} className="font-medium text-brand underline">
            {t.preArrival.goToShop}
          </a>
        </div>
      )}

      {receiving ? null : <NotReceiving text={messages.checkout.errors.notReceiving} />}

      {refusal ? (
        <p role="alert" className="mt-4 rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger">
          {refusal}
        </p>
      ) : null}

      {phase === "open" && products.some((p) => p.adultsOnly) ? (
        <p className="mt-3 rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger">
          {t.adultsOnlyNotice}
        </p>
      ) : null}

      {phase === "open" ? (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {products.map((p) => (
            <StayProduct
              key={p.id}
              locale={locale}
              product={p}
              token={token}
              cartId={cart?.id ?? ""}
              quantity={quantities.get(p.id) ?? 0}
            />
          ))}
        </ul>
      ) : null}

      {bar.hidden || phase !== "open" ? null : (
        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-surface/95 p-3 backdrop-blur">
          <a
            data-cart-link
            href={bar.href}
            className="mx-auto flex h-12 max-w-3xl items-center justify-between rounded-full bg-brand px-5 font-semibold text-white"
          >
            <span>{t.continue}</span>
            <span>{bar.text}</span>
          </a>
        </div>
      )}
    </main>
  );
}

function StayProduct({
  locale,
  product,
  token,
  cartId,
  quantity,
}: {
  locale: GuestLocale;
  product: StayShopProduct;
  token: string;
  cartId: string;
  quantity: number;
}) {
  const t = guestMessages(locale).shop;
  return (
    <li data-product={product.id} className="flex gap-3 rounded-xl border border-border bg-surface p-3">
      <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-surface-alt">
        {product.imageThumb ? (
          <img src={product.imageThumb} alt="" width={64} height={64} className="size-full object-cover" />
        ) : null}
      </div>
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="font-medium text-ink">
          {product.name}
          {product.adultsOnly ? <span className="ml-2 text-xs text-danger">{t.adultsOnlyMark}</span> : null}
        </p>
        {product.madeToOrder ? (
          <p data-made-to-order className="text-xs font-medium text-brand">
            {t.preArrival.madeToOrder}
          </p>
        ) : null}
        <p className="font-semibold text-ink">{formatCentsIn(locale, product.priceCents)}</p>
        <div className="flex items-center gap-2">
          {quantity > 0 ? (
            <form method="post">
              <input type="hidden" name="intent" value="dec" />
              <input type="hidden" name="cartId" value={cartId} />
              <input type="hidden" name="productId" value={product.id} />
              <button
                type="submit"
                aria-label={t.removeOneLabel(product.name)}
                className="size-9 rounded-full border border-border"
              >
                −
              </button>
            </form>
          ) : null}
          {quantity > 0 ? (
            <output aria-label={t.quantityLabel(product.name)} className="min-w-6 text-center">
              {quantity}
            </output>
          ) : null}
          <form method="post">
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="stay" value={token} />
            <input type="hidden" name="productId" value={product.id} />
            <button
              type="submit"
              aria-label={quantity > 0 ? t.addOneLabel(product.name) : t.addLabel(product.name)}
              className="h-9 rounded-full bg-brand px-4 text-sm font-semibold text-white"
            >
              {quantity > 0 ? "+" : t.add}
            </button>
          </form>
        </div>
      </div>
    </li>
  );
}
