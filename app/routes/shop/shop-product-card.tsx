import { useEffect } from "react";
import { useFetcher } from "react-router";
import { formatCents } from "~/lib/money";
import { MinusIcon, PlusIcon } from "~/ui/guest-icons";
import { toast } from "~/ui/toaster";
import type { CartChangeResult } from "./cart-changes.server";

export type ShopCardProduct = {
  id: string;
  name: string;
  priceCents: number;
  imageThumb: string | null;
  category: { name: string; color: string } | null;
  stock: number | null;
  soldOut: boolean;
};

type Props = {
  product: ShopCardProduct;
  hash: string;
  cartId: string | null;
  quantity: number;
  eager: boolean;
};

const roundButton =
  "inline-flex size-10 items-center justify-center rounded-full border border-border bg-surface text-ink " +
  "disabled:cursor-not-allowed disabled:opacity-40";

/** One product of the shop: add, then plus and minus, as plain forms that JavaScript makes instant. */
export function ShopProductCard({ product, hash, cartId, quantity, eager }: Props) {
  const fetcher = useFetcher<CartChangeResult>({ key: `cart:${product.id}` });
  const atLimit = product.stock !== null && quantity >= product.stock;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) {
      toast.error(fetcher.data.message, { description: fetcher.data.detail });
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <li className="flex gap-3 rounded-xl border border-border bg-surface p-3">
      <div className="size-20 shrink-0 overflow-hidden rounded-lg bg-surface-alt">
        {product.imageThumb ? (
          <img
            src={product.imageThumb}
            alt=""
            width={80}
            height={80}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="size-full object-cover"
          />
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="font-medium leading-snug text-ink">{product.name}</h3>
        {product.category ? (
          <p className="flex items-center gap-1.5 text-xs text-muted">
            <span
              className="size-2.5 rounded-full"
              style={{ backgroundColor: product.category.color }}
              aria-hidden
            />
            {product.category.name}
          </p>
        ) : null}
        <div className="mt-auto flex items-center justify-between gap-2">
          <p className="font-semibold text-ink">{formatCents(product.priceCents)}</p>
          {product.soldOut ? (
            <p className="text-sm font-medium text-danger">Produto esgotado</p>
          ) : quantity === 0 || !cartId ? (
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="hash" value={hash} />
              <input type="hidden" name="productId" value={product.id} />
              <button
                type="submit"
                className="h-10 rounded-full bg-brand px-4 text-sm font-semibold text-white"
                aria-label={`Adicionar ${product.name}`}
              >
                Adicionar
              </button>
            </fetcher.Form>
          ) : (
            <div className="flex items-center gap-2">
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="dec" />
                <input type="hidden" name="cartId" value={cartId} />
                <input type="hidden" name="productId" value={product.id} />
                <button
                  type="submit"
                  className={roundButton}
                  aria-label={`Remover uma unidade de ${product.name}`}
                >
                  <MinusIcon className="size-4" />
                </button>
              </fetcher.Form>
              <output className="w-6 text-center font-semibold" aria-label={`Quantidade de ${product.name}`}>
                {quantity}
              </output>
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="add" />
                <input type="hidden" name="hash" value={hash} />
                <input type="hidden" name="productId" value={product.id} />
                <button
                  type="submit"
                  className={roundButton}
                  disabled={atLimit}
                  aria-label={`Adicionar mais uma unidade de ${product.name}`}
                >
                  <PlusIcon className="size-4" />
                </button>
              </fetcher.Form>
            </div>
          )}
        </div>
      </div>
    </li>
  );
}
