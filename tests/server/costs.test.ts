// What the host pays per unit over HTTP against the built app (run `npm run build` first): owners and
// managers see and change a product's cost and a run line's unit cost; staff never receive either.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import { products, replacementItems } from "~/platform/db/schema";
import { type Browser, signedInBrowser } from "../support/accounts";
import { startCheckoutServer } from "../support/checkout-server";
import { FIXTURE_PASSWORD, hostEmail, visibleText } from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import { fetcherPost, memberOf, ownerOf } from "../support/restock-fixtures";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();

const AUTH_SECRET = "costs-screens-test-secret-0123456789abcdef";

describe.runIf(available)("costs over HTTP", () => {
  let running: ShopServer;
  let owner: Browser;
  let staff: Browser;
  let runId = "";

  beforeAll(async () => {
    // Expected 5 each: 3 waters and 5 coffees are missing.
    running = await startCheckoutServer(
      [
        { name: "Água", priceCents: 450, stock: 2 },
        { name: "Café", priceCents: 800, stock: 0 },
      ],
      { env: { AUTH_SECRET } },
    );
    const { db, shop } = running;
    await db
      .update(products)
      .set({ costCents: 250 })
      .where(eq(products.id, shop.productIds.Água ?? ""));
    const run = await createReplacement(db, await ownerOf(db, shop.organizationId), [
      { propertyId: shop.propertyId, productId: shop.productIds.Água },
      { propertyId: shop.propertyId, productId: shop.productIds.Café },
    ]);
    runId = run.id;
    owner = await signedInBrowser(running.server, await hostEmail(db, shop), FIXTURE_PASSWORD);
    const member = await memberOf(db, shop.organizationId, "staff");
    staff = await signedInBrowser(running.server, member.email, member.password);
  });
  afterAll(() => running?.stop());

  async function lineCost(name: string) {
    const [row] = await running.db
      .select({ cost: replacementItems.unitCostCents })
      .from(replacementItems)
      .where(
        and(
          eq(replacementItems.replacementId, runId),
          eq(replacementItems.productId, running.shop.productIds[name] ?? ""),
        ),
      );
    return row?.cost;
  }

  it("product cards show the cost or 'sem custo' to the owner, and neither to staff", async () => {
    const mine = visibleText((await owner.get("/products")).body);
    expect(mine).toContain("Custo R$ 2,50");
    expect(mine).toContain("sem custo");
    const theirs = await staff.get("/products");
    expect(theirs.status).toBe(200);
    expect(visibleText(theirs.body)).not.toMatch(/Custo|sem custo/);
    expect(theirs.body).not.toContain("costCents");
  });

  it("the owner saves a product's cost with the form; a signed amount is refused with the price's message", async () => {
    const id = running.shop.productIds.Café ?? "";
    const refused = await fetcherPost(owner, "/products", {
      intent: "update",
      id,
      name: "Café",
      price: "8,00",
      cost: "-5",
      categoryId: "",
    });
    expect(refused.message).toBe("Digite o custo só com números e vírgula, como 4,90.");
    const saved = await fetcherPost(owner, "/products", {
      intent: "update",
      id,
      name: "Café",
      price: "8,00",
      cost: "3,40",
      categoryId: "",
    });
    expect(saved.ok).toBe(true);
    const [row] = await running.db
      .select({ cost: products.costCents })
      .from(products)
      .where(eq(products.id, id));
    expect(row?.cost).toBe(340);
  });

  it("a run's lines show their unit cost to the owner, who changes it with the quantities; staff see none", async () => {
    const mine = await owner.get(`/replacements/${runId}`);
    expect(mine.body).toContain('aria-label="Custo unitário de Água');
    expect(mine.body).toContain('value="R$ 2,50"');
    const theirs = await staff.get(`/replacements/${runId}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body).not.toContain("Custo unitário");
    // Nor in the page's data: the owner's holds the 250 cents, staff's does not.
    const cents = /[[,]250[,\]]/;
    expect(mine.body).toMatch(cents);
    expect(theirs.body).not.toMatch(cents);

    const water = running.shop.productIds.Água ?? "";
    const coffee = running.shop.productIds.Café ?? "";
    const [waterItem, coffeeItem] = await Promise.all(
      [water, coffee].map(async (productId) => {
        const [row] = await running.db
          .select({ id: replacementItems.id })
          .from(replacementItems)
          .where(and(eq(replacementItems.replacementId, runId), eq(replacementItems.productId, productId)));
        return row?.id ?? "";
      }),
    );
    const saved = await fetcherPost(owner, `/replacements/${runId}`, {
      intent: "quantities",
      [`delivered:${waterItem}`]: "3",
      [`cost:${waterItem}`]: "2,75",
      [`delivered:${coffeeItem}`]: "5",
      [`cost:${coffeeItem}`]: "",
    });
    expect(saved.ok).toBe(true);
    expect([await lineCost("Água"), await lineCost("Café")]).toEqual([275, null]);

    // Staff's form has no cost fields: their save keeps the costs.
    const kept = await fetcherPost(staff, `/replacements/${runId}`, {
      intent: "quantities",
      [`delivered:${waterItem}`]: "2",
      [`delivered:${coffeeItem}`]: "5",
    });
    expect(kept.ok).toBe(true);
    expect(await lineCost("Água")).toBe(275);
    const forbidden = await fetcherPost(staff, `/replacements/${runId}`, {
      intent: "quantities",
      [`delivered:${waterItem}`]: "2",
      [`cost:${waterItem}`]: "1,00",
    });
    expect(forbidden.status).toBe(403);
    expect(await lineCost("Água")).toBe(275);
  });
});
