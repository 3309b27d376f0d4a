// Helpers for the money screens over HTTP: guests paying a shop through the real checkout (PIX approved on
// /dev/payments, a card approved by the sandbox), members of a host's team with a given role, and reading
// what a page shows (its text without markup or hydration data, its rows, one sale's card).
import { eq } from "drizzle-orm";
import { vi } from "vitest";
import { formatCents } from "~/lib/money";
import { parseBrCode } from "~/lib/pix-brcode";
import { createConfirmedUser } from "~/platform/auth/create-user.server";
import type { Db } from "~/platform/db/database-handle.server";
import { member, orders, user } from "~/platform/db/schema";
import { type Browser, uniqueEmail } from "./accounts";
import { WEBHOOK_APPLIED } from "./checkout-server";
import { type GuestPhone, guestPhone } from "./guest-phone";
import type { shopFixture } from "./shop-fixtures";

type Shop = Awaited<ReturnType<typeof shopFixture>>;

/** The password shopFixture gives its host. */
export const FIXTURE_PASSWORD = "segredo1";

export const HTTP_BUYER = {
  fullName: "Maria da Silva",
  cpf: "123.456.789-09",
  email: "maria@example.com",
  phone: "(11) 98765-4321",
};

const CARD = {
  card_number: "5031 4332 1540 6351",
  expiration_month: 11,
  expiration_year: 2030,
  security_code: "123",
};

/** The email of a shop's host (shopFixture's user), to sign in with FIXTURE_PASSWORD. */
export async function hostEmail(db: Db, shop: Shop): Promise<string> {
  const [row] = await db
    .select({ email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, shop.organizationId));
  if (!row) throw new Error("the shop has no host");
  return row.email;
}

/**
 * A confirmed user whose only membership is in this organization, with this role (team invitations are not
 * built yet, so the membership is written directly). Sign in with the returned email and password.
 */
export async function teamMember(
  db: Db,
  organizationId: string,
  role: "manager" | "staff",
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(role);
  const password = "senha-da-equipe-123";
  const { userId } = await createConfirmedUser(db, { name: `Equipe ${role}`, email, password });
  await db.delete(member).where(eq(member.userId, userId));
  await db.insert(member).values({ organizationId, userId, role });
  return { email, password };
}

/** A guest's phone buying in one shop over HTTP. */
export function shopGuest(baseUrl: string, shop: Shop, ip: string) {
  const phone: GuestPhone = guestPhone(baseUrl, ip);

  async function cartWith(lines: Record<string, number>): Promise<string> {
    let cartId = "";
    for (const [name, quantity] of Object.entries(lines)) {
      for (let i = 0; i < quantity; i++) {
        const added = await phone.cart({
          intent: "add",
          hash: shop.hash,
          productId: shop.productIds[name] ?? "",
        });
        if (added.status !== 200) throw new Error(`adding ${name} answered ${added.status}: ${added.body}`);
        cartId = added.json.cart.id;
      }
    }
    return cartId;
  }

  async function identify(cartId: string, method: "pix" | "credit_card") {
    const res = await phone.request(`/payments/${cartId}/${method}`, HTTP_BUYER);
    if (res.status !== 303)
      throw new Error(`identification answered ${res.status}: ${res.body.slice(0, 300)}`);
  }

  /** Asks for the PIX charge on the payment page; the sandbox's id of the charge (in the code's txid). */
  async function startPix(cartId: string): Promise<string> {
    const asked = await phone.request(`/payments/${cartId}/pix/payment`, { intent: "pix" });
    if (asked.status !== 303) throw new Error(`PIX charge answered ${asked.status}`);
    const txid = sandboxChargeOf((await phone.request(`/payments/${cartId}/pix/payment`)).body);
    if (!txid) throw new Error("no sandbox charge in the PIX code");
    return txid;
  }

  return { phone, cartWith, identify, startPix };
}

/** The sandbox's id of the PIX charge on a payment page (it names its charge in the code's txid: SBX<id>). */
export function sandboxChargeOf(html: string): string {
  const code = (/<textarea[^>]*data-pix-code[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1] ?? "").trim();
  return parseBrCode(code)?.txid?.replace(/^SBX/, "") ?? "";
}

/** What /dev/payments does for a charge: settle it in the sandbox and send the app the signed webhook. */
export async function settleCharge(baseUrl: string, id: string, outcome: "approve" | "reject") {
  return postDevPayments(baseUrl, { id, outcome });
}

/** What /dev/payments does for a transfer ('Pagar' or 'Falhar'). */
export async function settleTransfer(baseUrl: string, id: string, outcome: "done" | "failed") {
  return postDevPayments(baseUrl, { kind: "transfer", id, outcome });
}

