import { type CartSlots, marksIn, type Slot, unmark } from "~/routes/shop/cart-slots";

// A guest page's template (ADR 0036, 0039): its render split at the marks its components wrote, and joined
// again with each request's values, escaped as React escapes them.

export type CartTemplate = (string | Slot)[];

/** Splits a rendered template at its marks, once per render. */
export function parseCartTemplate(slots: CartSlots, html: string): CartTemplate {
  const parts: CartTemplate = [];
  let last = 0;
  for (const m of html.matchAll(marksIn(slots))) {
    parts.push(html.slice(last, m.index));
    parts.push(unmark(m[1] ?? m[2] ?? ""));
    last = m.index + m[0].length;
  }
  parts.push(html.slice(last));
  return parts;
}

/** A template's parts joined, each mark replaced with its value. */
export function fillParts(parts: CartTemplate, value: (slot: Slot) => string): string {
  let html = "";
  for (const part of parts) html += typeof part === "string" ? part : value(part);
  return html;
}

/** A boolean attribute as React writes it, in place of its `data-cart-slot` mark. */
export function flag(attribute: "hidden" | "disabled", on: boolean): string {
  return on ? ` ${attribute}=""` : "";
}

const ESCAPES: Record<string, string> = {
  '"': "&quot;",
  "&": "&amp;",
  "'": "&#x27;",
  "<": "&lt;",
  ">": "&gt;",
};

/** As React escapes text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/["&'<>]/g, (c) => ESCAPES[c] ?? c);
}
