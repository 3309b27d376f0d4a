import { MinusIcon, PlusIcon } from "~/ui/guest-icons";

const roundButton =
  "inline-flex size-10 items-center justify-center rounded-full border border-border bg-surface text-ink " +
  "disabled:cursor-not-allowed disabled:opacity-40";

/**
 * Minus, quantity and plus of one product in the guest's cart: submit buttons (intent `dec` / `inc`) of
 * the cart form around them, which carries the cart and product ids; on the shop and the summary alike.
 * The guest script keeps the quantity and the plus button's limit current (see guest-cart.client.ts).
 */
export function CartStepper({
  name,
  quantity,
  stock,
}: {
  name: string;
  quantity: number;
  /** Units the property has; null = no limit. */
  stock: number | null;
}) {
  return (
    <>
      <button
        type="submit"
        name="intent"
        value="dec"
        className={roundButton}
        aria-label={`Remover uma unidade de ${name}`}
      >
        <MinusIcon className="size-4" />
      </button>
      <output data-qty-text className="w-6 text-center font-semibold" aria-label={`Quantidade de ${name}`}>
        {quantity}
      </output>
      <button
        type="submit"
        name="intent"
        value="inc"
        data-plus
        className={roundButton}
        disabled={stock !== null && quantity >= stock}
        aria-label={`Adicionar mais uma unidade de ${name}`}
      >
        <PlusIcon className="size-4" />
      </button>
    </>
  );
}
