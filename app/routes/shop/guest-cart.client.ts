import { cartBarText, cartLineText, type GuestCart } from "~/lib/guest-cart";
import { formatCentsIn } from "~/lib/i18n/format";
import { DEFAULT_LOCALE, type GuestLocale, parseLocale } from "~/lib/i18n/locale";
import { toast } from "~/ui/toast-store";
import type { CartScriptTexts } from "./cart-script-texts";

type Change = { body: FormData; productId: string; delta: 1 | -1; adding: boolean };

/**
 * Makes the cart forms of a guest page ([data-guest-cart]) instant: a change shows at once, goes to
 * /api/cart, and the server's cart replaces the guess when it answers. A refusal (or no answer) drops
 * the change again, which is the rollback, with the spec's toast. Changes go one at a time, so a minus
 * tapped right after the first add already knows the cart it belongs to, and the last answer is the
 * cart as it ends; meanwhile the page is aria-busy, and links wait for the queue.
 *
 * The page says what it shows through data attributes, written by the server render:
 * - [data-guest-cart][data-cart]: the cart as JSON (GuestCart, or null before the first add), and
 *   [data-texts] the texts to show (CartScriptTexts) in the page's language (<html lang>);
 * - [data-product][data-price][data-stock]: one product; [data-qty-text] its quantity, [data-line-text]
 *   its "2 x R$ 4,00 = R$ 8,00", button[data-plus] its plus, [data-when=empty|some] what shows at 0 or more,
 *   and [data-remove-at-zero] drops the row at 0 (the summary);
 * - [data-cart-bar] (hidden while empty) with [data-cart-bar-text] and a[data-cart-link];
 * - [data-cart-total], [data-cart-empty], input[data-cart-id].
 */
export function enhanceCartForms(doc: Document): void {
  const root = doc.querySelector<HTMLElement>("[data-guest-cart]");
  if (!root) return;
  let cart: GuestCart | null = JSON.parse(root.dataset.cart ?? "null");
  const texts: CartScriptTexts = JSON.parse(root.dataset.texts ?? "null");
  const locale = parseLocale(doc.documentElement.lang) ?? DEFAULT_LOCALE;
  const queue: Change[] = [];
  let sending = false;
  // A link followed while changes are on their way (or before the server named a new cart): go once done.
  let leaving: HTMLAnchorElement | null = null;

  const render = () => {
    const quantities = new Map(cart?.lines.map((l) => [l.productId, l.quantity]));
    const prices = new Map(cart?.lines.map((l) => [l.productId, l.unitPriceCents]));
    let totalCents = cart?.totalCents ?? 0;
    for (const change of queue) {
      const before = quantities.get(change.productId) ?? 0;
      const after = Math.max(0, before + change.delta);
      quantities.set(change.productId, after);
      totalCents += (after - before) * (prices.get(change.productId) ?? priceOnPage(root, change.productId));
    }
    let count = 0;
    for (const quantity of quantities.values()) count += quantity;
    for (const row of root.querySelectorAll<HTMLElement>("[data-product]")) {
      renderProduct(locale, row, quantities.get(row.dataset.product ?? "") ?? 0, prices);
    }
    renderTotals(locale, texts, root, cart?.id ?? "", count, totalCents);
  };

  const send = async () => {
    if (sending) return;
    sending = true;
    root.setAttribute("aria-busy", "true");
    while (queue.length > 0) {
      const change = queue[0] as Change;
      if (cart) change.body.set("cartId", cart.id);
      const refusal = await post(change);
      queue.shift();
      if (refusal) toast.error(refusal.message, { description: refusal.detail });
      else if (refusal === null) toast.error(change.adding ? texts.addFailed : texts.updateFailed);
      render();
    }
    sending = false;
    root.removeAttribute("aria-busy");
    const link = leaving;
    leaving = null;
    if (link?.hasAttribute("data-cart-link")) {
      if (cart) location.assign(`/payment/${cart.id}`);
    } else if (link) location.assign(link.href);
  };

  /** The server's cart on success; otherwise its refusal, or null when no answer came. */
  const post = async (change: Change): Promise<{ message: string; detail?: string } | null | undefined> => {
    try {
      const res = await fetch("/api/cart", {
        method: "POST",
        body: change.body,
        headers: { accept: "application/json" },
      });
      const result = await res.json();
      if (result.ok) {
        cart = result.cart;
        return undefined;
      }
      return typeof result.message === "string" ? result : null;
    } catch {
      return null;
    }
  };

  root.addEventListener("click", (event) => {
    if (event.defaultPrevented) return; // e.g. a category chip, filtered in place
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;
    if (!link || (queue.length === 0 && (cart || !link.hasAttribute("data-cart-link")))) return;
    event.preventDefault();
    leaving = link;
    if (!sending) void send();
  });
  // Closing or reloading mid-change would drop what is still queued: the browser asks first.
  addEventListener("beforeunload", (event) => {
    if (queue.length > 0) event.preventDefault();
  });

  root.addEventListener("submit", (event) => {
    const form = event.target;
    // The button pressed says what to do (add, inc, dec); the form holds the ids. A browser that does not
    // say which button it was (before 2022) posts the form itself.
    const button = event.submitter;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-cart-change")) return;
    if (!(button instanceof HTMLButtonElement) || button.name !== "intent") return;
    event.preventDefault();
    const body = new FormData(form);
    const intent = button.value;
    body.set("intent", intent);
    queue.push({
      body,
      productId: String(body.get("productId")),
      delta: intent === "dec" ? -1 : 1,
      adding: intent === "add",
    });
    render();
    void send();
  });
}

