import { Fragment } from "react";
import { data, redirect } from "react-router";
import { getOwnCart } from "~/domain/carts/change-cart-item.server";
import { isReceivingAt } from "~/domain/payment-accounts/accounts.server";
import { cartLineText, guestCart } from "~/lib/guest-cart";
import { formatCentsIn } from "~/lib/i18n/format";
import { DEFAULT_LOCALE, type GuestLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";
import { requestLocale } from "~/lib/i18n/request-locale";
import { isPaymentMethod, PAYMENT_METHODS } from "~/lib/payment-method";
import { database } from "~/platform/db/database.server";
import { env } from "~/platform/env.server";
import { requestContext } from "~/platform/request-context";
import { CheckoutSteps } from "~/ui/checkout-steps";
import { ArrowLeftIcon } from "~/ui/guest-icons";
import { LanguageSwitch } from "~/ui/language-switch";
import { AdultsOnlyMark } from "../shop/adults-only-mark";
import { applyCartChange } from "../shop/cart-changes.server";
import { cartScriptTexts } from "../shop/cart-script-texts";
import { type CartSlots, cartTemplateContext, slotFlag, slotMark, slotValue } from "../shop/cart-slots";
import { CartStepper } from "../shop/cart-stepper";
import { readDeviceId } from "../shop/device-cookie.server";
import { NotReceiving } from "../shop/property-shop";
import type { Route } from "./+types/cart-summary";
import { type GuestSummary, summaryForGuest, templateSummary } from "./cart-summary-template";

export const handle = { guestPage: true };

export function meta({ loaderData }: Route.MetaArgs) {
  const t = guestMessages(loaderData?.locale ?? DEFAULT_LOCALE).shop;
  return [{ title: t.summaryTitle }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = requestLocale(request.headers);
  // The page's template (server/guest-templates/cart-summary-page.ts) is every cart's: no cart read, its
  // spots marked.
  const slots = context.get(cartTemplateContext);
  // The template is of carts whose guests can pay (server/guest-templates/cart-summary-page.ts).
  if (slots) return { locale, cart: templateSummary(slots, params.cartId), slots, receiving: true };
  const { db } = await database();
  const cart = await getOwnCart(db, params.cartId, readDeviceId(request));
  if (!cart) return data({ notFound: true as const, locale }, { status: 404 });
  const receiving = await isReceivingAt({ db, config: env().payments }, cart.propertyId);
  return { locale, cart: summaryForGuest(locale, cart), slots: null, receiving };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "continue") {
    return applyCartChange(request, form, context.get(requestContext).clientIp);
  }
  const t = guestMessages(requestLocale(request.headers)).shop;
  const method = form.get("method");
  if (!isPaymentMethod(method)) return data({ ok: false as const, message: t.chooseMethod }, { status: 400 });
  const { db } = await database();
  const cart = await getOwnCart(db, params.cartId, readDeviceId(request));
  if (!cart) return data({ ok: false as const, message: t.cartNotFound }, { status: 404 });
  if (cart.lines.length === 0) return data({ ok: false as const, message: t.emptyCart }, { status: 400 });
  return redirect(`/payments/${cart.id}/${method}`);
}

export default function CartSummaryPage({ loaderData, actionData }: Route.ComponentProps) {
  if ("notFound" in loaderData) {
    const t = guestMessages(loaderData.locale);
    return (
      <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-2 p-6 text-center">
        <LanguageSwitch locale={loaderData.locale} label={t.common.languageSwitchLabel} />
        <h1 className="text-xl font-semibold">{t.shop.cartNotFound}</h1>
        <p className="text-muted">{t.shop.cartNotFoundHint}</p>
      </main>
    );
  }
  const { locale } = loaderData;
  return (
    <Summary
      locale={locale}
      cart={loaderData.cart}
      slots={loaderData.slots}
      receiving={loaderData.receiving}
      error={
        actionData && !actionData.ok
          ? [actionData.message, "detail" in actionData ? actionData.detail : undefined]
              .filter(Boolean)
              .join(": ")
          : undefined
      }
    />
  );
}

/**
 * Rendered on the server only (a guest page); the guest script makes plus and minus instant. With
 * `slots`, the template of the page: the cart's spots marked (cart-summary-template.ts).
 */
function Summary({
  locale,
  cart,
  slots,
  receiving,
  error,
}: {
  locale: GuestLocale;
  cart: GuestSummary;
  slots: CartSlots | null;
  receiving: boolean;
  error: string | undefined;
}) {
  const messages = guestMessages(locale);
  const t = messages.shop;
  return (
    <main
      data-guest-cart
      data-cart={slotValue(slots, { kind: "cartJson" }, JSON.stringify(guestCart(cart)))}
      data-texts={JSON.stringify(cartScriptTexts(t))}
      className="mx-auto grid min-h-dvh max-w-xl content-start gap-5 px-4 py-5"
    >
      <div className="flex items-center justify-between gap-3">
        <a href={`/i/${cart.propertyHash}`} className="inline-flex items-center gap-1 text-sm text-brand">
          <ArrowLeftIcon className="size-4" /> {t.backToShop}
        </a>
        <LanguageSwitch locale={locale} label={messages.common.languageSwitchLabel} />
      </div>
      <h1 className="text-2xl font-semibold text-ink">{t.summaryTitle}</h1>
      <CheckoutSteps current={1} locale={locale} />

      <p
        data-cart-empty
        {...slotFlag(slots, "hidden", { kind: "emptyHidden" }, cart.lines.length > 0)}
        className="text-muted"
      >
        {t.emptyCart}
      </p>
      {slotMark(slots, { kind: "list" })}
      {cart.lines.length > 0 ? (
        <ul className="grid gap-3">
          {cart.lines.map((line, i) => (
            <Fragment key={slots ? i : line.productId}>
              {slotMark(slots, { kind: "line" })}
              <CartLineRow locale={locale} line={line} cartId={cart.id} slots={slots} />
              {slotMark(slots, { kind: "lineEnd" })}
            </Fragment>
          ))}
        </ul>
      ) : null}
      {slotMark(slots, { kind: "listEnd" })}

      <p className="flex items-center justify-between border-t border-border pt-4 text-lg font-semibold">
        <span>{t.total}</span>
        <span data-cart-total>
          {slotValue(slots, { kind: "total" }, formatCentsIn(locale, cart.totalCents))}
        </span>
      </p>

      {/* No account of the host's: the guest is told here, and no checkout is offered (issue 49). */}
      {receiving ? null : <NotReceiving text={messages.checkout.errors.notReceiving} />}
      {receiving ? (
        <form
          method="post"
          data-payment-choice
          data-choose-method={t.chooseMethod}
          className="grid gap-4"
          noValidate
        >
          <input type="hidden" name="intent" value="continue" />
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-semibold">{t.paymentMethod}</legend>
            {PAYMENT_METHODS.map((method) => (
              <label
                key={method}
                className="flex h-12 items-center gap-3 rounded-xl border border-border bg-surface px-4 has-[:checked]:border-brand"
              >
                <input
                  type="radio"
                  name="method"
                  value={method}
                  // Pix is chosen at first: most guests pay with it, and 'Continuar' goes on at once (issue 49).
                  defaultChecked={method === "pix"}
                  className="size-4 accent-[var(--color-brand)]"
                />
                {t.methods[method]}
              </label>
            ))}
          </fieldset>
          <p role="alert" data-method-error hidden={!error} className="text-sm font-medium text-danger">
            {error}
          </p>
          <button type="submit" className="h-12 rounded-full bg-brand font-semibold text-white">
            {t.continue}
          </button>
        </form>
      ) : null}
    </main>
  );
}

function CartLineRow({
  locale,
  line,
  cartId,
  slots,
}: {
  locale: GuestLocale;
  line: GuestSummary["lines"][number];
  cartId: string;
  slots: CartSlots | null;
}) {
  return (
    <li
      data-product={line.productId}
      data-price={slotValue(slots, { kind: "linePrice" }, line.unitPriceCents)}
      data-stock={slotValue(slots, { kind: "lineStock" }, line.stock ?? "")}
      data-remove-at-zero
      className="flex items-center gap-3 rounded-xl border border-border bg-surface p-3"
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium text-ink">
          {line.name}
          {line.adultsOnly ? <AdultsOnlyMark locale={locale} /> : null}
        </p>
        <p data-line-text className="text-sm text-muted">
          {slotValue(slots, { kind: "lineText" }, cartLineText(locale, line.quantity, line.unitPriceCents))}
        </p>
      </div>
      <form method="post" data-cart-change className="flex items-center gap-3">
        <input type="hidden" name="cartId" value={cartId} />
        <input type="hidden" name="productId" value={line.productId} />
        <CartStepper
          locale={locale}
          name={line.name}
          quantity={line.quantity}
          stock={line.stock}
          slots={slots}
        />
      </form>
    </li>
  );
}
