import { MAX_UPLOAD_BYTES } from "~/domain/images/image-limits";

/**
 * What a URL accepts as a request body: `form` (url-encoded or multipart, what every page's action
 * reads), `json`, or `any` (passed on unread); and how many bytes at most.
 */
export type BodyRule = { kind: "form" | "json" | "any"; maxBytes: number };

const KB = 1024;

/** Every form of the product (sign-in, checkout, cart, back-office saves) fits in a few KB. */
export const FORM_RULE: BodyRule = { kind: "form", maxBytes: 8 * KB };

/** A photo (ADR 0012) and the product's, property's or QR template's other fields. */
const PHOTO_FORM: BodyRule = { kind: "form", maxBytes: MAX_UPLOAD_BYTES + 256 * KB };
/** A damage record's photos (up to 10 per request, issue 23) and its other fields. */
const PHOTOS_FORM: BodyRule = { kind: "form", maxBytes: 10 * MAX_UPLOAD_BYTES + 256 * KB };
/** A line or four fields per product (and property), saved at once. */
const LONG_FORM: BodyRule = { kind: "form", maxBytes: 256 * KB };
/** Payment providers' notifications are small JSON documents. */
const NOTIFICATION: BodyRule = { kind: "json", maxBytes: 64 * KB };
/**
 * Meta batches statuses (and people's messages, which we do not read) in one webhook; refusing one would
 * have Meta retry it for days. A megabyte is far beyond any batch of statuses.
 */
const META_NOTIFICATION: BodyRule = { kind: "json", maxBytes: 1024 * KB };

/**
 * The routes that take more (or other) than a small form, keyed by their path exactly as app/routes.ts
 * writes it and matched the way React Router matches it (any letter case). tests/unit/body-limits.test.ts
 * fails when a key is no longer a route there, so a renamed route cannot silently fall to FORM_RULE.
 */
export const BODY_RULES: Readonly<Record<string, BodyRule>> = {
  products: PHOTO_FORM,
  properties: PHOTO_FORM,
  "qr-templates/new": PHOTO_FORM,
  "qr-templates/edit/:id": PHOTO_FORM,
  // A restocking run: a ticked line (two ids) per product and property, or a delivered quantity per line.
  "replacements/create": LONG_FORM,
  // 'Planejar reposições' posts two fields; listed before ':id' so it is not read as a run.
  "replacements/planejar": FORM_RULE,
  "replacements/:id": LONG_FORM,
  // A property's stock sheet.
  "properties/:propertyId/products": LONG_FORM,
  // A property's stock count: a number per product, like the sheet.
  "properties/:propertyId/conferencia": LONG_FORM,
  // A damage record: its photos (new record or 'Adicionar fotos'), or its items.
  "avarias/nova": PHOTOS_FORM,
  "avarias/:id": PHOTOS_FORM,
  "webhooks/payments/:provider": NOTIFICATION,
  "webhooks/payouts/:provider": NOTIFICATION,
  "webhooks/asaas/validacao-saque": NOTIFICATION,
  "webhooks/asaas/:accountId": NOTIFICATION,
  "webhooks/whatsapp": META_NOTIFICATION,
  // The WhatsApp Cloud API fake (development): a send request is a small JSON document.
  "dev/whatsapp/*": NOTIFICATION,
  "sandbox/v1/card_tokens": { kind: "json", maxBytes: 4 * KB },
  // better-auth's door: it answers only two emailed GET links and 404 to everything else, whatever is sent.
  "api/auth/*": { kind: "any", maxBytes: 8 * KB },
};

/**
 * A route's path as React Router's `matchPath` matches it: any letter case, trailing slashes allowed, a
 * `:param` one segment, a final `*` the rest (or nothing). Compiled once: matchPath compiles on every call.
 */
function routeMatcher(route: string): RegExp {
  const splat = route.endsWith("/*");
  const segments = (splat ? route.slice(0, -2) : route)
    .split("/")
    .map((s) => (s.startsWith(":") ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return new RegExp(`^/${segments.join("/")}${splat ? "(?:/.+|/*)$" : "/*$"}`, "i");
}

const RULES = Object.entries(BODY_RULES).map(([route, rule]) => [routeMatcher(route), rule] as const);

/** The body rule for a request path (as sent, before any decoding). */
export function bodyRule(path: string): BodyRule {
  // React Router's scripts post the same forms to the page's address + `.data` (`/_.data` for a '/' one).
  const page = path.replace(/\/_\.data$/, "/").replace(/\.data$/, "");
  return RULES.find(([route]) => route.test(page))?.[1] ?? FORM_RULE;
}
