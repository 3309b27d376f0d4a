import { FEW_LEFT_MAX } from "~/domain/carts/messages";
import { formatCentsIn } from "~/lib/i18n/format";
import type { GuestLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";
import { AdultsOnlyMark } from "./adults-only-mark";
import { type CartSlots, cardCartState, slotFlag, slotValue } from "./cart-slots";
import { CartStepper } from "./cart-stepper";

export type ShopCardProduct = {
  id: string;
  /** The name the guest reads; ptName the pt-BR one when different (the search matches both). */
  name: string;
  ptName?: string;
  priceCents: number;
  imageThumb: string | null;
  category: { name: string; ptName?: string; color: string } | null;
  stock: number | null;
  soldOut: boolean;
  adultsOnly: boolean;
};

type Props = {
  locale: GuestLocale;
  product: ShopCardProduct;
  hash: string;
  cartId: string;
  quantity: number;
  hidden: boolean;
  eager: boolean;
  /** Set when rendering the page's template: the cart's spots are marked (cart-slots.ts). */
  slots?: CartSlots | null;
};

/**
 * One product of the shop: 'Adicionar', then minus, quantity and plus, in one plain form (the button says
 * the intent). Both states are in the HTML (one hidden), so the guest script only flips them
 * (guest-cart.client.ts lists the attributes).
 */
export function ShopProductCard({
  locale,
  product,
  hash,
  cartId,
  quantity,
  hidden,
  eager,
  slots = null,
}: Props) {
  const t = guestMessages(locale).shop;
  const state = cardCartState(quantity, product.stock);
  const productId = product.id;
  return (
    <li
      data-shop-card
      data-product={product.id}
      data-name={product.name}
      data-pt-name={product.ptName}
      data-category={product.category?.name ?? ""}
      data-pt-category={product.category?.ptName}
      data-price={product.priceCents}
      data-stock={product.stock ?? ""}
      hidden={hidden}
      className="flex gap-3 rounded-xl border border-border bg-surface p-3"
    >
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
        <h3 className="font-medium leading-snug text-ink">
          {product.name}
          {product.adultsOnly ? <AdultsOnlyMark locale={locale} /> : null}
        </h3>
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
        {product.stock !== null && product.stock > 0 && product.stock <= FEW_LEFT_MAX ? (
          <p className="text-xs font-medium text-warning-ink">{t.fewLeft(product.stock)}</p>
        ) : null}
        <div className="mt-auto flex items-center justify-between gap-2">
          <p className="font-semibold text-ink">{formatCentsIn(locale, product.priceCents)}</p>
          {product.soldOut ? (
            <p className="text-sm font-medium text-danger">{t.soldOut}</p>
          ) : (
            <form method="post" data-cart-change>
              <input type="hidden" name="hash" value={hash} />
              <input
                type="hidden"
                name="cartId"
                value={slotValue(slots, { kind: "cartId" }, cartId)}
                data-cart-id
              />
              <input type="hidden" name="productId" value={product.id} />
              <button
                type="submit"
                name="intent"
                value="add"
                data-when="empty"
                {...slotFlag(slots, "hidden", { kind: "addHidden", productId }, state.addHidden)}
                className="h-10 rounded-full bg-brand px-4 text-sm font-semibold text-white"
                aria-label={t.addLabel(product.name)}
              >
                {t.add}
              </button>
              <div
                data-when="some"
                {...slotFlag(slots, "hidden", { kind: "stepperHidden", productId }, state.stepperHidden)}
                className="flex items-center gap-2"
              >
                <CartStepper
                  locale={locale}
                  name={product.name}
                  quantity={quantity}
                  stock={product.stock}
                  slots={slots}
                  productId={productId}
                />
              </div>
            </form>
          )}
        </div>
      </div>
    </li>
  );
}
