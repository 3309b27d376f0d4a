import { MAX_UPLOAD_BYTES } from "~/domain/images/image-limits";

/**
 * What a URL accepts as a request body: `form` (url-encoded or multipart, what every page's action
 * reads), `json`, or `any` (passed on unread); and how many bytes at most.
 */
export type BodyRule = { kind: "form" | "json" | "any"; maxBytes: number };

const KB = 1024;

/** Every form of the product (sign-in, checkout, cart, back-office saves) fits in a few KB. */
export const FORM_RULE: BodyRule = { kind: "form", maxBytes: 8 * KB };

// `.data` is where React Router's scripts post the same forms; its routes match any letter case.
const RULES: [RegExp, BodyRule][] = [
  // A photo (ADR 0012) and the product's or property's other fields.
  [/^\/(products|properties)(\.data)?$/i, { kind: "form", maxBytes: MAX_UPLOAD_BYTES + 256 * KB }],
  // A QR template's background image and its position.
  [/^\/qr-templates\/(new|edit\/[^/]+)(\.data)?$/i, { kind: "form", maxBytes: MAX_UPLOAD_BYTES + 256 * KB }],
  // A restocking run: a ticked line (two ids) per product and property, or a delivered quantity per line.
  [/^\/replacements\/[^/]+(\.data)?$/i, { kind: "form", maxBytes: 256 * KB }],
  // A property's stock sheet: four fields per product, saved at once.
  [/^\/properties\/[^/]+\/products(\.data)?$/i, { kind: "form", maxBytes: 256 * KB }],
  // Payment providers' notifications are small JSON documents.
  [/^\/webhooks\/(payments|payouts|asaas)\/[^/]+$/i, { kind: "json", maxBytes: 64 * KB }],
  [/^\/sandbox\/v1\/card_tokens$/i, { kind: "json", maxBytes: 4 * KB }],
  // better-auth's door: it answers only two emailed GET links and 404 to everything else, whatever is sent.
  [/^\/api\/auth\//i, { kind: "any", maxBytes: 8 * KB }],
];

/** The body rule for a request path (as sent, before any decoding). */
export function bodyRule(path: string): BodyRule {
  return RULES.find(([pattern]) => pattern.test(path))?.[1] ?? FORM_RULE;
}
