// The stay's link as pages and forms (issue 48, ADR 0060): /e/<token> before check-in shows 'Peça antes de
// chegar' in the guest's language with the 'sob encomenda' product, its form adds to the stay's own cart; from
// check-in it is the unit's shop; an unknown token is 404. The run's delivery (its page's form) emails the guest.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { addToStayCart } from "~/domain/carts/stay-shop.server";
import { payByCard } from "~/domain/payments/pay-by-card.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import type { Actor } from "~/domain/team/permissions";
import { addDays, saoPauloDay } from "~/lib/dates";
import { carts, orders, products, replacements, stays } from "~/platform/db/schema";
import { requestContext } from "~/platform/request-context";
import { backofficeContext } from "~/routes/backoffice/guard.server";
import { action as runAction } from "~/routes/backoffice/replacement-detail";
import { servicesContext } from "~/routes/backoffice/services.server";
import { action as stayShopAction, loader as stayShopLoader } from "~/routes/shop/stay-shop";
import { BUYER, TEST_CARD } from "../support/checkout-fixtures";
import { embeddedCheckout } from "../support/embedded-checkout";
import { ownerOf } from "../support/restock-fixtures";
import { newDeviceId, shopFixture } from "../support/shop-fixtures";
import { insertStay } from "../support/stay-fixtures";

vi.setConfig({ testTimeout: 60_000 });

// The routes open the process's database: here, the test's.
const current = vi.hoisted(() => ({ db: null as unknown }));
vi.mock("~/platform/db/database.server", () => ({ database: async () => ({ db: current.db }) }));

const { db, h } = embeddedCheckout();
beforeAll(() => {
  current.db = db();
});

function guestContext() {
  const context = new RouterContextProvider();
  context.set(requestContext, { log: h.ctx.log, clientIp: "198.51.100.20" } as never);
  return context;
}

function ownerContext(actor: Actor) {
  const context = new RouterContextProvider();
  context.set(backofficeContext, {
    actor,
    sessionId: "s1",
    user: { name: "Maria", email: "maria@example.com" },
    organizationName: "Sol",
    organizations: [{ id: actor.organizationId, name: "Sol" }],
  });
  context.set(requestContext, { log: h.ctx.log } as never);
  context.set(servicesContext, { ...h.ctx, outboxDir: null } as never);
  return context;
}

const english = { "Accept-Language": "en-US,en;q=0.9" };

async function open(token: string, headers: Record<string, string> = english) {
  const request = new Request(`http://localhost/e/${token}`, { headers });
  return stayShopLoader({ request, params: { token }, context: guestContext() } as never).catch(
    (thrown: unknown) => thrown,
  );
}

async function scenario(checkIn: string) {
  const shop = await shopFixture(db(), [{ name: "Água", priceCents: 500, stock: 5 }]);
  const [espumante] = await db()
    .insert(products)
    .values({
      organizationId: shop.organizationId,
      name: "Espumante",
      nameEn: "Sparkling wine",
      priceCents: 8990,
      madeToOrder: true,
    })
    .returning({ id: products.id });
  const stayId = await insertStay(db(), shop, checkIn, addDays(checkIn, 3));
  const [stay] = await db().select({ token: stays.shopToken }).from(stays).where(eq(stays.id, stayId));
  return { shop, stayId, token: stay?.token ?? "", espumante: espumante?.id ?? "" };
}

describe("/e/<token>", () => {
  it("before check-in: the banner in English, the 'sob encomenda' product, and its form fills the stay's cart", async () => {
    const s = await scenario(addDays(saoPauloDay(new Date()), 10));
    const page = (await open(s.token)) as Record<string, unknown>;
    expect(page).toMatchObject({ locale: "en", phase: "open", cart: null });
    expect(page.products).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "Sparkling wine", madeToOrder: true })]),
    );

    const form = new FormData();
    form.set("intent", "add");
    form.set("stay", s.token);
    form.set("productId", s.espumante);
    const request = new Request(`http://localhost/e/${s.token}`, {
      method: "POST",
      body: form,
      headers: { ...english, "sec-fetch-mode": "navigate" },
    });
    const answer = (await stayShopAction({
      request,
      params: { token: s.token },
      context: guestContext(),
    } as never)) as Response;
    expect(answer.status).toBe(303);
    const cookie = (answer.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    const again = (await open(s.token, { ...english, Cookie: cookie })) as {
      cart: { id: string; lines: unknown[] };
    };
    expect(again.cart.lines).toEqual([{ productId: s.espumante, quantity: 1, unitPriceCents: 8990 }]);
    const [cart] = await db().select({ stayId: carts.stayId }).from(carts).where(eq(carts.id, again.cart.id));
    expect(cart?.stayId).toBe(s.stayId);
  });

  it("from the check-in day it is the unit's shop, and an unknown token is not found", async () => {
    const s = await scenario(saoPauloDay(new Date()));
    const thrown = (await open(s.token)) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toBe(`/i/${s.shop.hash}`);
    const unknown = (await open("f".repeat(32))) as { init: { status: number } };
    expect(unknown.init.status).toBe(404);
  });
});

describe("the run's page", () => {
  it("delivering the run emails the guest of its pre-arrival order, in English", async () => {
    const s = await scenario(addDays(saoPauloDay(h.clock.now()), 10));
    const owner = await ownerOf(db(), s.shop.organizationId);
    const key = { deviceId: newDeviceId(), ip: "198.51.100.21" };
    const cart = await addToStayCart(db(), { token: s.token, productId: s.espumante, ...key }, h.clock.now());
    const buyer = { ...BUYER, email: "lucy@example.com" };
    await placeOrder(h.ctx, { ...key, cartId: cart.id, method: "credit_card", buyer, locale: "en" });
    const card = (await h.sandbox.tokenize({ ...TEST_CARD, holderName: "APRO" })).id;
    const { orderId } = await payByCard(h.ctx, {
      ...key,
      cartId: cart.id,
      token: card,
      paymentMethodId: null,
      issuerId: null,
    });
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    const runId = order?.replacementId ?? "";
    const [run] = await db().select().from(replacements).where(eq(replacements.id, runId));
    expect(run?.status).toBe("processing");

    const move = async (from: string, to: string) => {
      const form = new FormData();
      form.set("intent", "advance");
      form.set("from", from);
      form.set("to", to);
      const request = new Request(`http://localhost/replacements/${runId}`, { method: "POST", body: form });
      return runAction({ request, params: { id: runId }, context: ownerContext(owner) } as never);
    };
    await move("processing", "separated_for_replacement");
    await move("separated_for_replacement", "in_transit");
    expect(h.outbox().filter((m) => m.to.includes("lucy@example.com") && /arrived/.test(m.subject))).toEqual(
      [],
    );
    expect(await move("in_transit", "delivered")).toMatchObject({ ok: true });
    const mails = h.outbox().filter((m) => m.to.includes("lucy@example.com") && /arrived/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("1 x Sparkling wine");
  });
});
