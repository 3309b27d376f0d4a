// The dashboard's one-round-trip read (app/domain/dashboard/read-dashboard.server.ts) against each part read
// on its own: the same figures, for each role, and only the organization's own. Embedded PGlite with the
// real migrations.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { readDashboard } from "~/domain/dashboard/read-dashboard.server";
import { readGettingStarted } from "~/domain/onboarding/getting-started.server";
import { liveAccount } from "~/domain/payment-accounts/accounts.server";
import { profitOf } from "~/domain/profit/read-profit.server";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import { listMissingProducts } from "~/domain/restock/missing-products.server";
import type { Actor } from "~/domain/team/permissions";
import { saoPauloDay } from "~/lib/dates";
import { paymentAccounts, wallets } from "~/platform/db/schema";
import { paidPixSale } from "../support/checkout-fixtures";
import { embeddedCheckout } from "../support/embedded-checkout";
import { refusal } from "../support/refusal";
import { memberOf, ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 60_000 });

const { db, h } = embeddedCheckout();

/** Each part read on its own, as the dashboard read them before they shared a round trip. */
async function eachOnItsOwn(actor: Actor, period: { from: string; to: string }) {
  const account = await liveAccount(db(), actor.organizationId);
  return {
    // Every role sees what is missing; staff see no money and no payment account.
    missing: (await listMissingProducts(db(), actor, { onlyToRestock: true })).length,
    account:
      actor.role === "staff" ? undefined : account && { status: account.status, provider: account.provider },
    profit: actor.role === "staff" ? null : await profitOf(db(), actor, period),
    gettingStarted: actor.role === "owner" ? await readGettingStarted(h.ctx, actor) : null,
    // Money held by disputes and balances below zero (ADR 0061): for those who see the wallets.
    disputes: actor.role === "staff" ? null : await disputesOf(actor.organizationId),
  };
}

async function disputesOf(organizationId: string) {
  const rows = await db().select().from(wallets).where(eq(wallets.organizationId, organizationId));
  return {
    disputedCents: rows.reduce((sum, w) => sum + Number(w.disputedCents), 0),
    negativeCents: rows.reduce((sum, w) => sum + Math.min(Number(w.availableCents), 0), 0),
  };
}

describe("the dashboard's read", () => {
  it("gives each role what each part read alone gives, and only its organization's", async () => {
    const today = saoPauloDay(new Date());
    const period = { from: `${today.slice(0, 8)}01`, to: today };
    // Expected 5 of each: Água 2, Suco 5, Chá 1; a sale of 2 Suco leaves 3. An open run takes Chá's 4:
    // what a new run should take is Água's 3 and Suco's 2, two products.
    const shop = await shopFixture(db(), [
      { name: "Água", priceCents: 450, stock: 2 },
      { name: "Suco", priceCents: 900, stock: 5 },
      { name: "Chá", priceCents: 600, stock: 1 },
    ]);
    await paidPixSale(h, shop, { Suco: 2 });
    await createReplacement(db(), await ownerOf(db(), shop.organizationId), [
      { propertyId: shop.propertyId, productId: shop.productIds.Chá ?? "" },
    ]);
    // Another host with nothing missing, no sale and no account.
    const other = await shopFixture(db(), [{ name: "Café", priceCents: 800, stock: 5 }], {
      receiving: false,
    });

    const owner = await ownerOf(db(), shop.organizationId);
    const manager = (await memberOf(db(), shop.organizationId, "manager")).actor;
    const staff = (await memberOf(db(), shop.organizationId, "staff")).actor;
    for (const actor of [owner, manager, staff]) {
      const read = await readDashboard(h.ctx, actor, actor.role === "staff" ? null : period);
      expect(read).toEqual(await eachOnItsOwn(actor, period));
    }
    const ownersRead = await readDashboard(h.ctx, owner, period);
    expect(ownersRead.missing).toBe(2);
    expect(ownersRead.profit?.totals.grossCents).toBe(1800);
    expect(ownersRead.account).toEqual({ status: "active", provider: "sandbox" });
    expect(ownersRead.gettingStarted?.steps.find((s) => s.step === "purchase")?.done).toBe(true);

    const otherOwner = await ownerOf(db(), other.organizationId);
    const othersRead = await readDashboard(h.ctx, otherOwner, period);
    expect(othersRead).toEqual(await eachOnItsOwn(otherOwner, period));
    expect(othersRead.missing).toBe(0);
    expect(othersRead.account).toBeNull();
    expect(othersRead.profit?.totals.grossCents).toBe(0);

    // A disconnected account is no live account: the notice's and the checklist's reading agree.
    await db()
      .update(paymentAccounts)
      .set({ status: "disconnected" })
      .where(eq(paymentAccounts.organizationId, shop.organizationId));
    const disconnected = await readDashboard(h.ctx, owner, period);
    expect(disconnected.account).toBeNull();
    expect(disconnected.gettingStarted?.steps.find((s) => s.step === "receiving")?.done).toBe(false);
  });

  it("refuses the money to staff and a period it cannot read, as the profit read does", async () => {
    const shop = await shopFixture(db(), [{ name: "Água", priceCents: 450, stock: 2 }]);
    const staff = (await memberOf(db(), shop.organizationId, "staff")).actor;
    const today = saoPauloDay(new Date());
    expect((await refusal(readDashboard(h.ctx, staff, { from: today, to: today }))).kind).toBe("forbidden");
    const owner = await ownerOf(db(), shop.organizationId);
    const backwards = await refusal(readDashboard(h.ctx, owner, { from: today, to: "2020-01-01" }));
    expect(backwards.kind).toBe("invalid");
  });
});
