import type { GuestLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";
import { MinusIcon, PlusIcon } from "~/ui/guest-icons";
import { type CartSlots, cardCartState, slotFlag, slotValue } from "./cart-slots";

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
  slots = null,
  productId = "",
}: {
  locale: GuestLocale;
  /** The product's name as the guest reads it. */
  name: string;
  quantity: number;
  /** Units the property has; null = no limit. */
  stock: number | null;
  /** In the shop's template: the quantity and the plus button's limit are marked (cart-slots.ts). */
  slots?: CartSlots | null;
  productId?: string;
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
        {slotValue(slots, { kind: "quantity", productId }, quantity)}
      </output>
      <button
        type="submit"
        name="intent"
        value="inc"
        data-plus
        className={roundButton}
        {...slotFlag(
          slots,
          "disabled",
          { kind: "plusDisabled", productId, stock },
          cardCartState(quantity, stock).plusDisabled,
        )}
        aria-label={t.addOneLabel(name)}
      >
        <PlusIcon className="size-4" />
      </button>
    </>
  );
}
