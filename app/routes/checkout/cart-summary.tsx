import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigation } from "react-router";
import { getOwnCart } from "~/domain/carts/change-cart-item.server";
import { formatCents } from "~/lib/money";
import { isPaymentMethod } from "~/lib/payment-method";
import { database } from "~/platform/db/database.server";
import { requestContext } from "~/platform/request-context";
import { CheckoutSteps } from "~/ui/checkout-steps";
import { ArrowLeftIcon, MinusIcon, PlusIcon } from "~/ui/guest-icons";
import { toast } from "~/ui/toaster";
import { applyCartChange, type CartChangeResult } from "../shop/cart-changes.server";
import { readDeviceId } from "../shop/device-cookie.server";
import { type CartView, useOptimisticCart } from "../shop/use-optimistic-cart";
import type { Route } from "./+types/cart-summary";

const CHOOSE_METHOD = "Selecione um método de pagamento";
const EMPTY_CART = "Seu carrinho está vazio.";

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

function Summary({ cart, error }: { cart: Cart; error: string | undefined }) {
  const view: CartView = cart;
  const live = useOptimisticCart(view, new Map());
  const [method, setMethod] = useState<string>("");
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "continue";

  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);

  return (
    <main className="mx-auto grid min-h-dvh max-w-xl content-start gap-5 px-4 py-5">
      <Link to={`/i/${cart.propertyHash}`} className="inline-flex items-center gap-1 text-sm text-brand">
        <ArrowLeftIcon className="size-4" /> Voltar para a loja
      </Link>
      <h1 className="text-2xl font-semibold text-ink">Finalizar Pedido</h1>
      <CheckoutSteps current={1} />

      {cart.lines.length === 0 ? (
        <p className="text-muted">{EMPTY_CART}</p>
      ) : (
        <ul className="grid gap-3">
          {cart.lines.map((line) => (
            <CartLineRow
              key={line.productId}
              line={line}
              cartId={cart.id}
              quantity={live.quantityOf(line.productId)}
            />
          ))}
        </ul>
      )}

      <p className="flex items-center justify-between border-t border-border pt-4 text-lg font-semibold">
        <span>Total</span>
        <span>{formatCents(live.totalCents)}</span>
      </p>

      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="continue" />
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-semibold">Forma de pagamento</legend>
          {[
            { value: "pix", label: "Pix" },
            { value: "credit_card", label: "Cartão de crédito" },
          ].map((option) => (
            <label
              key={option.value}
              className="flex h-12 items-center gap-3 rounded-xl border border-border bg-surface px-4 has-[:checked]:border-brand"
            >
              <input
                type="radio"
                name="method"
                value={option.value}
                checked={method === option.value}
                onChange={() => setMethod(option.value)}
                className="size-4 accent-[var(--color-brand)]"
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        {error ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={submitting}
          className="h-12 rounded-full bg-brand font-semibold text-white disabled:opacity-60"
        >
          Continuar
        </button>
      </Form>
    </main>
  );
}

const roundButton =
  "inline-flex size-10 items-center justify-center rounded-full border border-border bg-surface " +
  "disabled:cursor-not-allowed disabled:opacity-40";

function CartLineRow({
  line,
  cartId,
  quantity,
}: {
  line: Cart["lines"][number];
  cartId: string;
  quantity: number;
}) {
  const fetcher = useFetcher<CartChangeResult>({ key: `cart:${line.productId}` });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) {
      toast.error(fetcher.data.message, { description: fetcher.data.detail });
    }
  }, [fetcher.state, fetcher.data]);
  if (quantity === 0) return null;
  const atLimit = line.stock !== null && quantity >= line.stock;
  return (
    <li className="flex items-center gap-3 rounded-xl border border-border bg-surface p-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-ink">{line.name}</p>
        <p className="text-sm text-muted">
          {quantity} x {formatCents(line.unitPriceCents)} = {formatCents(quantity * line.unitPriceCents)}
        </p>
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="dec" />
        <input type="hidden" name="cartId" value={cartId} />
        <input type="hidden" name="productId" value={line.productId} />
        <button type="submit" className={roundButton} aria-label={`Remover uma unidade de ${line.name}`}>
          <MinusIcon className="size-4" />
        </button>
      </fetcher.Form>
      <output className="w-6 text-center font-semibold" aria-label={`Quantidade de ${line.name}`}>
        {quantity}
      </output>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="inc" />
        <input type="hidden" name="cartId" value={cartId} />
        <input type="hidden" name="productId" value={line.productId} />
        <button
          type="submit"
          className={roundButton}
          disabled={atLimit}
          aria-label={`Adicionar mais uma unidade de ${line.name}`}
        >
          <PlusIcon className="size-4" />
        </button>
      </fetcher.Form>
    </li>
  );
}
