import { data, redirect } from "react-router";
import { getOwnCart } from "~/domain/carts/change-cart-item.server";
import { cartLineText, guestCart } from "~/lib/guest-cart";
import { formatCents } from "~/lib/money";
import { CHOOSE_METHOD, isPaymentMethod, PAYMENT_METHOD_LABEL, PAYMENT_METHODS } from "~/lib/payment-method";
import { database } from "~/platform/db/database.server";
import { requestContext } from "~/platform/request-context";
import { CheckoutSteps } from "~/ui/checkout-steps";
import { ArrowLeftIcon } from "~/ui/guest-icons";
import { AdultsOnlyMark } from "../shop/adults-only-mark";
import { applyCartChange } from "../shop/cart-changes.server";
import { CartStepper } from "../shop/cart-stepper";
import { readDeviceId } from "../shop/device-cookie.server";
import type { Route } from "./+types/cart-summary";

const EMPTY_CART = "Seu carrinho está vazio.";

export const handle = { guestPage: true };

export function meta() {
  return [{ title: "Finalizar Pedido" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const { db } = await database();
  const cart = await getOwnCart(db, params.cartId, readDeviceId(request));
  if (!cart) return data({ notFound: true as const }, { status: 404 });
  return { cart };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "continue") {
    return applyCartChange(request, form, context.get(requestContext).clientIp);
  }
  const method = form.get("method");
  if (!isPaymentMethod(method)) return data({ ok: false as const, message: CHOOSE_METHOD }, { status: 400 });
  const { db } = await database();
  const cart = await getOwnCart(db, params.cartId, readDeviceId(request));
  if (!cart) return data({ ok: false as const, message: "Carrinho não encontrado" }, { status: 404 });
  if (cart.lines.length === 0) return data({ ok: false as const, message: EMPTY_CART }, { status: 400 });
  return redirect(`/payments/${cart.id}/${method}`);
}

export default function CartSummaryPage({ loaderData, actionData }: Route.ComponentProps) {
  if ("notFound" in loaderData) {
    return (
      <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-2 p-6 text-center">
        <h1 className="text-xl font-semibold">Carrinho não encontrado</h1>
        <p className="text-muted">Volte à loja do imóvel e escolha seus produtos.</p>
      </main>
    );
  }
  return (
    <Summary
      cart={loaderData.cart}
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

type Cart = Extract<Route.ComponentProps["loaderData"], { cart: unknown }>["cart"];

/** Rendered on the server only (a guest page); the guest script makes plus and minus instant. */
function Summary({ cart, error }: { cart: Cart; error: string | undefined }) {
  return (
    <main
      data-guest-cart
      data-cart={JSON.stringify(guestCart(cart))}
      className="mx-auto grid min-h-dvh max-w-xl content-start gap-5 px-4 py-5"
    >
      <a href={`/i/${cart.propertyHash}`} className="inline-flex items-center gap-1 text-sm text-brand">
        <ArrowLeftIcon className="size-4" /> Voltar para a loja
      </a>
      <h1 className="text-2xl font-semibold text-ink">Finalizar Pedido</h1>
      <CheckoutSteps current={1} />

      <p data-cart-empty hidden={cart.lines.length > 0} className="text-muted">
        {EMPTY_CART}
      </p>
      {cart.lines.length > 0 ? (
        <ul className="grid gap-3">
          {cart.lines.map((line) => (
            <CartLineRow key={line.productId} line={line} cartId={cart.id} />
          ))}
        </ul>
      ) : null}

      <p className="flex items-center justify-between border-t border-border pt-4 text-lg font-semibold">
        <span>Total</span>
        <span data-cart-total>{formatCents(cart.totalCents)}</span>
      </p>

      <form method="post" data-payment-choice className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="continue" />
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-semibold">Forma de pagamento</legend>
          {PAYMENT_METHODS.map((method) => (
            <label
              key={method}
              className="flex h-12 items-center gap-3 rounded-xl border border-border bg-surface px-4 has-[:checked]:border-brand"
            >
              <input
                type="radio"
                name="method"
                value={method}
                className="size-4 accent-[var(--color-brand)]"
              />
              {PAYMENT_METHOD_LABEL[method]}
            </label>
          ))}
        </fieldset>
        <p role="alert" data-method-error hidden={!error} className="text-sm font-medium text-danger">
          {error}
        </p>
        <button type="submit" className="h-12 rounded-full bg-brand font-semibold text-white">
          Continuar
        </button>
      </form>
    </main>
  );
}

function CartLineRow({ line, cartId }: { line: Cart["lines"][number]; cartId: string }) {
  return (
    <li
      data-product={line.productId}
      data-price={line.unitPriceCents}
      data-stock={line.stock ?? ""}
      data-remove-at-zero
      className="flex items-center gap-3 rounded-xl border border-border bg-surface p-3"
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium text-ink">
          {line.name}
          {line.adultsOnly ? <AdultsOnlyMark /> : null}
        </p>
        <p data-line-text className="text-sm text-muted">
          {cartLineText(line.quantity, line.unitPriceCents)}
        </p>
      </div>
      <form method="post" data-cart-change className="flex items-center gap-3">
        <input type="hidden" name="cartId" value={cartId} />
        <input type="hidden" name="productId" value={line.productId} />
        <CartStepper name={line.name} quantity={line.quantity} stock={line.stock} />
      </form>
    </li>
  );
}