function priceOnPage(root: HTMLElement, productId: string): number {
  return Number(
    root.querySelector<HTMLElement>(`[data-product="${CSS.escape(productId)}"]`)?.dataset.price ?? 0,
  );
}

function renderProduct(locale: GuestLocale, row: HTMLElement, quantity: number, prices: Map<string, number>) {
  row.dataset.qty = String(quantity);
  const stock = row.dataset.stock ? Number(row.dataset.stock) : null;
  for (const el of row.querySelectorAll("[data-qty-text]")) el.textContent = String(quantity);
  for (const el of row.querySelectorAll<HTMLElement>("[data-when]")) {
    el.hidden = el.dataset.when === "empty" ? quantity > 0 : quantity === 0;
  }
  for (const el of row.querySelectorAll<HTMLButtonElement>("button[data-plus]")) {
    el.disabled = stock !== null && quantity >= stock;
  }
  const unit = prices.get(row.dataset.product ?? "") ?? Number(row.dataset.price ?? 0);
  for (const el of row.querySelectorAll("[data-line-text]"))
    el.textContent = cartLineText(locale, quantity, unit);
  if (row.hasAttribute("data-remove-at-zero")) row.hidden = quantity === 0;
}

function renderTotals(
  locale: GuestLocale,
  texts: CartScriptTexts,
  root: HTMLElement,
  cartId: string,
  count: number,
  totalCents: number,
) {
  for (const bar of root.querySelectorAll<HTMLElement>("[data-cart-bar]")) bar.hidden = count === 0;
  for (const el of root.querySelectorAll("[data-cart-bar-text]"))
    el.textContent = cartBarText(locale, texts.items, count, totalCents);
  if (cartId)
    for (const a of root.querySelectorAll<HTMLAnchorElement>("a[data-cart-link]"))
      a.href = `/payment/${cartId}`;
  for (const el of root.querySelectorAll("[data-cart-total]"))
    el.textContent = formatCentsIn(locale, totalCents);
  for (const el of root.querySelectorAll<HTMLElement>("[data-cart-empty]")) el.hidden = count > 0;
  for (const input of root.querySelectorAll<HTMLInputElement>("input[data-cart-id]")) input.value = cartId;
}
