import { data, useSearchParams } from "react-router";
import { loadShop } from "~/domain/carts/load-shop.server";
import { isReceivingAt } from "~/domain/payment-accounts/accounts.server";
import { hostContactLinks } from "~/domain/team/organization-contact";
import type { GuestCart } from "~/lib/guest-cart";
import { DEFAULT_LOCALE, type GuestLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";
import { requestLocale } from "~/lib/i18n/request-locale";
import { filterShop, searchKey } from "~/lib/shop-filter";
import { database } from "~/platform/db/database.server";
import { env } from "~/platform/env.server";
import { requestContext } from "~/platform/request-context";
import { SearchIcon } from "~/ui/guest-icons";
import { LanguageSwitch } from "~/ui/language-switch";
import type { Route } from "./+types/property-shop";
import { applyCartChange } from "./cart-changes.server";
import { cartScriptTexts } from "./cart-script-texts";
import { type CartSlots, cartBarState, cartTemplateContext, slotFlag, slotValue } from "./cart-slots";
import { readDeviceId } from "./device-cookie.server";
import { HostContact } from "./host-contact";
import { ShopProductCard } from "./shop-product-card";

export function meta({ loaderData: shop }: Route.MetaArgs) {
  const t = guestMessages(shop?.locale ?? DEFAULT_LOCALE).shop;
  if (!shop || !("property" in shop)) return [{ title: t.propertyNotFound }];
  return [
    { title: t.metaTitle(shop.property.name) },
    { name: "description", content: t.metaDescription(shop.property.name) },
    { name: "robots", content: "noindex" },
  ];
}

export const handle = { guestPage: true };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = requestLocale(request.headers);
  const { db } = await database();
  // The template of the page (server/guest-templates/shop-page.ts) is every guest's: no cart, its spots
  // marked.
  const template = context.get(cartTemplateContext);
  const shop = await loadShop(db, params.hash, template ? undefined : readDeviceId(request), locale);
  if (!shop) return data({ notFound: true as const, locale }, { status: 404 });
  const { property, products, cart, contact } = shop;
  // Said at once, before the guest chooses anything (issue 49): no account of the host's, no payment.
  const receiving = await isReceivingAt({ db, config: env().payments }, property.id);
  return {
    locale,
    receiving,
    // Never the full address (it may hold the flat number): only the location the host chose to show.
    property: { name: property.name, publicLocation: property.publicLocation, hash: property.hash },
    products,
    cart,
    contact: hostContactLinks(contact),
    slots: template satisfies CartSlots | null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return applyCartChange(request, await request.formData(), context.get(requestContext).clientIp);
}

export default function PropertyShop({ loaderData, actionData }: Route.ComponentProps) {
  if ("notFound" in loaderData) return <PropertyNotFound locale={loaderData.locale} />;
  const refusal =
    actionData && !actionData.ok
      ? [actionData.message, actionData.detail].filter(Boolean).join(": ")
      : undefined;
  return <Shop {...loaderData} refusal={refusal} />;
}

type ShopData = Exclude<Route.ComponentProps["loaderData"], { notFound: true }>;

function PropertyNotFound({ locale }: { locale: GuestLocale }) {
  const t = guestMessages(locale);
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-2 p-6 text-center">
      <LanguageSwitch locale={locale} label={t.common.languageSwitchLabel} />
      <h1 className="text-xl font-semibold">{t.shop.propertyNotFound}</h1>
      <p className="text-muted">{t.shop.propertyNotFoundHint}</p>
    </main>
  );
}

/**
 * Rendered on the server only (a guest page): every product is in the HTML, those outside the search
 * or chip hidden, so the guest script can narrow the list without a request (guest-filters.client.ts)
 * and change the cart at once (guest-cart.client.ts). Without JavaScript it is GET forms and links.
 */
