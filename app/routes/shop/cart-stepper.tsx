import { MinusIcon, PlusIcon } from "~/ui/guest-icons";

const roundButton =
  "inline-flex size-10 items-center justify-center rounded-full border border-border bg-surface text-ink " +
  "disabled:cursor-not-allowed disabled:opacity-40";

/**
 * Minus, quantity and plus of one product in the guest's cart, as plain forms (intent `dec` / `inc` on the
 * cart), on the shop and on the summary alike. The guest script keeps the quantity, the plus button's limit
 * and the cart id current (see guest-cart.client.ts).
 */
export function CartStepper({
  cartId,
  productId,
  name,
  quantity,
  stock,
}: {
  cartId: string;
  productId: string;
  name: string;
  quantity: number;
  /** Units the property has; null = no limit. */
  stock: number | null;
}) {
  const fields = (intent: "inc" | "dec") => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="cartId" value={cartId} data-cart-id />
      <input type="hidden" name="productId" value={productId} />
    </>
  );
  return (
    <>
      <form method="post" data-cart-change>
        {fields("dec")}
        <button type="submit" className={roundButton} aria-label={`Remover uma unidade de ${name}`}>
          <MinusIcon className="size-4" />
        </button>
      </form>
      <output data-qty-text className="w-6 text-center font-semibold" aria-label={`Quantidade de ${name}`}>
        {quantity}
      </output>
      <form method="post" data-cart-change>
        {fields("inc")}
        <button
          type="submit"
          data-plus
          className={roundButton}
          disabled={stock !== null && quantity >= stock}
          aria-label={`Adicionar mais uma unidade de ${name}`}
        >
          <PlusIcon className="size-4" />
        </button>
      </form>
    </>
  );
}
