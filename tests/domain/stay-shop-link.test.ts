// Issue 48's orders before arrival, part 1: a product the host marks 'Disponível sob encomenda', and a stay's
// shop link (one unguessable token per stay) the host copies from the stay's page and the agenda.
import { describe, expect, it, vi } from "vitest";
import { findStayShop } from "~/domain/carts/stay-shop.server";
import { createProduct, getProduct, updateProduct } from "~/domain/catalog/products.server";
import { readAgenda } from "~/domain/stays/read-agenda.server";
import { readStay } from "~/domain/stays/read-stay.server";
import { stayShopPath } from "~/domain/stays/stay-shop-link.server";
import { preArrivalCutoff, preArrivalPhase } from "~/lib/pre-arrival-window";
import { embeddedCheckout } from "../support/embedded-checkout";
import { ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";
import { insertStay } from "../support/stay-fixtures";

vi.setConfig({ testTimeout: 30_000 });

const { db } = embeddedCheckout();

/** An instant written in São Paulo time. */
const sp = (text: string) => new Date(`${text}-03:00`);

describe("'Disponível sob encomenda'", () => {
  it("the form's checkbox marks a product, and saving without it takes the mark off", async () => {
    const shop = await shopFixture(db(), []);
    const owner = await ownerOf(db(), shop.organizationId);
    const made = await createProduct(db(), owner, { name: "Espumante", price: "89,90", madeToOrder: "on" });
    expect(made.madeToOrder).toBe(true);
    expect((await getProduct(db(), owner, { id: made.id })).madeToOrder).toBe(true);
    await updateProduct(db(), owner, { id: made.id, name: "Espumante", price: "89,90" });
    expect((await getProduct(db(), owner, { id: made.id })).madeToOrder).toBe(false);
  });
});

describe("a stay's shop link", () => {
  it("is one per stay, unguessable, on the stay's page and on the agenda's check-in", async () => {
    const shop = await shopFixture(db(), []);
    const owner = await ownerOf(db(), shop.organizationId);
    const first = await insertStay(db(), shop, "2026-12-10", "2026-12-14");
    const second = await insertStay(db(), shop, "2026-12-14", "2026-12-16");
    const a = (await readStay(db(), owner, first))?.shopPath;
    const b = (await readStay(db(), owner, second))?.shopPath;
    expect(a).toMatch(/^\/e\/[0-9a-f]{32}$/);
    expect(b).toMatch(/^\/e\/[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
    // Read again, the same link: the host's pasted message keeps working.
    expect((await readStay(db(), owner, first))?.shopPath).toBe(a);

    const agenda = await readAgenda(db(), owner, { month: "2026-12", today: "2026-12-01" });
    const checkIns = agenda.days.flatMap((d) => d.entries).filter((e) => e.type === "checkin");
    expect(checkIns.map((e) => ("shopPath" in e ? [e.stayId, e.shopPath] : null))).toEqual(
      expect.arrayContaining([
        [first, a],
        [second, b],
      ]),
    );

    const found = await findStayShop(db(), a?.slice(3), sp("2026-12-05T10:00:00"));
    expect(found).toMatchObject({
      stayId: first,
      organizationId: shop.organizationId,
      propertyId: shop.propertyId,
      propertyHash: shop.hash,
      checkIn: "2026-12-10",
      phase: "open",
    });
  });

  it("has none for a block or a cancelled stay, and another host's stay is not found", async () => {
    const shop = await shopFixture(db(), []);
    const owner = await ownerOf(db(), shop.organizationId);
    const block = await insertStay(db(), shop, "2026-12-20", "2026-12-22", { kind: "block" });
    const cancelled = await insertStay(db(), shop, "2026-12-22", "2026-12-24", { status: "cancelled" });
    expect((await readStay(db(), owner, block))?.shopPath).toBeNull();
    expect((await readStay(db(), owner, cancelled))?.shopPath).toBeNull();

    const stay = await insertStay(db(), shop, "2026-12-24", "2026-12-26");
    const stranger = await ownerOf(db(), (await shopFixture(db(), [])).organizationId);
    expect(await readStay(db(), stranger, stay)).toBeNull();
  });

  it("finds nothing for an unknown or malformed token", async () => {
    expect(await findStayShop(db(), "0".repeat(32))).toBeNull();
    expect(await findStayShop(db(), "../i/abc")).toBeNull();
    expect(await findStayShop(db(), undefined)).toBeNull();
    expect(stayShopPath("abc")).toBe("/e/abc");
  });
});

describe("when a stay's link takes orders", () => {
  const stay = { checkIn: "2026-12-10", kind: "stay", status: "confirmed" };

  it("closes at noon the day before check-in, and opens the unit's shop from the check-in day", () => {
    expect(preArrivalCutoff("2026-12-10")).toEqual(sp("2026-12-09T12:00:00"));
    expect(preArrivalPhase(stay, sp("2026-12-09T11:59:00"))).toBe("open");
    expect(preArrivalPhase(stay, sp("2026-12-09T12:00:00"))).toBe("too_late");
    expect(preArrivalPhase(stay, sp("2026-12-09T23:59:00"))).toBe("too_late");
    expect(preArrivalPhase(stay, sp("2026-12-10T00:00:00"))).toBe("arrived");
    expect(preArrivalPhase(stay, sp("2026-12-12T09:00:00"))).toBe("arrived");
  });

  it("never for a block or a cancelled stay", () => {
    const early = sp("2026-12-01T10:00:00");
    expect(preArrivalPhase({ ...stay, kind: "block" }, early)).toBe("closed");
    expect(preArrivalPhase({ ...stay, status: "cancelled" }, early)).toBe("closed");
  });
});
