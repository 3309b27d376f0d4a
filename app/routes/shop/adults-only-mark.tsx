import { CART_TEXT } from "~/domain/carts/messages";

/** The '18+' after a product's name, read aloud as what it means (the shop's card and the cart summary). */
export function AdultsOnlyMark() {
  return (
    <>
      {" "}
      <span
        title={CART_TEXT.adultsOnlyMarkLabel}
        className="ml-1 inline-block rounded-full bg-danger/10 px-2 py-0.5 align-middle text-xs font-semibold text-danger"
      >
        <span aria-hidden="true">{CART_TEXT.adultsOnlyMark}</span>
        <span className="sr-only">{CART_TEXT.adultsOnlyMarkLabel}</span>
      </span>
    </>
  );
}
