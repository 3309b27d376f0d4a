import type { GuestLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";
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
  locale,
  name,
  quantity,
  stock,
}: {
  locale: GuestLocale;
  /** The product's name as the guest reads it. */
  name: string;
  quantity: number;
  /** Units the property has; null = no limit. */
  stock: number | null;
}) {
  const t = guestMessages(locale).shop;
  return (
    <>
      <button
        type="submit"
        name="intent"
        value="dec"
        className={roundButton}
        aria-label={t.removeOneLabel(name)}
      >
        <MinusIcon className="size-4" />
      </button>
      <output data-qty-text className="w-6 text-center font-semibold" aria-label={t.quantityLabel(name)}>
        {quantity}
      </output>
      <button
        type="submit"
        name="intent"
        value="inc"
        data-plus
        className={roundButton}
        disabled={stock !== null && quantity >= stock}
        aria-label={t.addOneLabel(name)}
      >
        <PlusIcon className="size-4" />
      </button>
    </>
  );
}