function Shop({
  locale,
  property,
  products,
  cart,
  contact,
  slots,
  refusal,
  receiving,
}: ShopData & { refusal: string | undefined }) {
  const messages = guestMessages(locale);
  const t = messages.shop;
  const [params] = useSearchParams();
  const query = params.get("q") ?? "";
  const category = params.get("category") ?? "";
  const quantities = new Map(cart?.lines.map((l) => [l.productId, l.quantity]));
  const bar = cartBarState(locale, cart);

  const categories = [
    ...new Map(products.flatMap((p) => (p.category ? [[p.category.name, p.category]] : []))).values(),
  ];
  const shown = new Set(filterShop(products, query, category));
  const available = products.filter((p) => !p.soldOut);
  const soldOut = products.filter((p) => p.soldOut);

  const card = (p: (typeof products)[number], i: number) => (
    <ShopProductCard
      key={p.id}
      locale={locale}
      product={p}
      hash={property.hash}
      cartId={cart?.id ?? ""}
      quantity={quantities.get(p.id) ?? 0}
      hidden={!shown.has(p)}
      eager={i < 4}
      slots={slots}
    />
  );

  return (
    <main
      data-shop
      data-guest-cart
      data-cart={slotValue(slots, { kind: "cartJson" }, JSON.stringify(cart satisfies GuestCart | null))}
      data-texts={JSON.stringify(cartScriptTexts(t))}
      className="mx-auto min-h-dvh max-w-3xl px-4 pt-5 pb-28"
    >
      <header className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-semibold text-ink">{property.name}</h1>
          {property.publicLocation ? (
            <p data-public-location className="text-sm text-muted">
              {property.publicLocation}
            </p>
          ) : null}
        </div>
        <LanguageSwitch locale={locale} label={messages.common.languageSwitchLabel} />
      </header>

      {receiving ? null : <NotReceiving text={messages.checkout.errors.notReceiving} />}

      {products.some((p) => p.adultsOnly) ? (
        <p data-adults-notice className="mt-3 rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger">
          {t.adultsOnlyNotice}
        </p>
      ) : null}

      {/* Without JavaScript a refused change comes back with the page; with it, a toast says it. */}
      {refusal ? (
        <p role="alert" className="mt-4 rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger">
          {refusal}
        </p>
      ) : null}

      <search className="mt-4">
        <form method="get">
          <input type="hidden" name="category" value={category} />
          <label className="relative block">
            <span className="sr-only">{t.searchPlaceholder}</span>
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" />
            <input
              type="search"
              name="q"
              defaultValue={query}
              placeholder={t.searchPlaceholder}
              className="h-11 w-full rounded-full border border-border bg-surface pr-4 pl-10 text-base"
            />
          </label>
        </form>
      </search>

      {categories.length > 0 ? (
        <nav aria-label={t.categoriesLabel} className="-mx-4 mt-3 flex gap-2 overflow-x-auto px-4 pb-1">
          <Chip href={withParam(params, "category", "")} name="" active={!category}>
            {t.allCategories}
          </Chip>
          {categories.map((c) => (
            <Chip
              key={c.name}
              href={withParam(params, "category", c.name)}
              name={c.name}
              active={[c.name, c.ptName].some((n) => n !== undefined && searchKey(n) === searchKey(category))}
            >
              {c.name}
            </Chip>
          ))}
        </nav>
      ) : null}

      {products.length === 0 ? <p className="mt-10 text-center text-muted">{t.emptyShop}</p> : null}
      <p
        data-filter-empty
        hidden={products.length === 0 || shown.size > 0}
        className="mt-10 text-center text-muted"
      >
        {t.filterEmpty}
      </p>

      {available.length > 0 ? (
        <section
          aria-labelledby="shop-products"
          data-shop-group
          hidden={!available.some((p) => shown.has(p))}
          className="mt-4"
        >
          <h2 id="shop-products" className="sr-only">
            {t.productsHeading}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">{available.map(card)}</ul>
        </section>
      ) : null}

      {soldOut.length > 0 ? (
        <section data-shop-group hidden={!soldOut.some((p) => shown.has(p))} className="mt-8">
          <h2 className="mb-3 text-lg font-semibold text-ink">{t.otherProducts}</h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {soldOut.map((p, i) => card(p, available.length + i))}
          </ul>
        </section>
      ) : null}

      <HostContact links={contact} locale={locale} className="mt-8" />

      <div
        data-cart-bar
        {...slotFlag(slots, "hidden", { kind: "barHidden" }, bar.hidden)}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-surface/95 p-3 backdrop-blur"
      >
        <a
          data-cart-link
          href={slotValue(slots, { kind: "barHref" }, bar.href)}
          className="mx-auto flex h-12 max-w-3xl items-center justify-between rounded-full bg-brand px-5 font-semibold text-white"
        >
          <span>{t.continue}</span>
          <span data-cart-bar-text>{slotValue(slots, { kind: "barText" }, bar.text)}</span>
        </a>
      </div>
    </main>
  );
}

/** The host has no account that takes payments: the guest is told before choosing anything. */
export function NotReceiving({ text }: { text: string }) {
  return (
    <p
      data-not-receiving
      role="status"
      className="mt-3 rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger"
    >
      {text}
    </p>
  );
}

function withParam(params: URLSearchParams, name: string, value: string): string {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  const qs = next.toString();
  return qs ? `?${qs}` : "?";
}

/** A category link; the guest script filters in place instead of following it. */
function Chip({
  href,
  name,
  active,
  children,
}: {
  href: string;
  name: string;
  active: boolean;
  children: string;
}) {
  return (
    <a
      href={href}
      data-chip={name}
      aria-current={active ? "true" : undefined}
      className="shrink-0 rounded-full border border-border bg-surface px-3 py-1.5 text-sm text-ink aria-[current=true]:border-brand aria-[current=true]:bg-brand aria-[current=true]:text-white"
    >
      {children}
    </a>
  );
}