async function postDevPayments(baseUrl: string, fields: Record<string, string>) {
  const res = await fetch(`${baseUrl}/dev/payments`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  await res.body?.cancel();
  return { status: res.status, location: decodeURIComponent(res.headers.get("location") ?? "") };
}

/** The paid (or still open) order of a cart, read as the host's ledger would. */
export async function orderOfCart(db: Db, cartId: string) {
  const rows = await db.select().from(orders).where(eq(orders.cartId, cartId));
  const order = rows.find((o) => o.status === "paid") ?? rows.at(-1);
  if (!order) throw new Error(`cart ${cartId} has no order`);
  return order;
}

/** A guest pays `lines` by PIX, approved on /dev/payments; the paid order. */
export async function paidByPix(
  baseUrl: string,
  db: Db,
  shop: Shop,
  ip: string,
  lines: Record<string, number>,
) {
  const guest = shopGuest(baseUrl, shop, ip);
  const cartId = await guest.cartWith(lines);
  await guest.identify(cartId, "pix");
  const chargeId = await guest.startPix(cartId);
  const approved = await settleCharge(baseUrl, chargeId, "approve");
  if (!approved.location.includes("(webhook 200)")) throw new Error(`approval: ${approved.location}`);
  // The webhook is applied right after its answer (vi.waitFor: this runs in hooks too, unlike expect.poll).
  await vi.waitFor(async () => {
    const order = await orderOfCart(db, cartId);
    if (order.status !== "paid") throw new Error(`the PIX order is ${order.status}`);
  }, WEBHOOK_APPLIED);
  return orderOfCart(db, cartId);
}

/** A guest pays `lines` with a card the sandbox approves (holder APRO); the paid order. */
export async function paidByCard(
  baseUrl: string,
  db: Db,
  shop: Shop,
  ip: string,
  lines: Record<string, number>,
) {
  const guest = shopGuest(baseUrl, shop, ip);
  const cartId = await guest.cartWith(lines);
  await guest.identify(cartId, "credit_card");
  const tokenized = await fetch(`${baseUrl}/sandbox/v1/card_tokens`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ ...CARD, cardholder: { name: "APRO" } }),
  });
  const token = ((await tokenized.json()) as { id?: string }).id ?? "";
  const charged = await guest.phone.request(`/payments/${cartId}/credit_card/charge`, {
    token,
    paymentMethodId: "master",
    issuerId: "",
  });
  if (charged.status !== 200) throw new Error(`card charge answered ${charged.status}: ${charged.body}`);
  const order = await orderOfCart(db, cartId);
  if (order.status !== "paid") throw new Error(`the card order is ${order.status}`);
  return order;
}

/** A guest who identified for PIX and did not pay: an open order. */
export async function pendingPixOrder(
  baseUrl: string,
  db: Db,
  shop: Shop,
  ip: string,
  lines: Record<string, number>,
) {
  const guest = shopGuest(baseUrl, shop, ip);
  const cartId = await guest.cartWith(lines);
  await guest.identify(cartId, "pix");
  return orderOfCart(db, cartId);
}

/** A GET as this browser (its cookies and address) that keeps the response's headers. */
export async function fetchAs(browser: Browser, path: string) {
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${browser.server.url}${path}`, {
    redirect: "manual",
    headers: { ...(cookie ? { cookie } : {}), ...(browser.ip ? { "x-forwarded-for": browser.ip } : {}) },
  });
  // Read as bytes: the text decoder would swallow a byte order mark.
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, body: bytes.toString("utf8") };
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#x27": "'",
  "#39": "'",
  nbsp: " ",
};

/**
 * What a person reads on a page: no scripts (the hydration data repeats every id in full), no markup, entities
 * decoded, every run of white space (non-breaking ones too) one space.
 */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The visible text of each table row of a page. */
export function tableRows(html: string): string[] {
  return [...html.matchAll(/<tr[\s\S]*?<\/tr>/g)].map((m) => visibleText(m[0]));
}

/** The visible text of one sale's card on /sales, or undefined when the page does not list it. */
export function saleCard(html: string, orderId: string): string | undefined {
  const at = html.indexOf(`<article aria-labelledby="sale-${orderId}"`);
  if (at < 0) return undefined;
  return visibleText(html.slice(at, html.indexOf("</article>", at)));
}

/** Money as a page shows it, with a plain space (visibleText's spacing). */
export const brl = (cents: number) => formatCents(cents).replace(/\s/g, " ");
