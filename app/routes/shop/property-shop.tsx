import { data, Form, Link, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { loadShop } from "~/domain/carts/load-shop.server";
import { formatCents } from "~/lib/money";
import { filterShop } from "~/lib/shop-filter";
import { database } from "~/platform/db/database.server";
import { requestContext } from "~/platform/request-context";
import { SearchIcon } from "~/ui/guest-icons";
import type { Route } from "./+types/property-shop";
import { applyCartChange } from "./cart-changes.server";
import { readDeviceId } from "./device-cookie.server";
import { ShopProductCard } from "./shop-product-card";
import { useOptimisticCart } from "./use-optimistic-cart";

export function meta({ loaderData: shop }: Route.MetaArgs) {
  if (!shop || !("property" in shop)) return [{ title: "Propriedade não encontrada" }];
  return [
    { title: `${shop.property.name} | Loja Estadia` },
    { name: "description", content: `Produtos disponíveis em ${shop.property.name}.` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const { db } = await database();
  const shop = await loadShop(db, params.hash, readDeviceId(request));
  if (!shop) return data({ notFound: true as const }, { status: 404 });
  const { property, products, cart } = shop;
  return {
    property: { name: property.name, address: property.address, hash: property.hash },
    products,
    cart: cart
      ? {
          id: cart.id,
          totalCents: cart.totalCents,
          lines: cart.lines.map(({ productId, quantity, unitPriceCents }) => ({
            productId,
            quantity,
            unitPriceCents,
          })),
        }
      : { id: null, totalCents: 0, lines: [] },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return applyCartChange(request, await request.formData(), context.get(requestContext).clientIp);
}

// Typing in the search box or picking a chip filters in the browser: no trip to the server.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function PropertyShop({ loaderData, actionData }: Route.ComponentProps) {
  if ("notFound" in loaderData) {
    return (
      <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-2 p-6 text-center">
        <h1 className="text-xl font-semibold">Propriedade não encontrada</h1>
        <p className="text-muted">Confira o QR code ou o link que você recebeu.</p>
      </main>
    );
  }
  const refusal =
    actionData && !actionData.ok
      ? [actionData.message, actionData.detail].filter(Boolean).join(": ")
      : undefined;
  return <Shop {...loaderData} refusal={refusal} />;
}

type ShopData = Exclude<Route.ComponentProps["loaderData"], { notFound: true }>;

function Shop({ property, products, cart, refusal }: ShopData & { refusal: string | undefined }) {
  const [params, setParams] = useSearchParams();
  const query = params.get("q") ?? "";
  const category = params.get("category") ?? "";
  const prices = new Map(products.map((p) => [p.id, p.priceCents]));
  const live = useOptimisticCart(cart, prices);

  const categories = [
    ...new Map(products.flatMap((p) => (p.category ? [[p.category.name, p.category]] : []))).values(),
  ];
  const shown = filterShop(products, query, category);
  const available = shown.filter((p) => !p.soldOut);
  const soldOut = shown.filter((p) => p.soldOut);

  const setFilter = (name: "q" | "category", value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const card = (p: (typeof products)[number], i: number) => (
    <ShopProductCard
      key={p.id}
      product={p}
      hash={property.hash}
      cartId={cart.id}
      quantity={live.quantityOf(p.id)}
      eager={i < 4}
    />
  );

  return (
    <main className={`mx-auto min-h-dvh max-w-3xl px-4 pt-5 ${live.count > 0 ? "pb-28" : "pb-10"}`}>
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold text-ink">{property.name}</h1>
        <p className="text-sm text-muted">{property.address}</p>
      </header>

      {/* Without JavaScript a refused change comes back with the page; with it, the card shows a toast. */}
      {refusal ? (
        <p role="alert" className="mt-4 rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger">
          {refusal}
        </p>
      ) : null}

      <Form method="get" role="search" className="mt-4" onSubmit={(e) => e.preventDefault()}>
        {category ? <input type="hidden" name="category" value={category} /> : null}
        <label className="relative block">
          <span className="sr-only">Buscar produtos</span>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" />
          <input
            type="search"
            name="q"
            defaultValue={query}
            onChange={(e) => setFilter("q", e.currentTarget.value)}
            placeholder="Buscar produtos"
            className="h-11 w-full rounded-full border border-border bg-surface pr-4 pl-10 text-base"
          />
        </label>
      </Form>

      {categories.length > 0 ? (
        <nav aria-label="Categorias" className="-mx-4 mt-3 flex gap-2 overflow-x-auto px-4 pb-1">
          <Chip
            to={withParam(params, "category", "")}
            active={!category}
            onPick={() => setFilter("category", "")}
          >
            Todos
          </Chip>
          {categories.map((c) => (
            <Chip
              key={c.name}
              to={withParam(params, "category", c.name)}
              active={category.toLowerCase() === c.name.toLowerCase()}
              onPick={() => setFilter("category", c.name)}
            >
              {c.name}
            </Chip>
          ))}
        </nav>
      ) : null}

      {products.length === 0 ? (
        <p className="mt-10 text-center text-muted">Nenhum produto cadastrado</p>
      ) : shown.length === 0 ? (
        <p className="mt-10 text-center text-muted">Nenhum produto encontrado para os filtros selecionados</p>
      ) : null}

      {available.length > 0 ? (
        <section aria-label="Produtos" className="mt-4">
          <ul className="grid gap-3 sm:grid-cols-2">{available.map(card)}</ul>
        </section>
      ) : null}

      {soldOut.length > 0 ? (
        <section className="mt-8">
          <h2 className="mb-3 text-lg font-semibold text-ink">Outros produtos</h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {soldOut.map((p, i) => card(p, available.length + i))}
          </ul>
        </section>
      ) : null}

      {live.count > 0 && cart.id ? (
        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-surface/95 p-3 backdrop-blur">
          <Link
            to={`/payment/${cart.id}`}
            className="mx-auto flex h-12 max-w-3xl items-center justify-between rounded-full bg-brand px-5 font-semibold text-white"
          >
            <span>Continuar</span>
            <span>
              {live.count} {live.count === 1 ? "item" : "itens"} · {formatCents(live.totalCents)}
            </span>
          </Link>
        </div>
      ) : null}
    </main>
  );
}

function withParam(params: URLSearchParams, name: string, value: string): string {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  const qs = next.toString();
  return qs ? `?${qs}` : "?";
}

function Chip({
  to,
  active,
  onPick,
  children,
}: {
  to: string;
  active: boolean;
  onPick(): void;
  children: string;
}) {
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      onClick={(e) => {
        e.preventDefault();
        onPick();
      }}
      aria-current={active ? "true" : undefined}
      className={`shrink-0 rounded-full border px-3 py-1.5 text-sm ${
        active ? "border-brand bg-brand text-white" : "border-border bg-surface text-ink"
      }`}
    >
      {children}
    </Link>
  );
}
