// 'Contato para os hóspedes' and 'Localização para os hóspedes' (issue 24): what owners set, who may set it,
// each organization its own, and what guests then get — the shop, the success page and the receipt show the
// public location and the host's contact, never the full address.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { forgetCachedShops, loadShop } from "~/domain/carts/load-shop.server";
import { getOrganizationContact, saveOrganizationContact } from "~/domain/carts/organization-contact.server";
import { successView } from "~/domain/orders/checkout-views.server";
import { payByCard } from "~/domain/payments/pay-by-card.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { createProperty } from "~/domain/properties/create-property.server";
import { updateProperty } from "~/domain/properties/update-property.server";
import { guestContactOf } from "~/domain/team/guest-contact.server";
import { hostContactLinks } from "~/domain/team/organization-contact";
import type { Actor } from "~/domain/team/permissions";
import { organizationContacts, properties } from "~/platform/db/schema";
import { BUYER, guestWithCart, TEST_CARD } from "../support/checkout-fixtures";
import { embeddedCheckout } from "../support/embedded-checkout";
import { refusal } from "../support/refusal";
import { ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 30_000 });

const { db, h } = embeddedCheckout();

const FLAT = "Rua das Flores, 120, ap. 302 — Lagoa da Conceição, Florianópolis/SC";
const LOCATION = "Lagoa da Conceição, Florianópolis";

async function host(): Promise<{ owner: Actor; shop: Awaited<ReturnType<typeof shopFixture>> }> {
  const shop = await shopFixture(db(), [{ name: "Água", priceCents: 450, stock: 5 }]);
  return { owner: await ownerOf(db(), shop.organizationId), shop };
}

const storedContact = async (organizationId: string) =>
  (
    await db()
      .select()
      .from(organizationContacts)
      .where(eq(organizationContacts.organizationId, organizationId))
  )[0];

describe("the organization's contact for guests", () => {
  it("keeps Brazilian numbers as digits with 55 and a lower-case email; empty fields clear it", async () => {
    const { owner } = await host();
    expect(await getOrganizationContact(db(), owner)).toEqual({ whatsapp: null, phone: null, email: null });
    const saved = await saveOrganizationContact(db(), owner, {
      whatsapp: "(48) 99988-7766",
      phone: "+55 48 3222-1100",
      email: " Anfitriao@Example.COM ",
    });
    expect(saved).toEqual({
      whatsapp: "5548999887766",
      phone: "554832221100",
      email: "anfitriao@example.com",
    });
    expect(await getOrganizationContact(db(), owner)).toEqual(saved);

    await saveOrganizationContact(db(), owner, { whatsapp: "48999887766", phone: "", email: "" });
    expect(await getOrganizationContact(db(), owner)).toEqual({
      whatsapp: "5548999887766",
      phone: null,
      email: null,
    });
    await saveOrganizationContact(db(), owner, {});
    expect(await guestContactOf(db(), owner.organizationId)).toBeNull();
  });

  it("refuses a number that is not Brazilian or lacks its area code, and a bad email, changing nothing", async () => {
    const { owner } = await host();
    await saveOrganizationContact(db(), owner, { whatsapp: "48 99988-7766" });
    const err = await refusal(
      saveOrganizationContact(db(), owner, {
        whatsapp: "99988-7766",
        phone: "+1 415 555 0100",
        email: "ana@",
      }),
    );
    expect(err.kind).toBe("invalid");
    expect(err.fieldErrors).toEqual({
      whatsapp: "Informe um WhatsApp brasileiro com DDD, como (48) 99999-8888.",
      phone: "Informe um telefone brasileiro com DDD, como (48) 3333-4444.",
      email: "Informe um e-mail válido.",
    });
    // An 11-digit number must be a mobile (a 9 after the area code).
    const landline = await refusal(saveOrganizationContact(db(), owner, { whatsapp: "(48) 3322-11009" }));
    expect(landline.fieldErrors?.whatsapp).toBeDefined();
    expect((await storedContact(owner.organizationId))?.whatsapp).toBe("5548999887766");
  });

  it("is set by owners only: managers and staff are refused", async () => {
    const { owner } = await host();
    for (const role of ["manager", "staff"] as const) {
      const member: Actor = { ...owner, role };
      expect((await refusal(saveOrganizationContact(db(), member, { whatsapp: "48999887766" }))).kind).toBe(
        "forbidden",
      );
      expect((await refusal(getOrganizationContact(db(), member))).kind).toBe("forbidden");
    }
    expect(await storedContact(owner.organizationId)).toBeUndefined();
  });

  it("belongs to one organization: another host's save neither reads nor changes it", async () => {
    const a = await host();
    const b = await host();
    await saveOrganizationContact(db(), a.owner, { email: "a@example.com" });
    await saveOrganizationContact(db(), b.owner, { email: "b@example.com" });
    expect((await getOrganizationContact(db(), a.owner)).email).toBe("a@example.com");
    expect((await getOrganizationContact(db(), b.owner)).email).toBe("b@example.com");
    forgetCachedShops();
    const shopA = await loadShop(db(), a.shop.hash, null);
    expect(shopA?.contact?.email).toBe("a@example.com");
  });

  it("becomes the guests' links: WhatsApp to wa.me, the phone to tel:, the email to mailto:", () => {
    expect(
      hostContactLinks({ whatsapp: "5548999887766", phone: "554832221100", email: "a@example.com" }),
    ).toEqual([
      { kind: "whatsapp", label: "WhatsApp", text: "(48) 99988-7766", href: "https://wa.me/5548999887766" },
      { kind: "phone", label: "Telefone", text: "(48) 3222-1100", href: "tel:+554832221100" },
      { kind: "email", label: "E-mail", text: "a@example.com", href: "mailto:a@example.com" },
    ]);
    expect(hostContactLinks(null)).toEqual([]);
  });
});

describe("the property's location for guests", () => {
  it("is stored trimmed, empty as none, and limited to 120 characters", async () => {
    const { owner } = await host();
    const made = await createProperty(db(), owner, {
      name: "Casa",
      address: FLAT,
      publicLocation: ` ${LOCATION} `,
    });
    expect(made.publicLocation).toBe(LOCATION);
    const none = await createProperty(db(), owner, { name: "Flat", address: FLAT, publicLocation: "  " });
    expect(none.publicLocation).toBeNull();
    const err = await refusal(
      updateProperty(db(), owner, made.id, { name: "Casa", address: FLAT, publicLocation: "x".repeat(121) }),
    );
    expect(err.fieldErrors).toEqual({
      publicLocation: "A localização para os hóspedes deve ter no máximo 120 caracteres.",
    });
    const [row] = await db().select().from(properties).where(eq(properties.id, made.id));
    expect(row?.publicLocation).toBe(LOCATION);
  });

  it("cannot be set on another host's property (not found)", async () => {
    const a = await host();
    const b = await host();
    const err = await refusal(
      updateProperty(db(), b.owner, a.shop.propertyId, {
        name: "Minha",
        address: "Rua B",
        publicLocation: "Centro",
      }),
    );
    expect(err.kind).toBe("not_found");
    const [row] = await db().select().from(properties).where(eq(properties.id, a.shop.propertyId));
    expect(row?.publicLocation).toBeNull();
  });
});

describe("what guests get", () => {
  async function placeWithFlat(publicLocation: string | null) {
    const g = await guestWithCart(db(), [{ name: "Água", priceCents: 450, stock: 5 }], { Água: 1 });
    await db()
      .update(properties)
      .set({ address: FLAT, publicLocation })
      .where(eq(properties.id, g.shop.propertyId));
    return g;
  }

  it("the shop, the success page and the receipt show the location and the host's contact, never the address", async () => {
    const g = await placeWithFlat(LOCATION);
    const owner = await ownerOf(db(), g.shop.organizationId);
    await saveOrganizationContact(db(), owner, { whatsapp: "(48) 99988-7766", email: "casa@example.com" });

    const shop = await loadShop(db(), g.shop.hash, g.deviceId);
    expect(shop?.property.publicLocation).toBe(LOCATION);
    expect(shop?.contact).toEqual({ whatsapp: "5548999887766", phone: null, email: "casa@example.com" });
    expect(JSON.stringify(shop)).not.toContain("Rua das Flores");

    await placeOrder(h.ctx, { ...g.key, method: "credit_card", buyer: BUYER });
    const token = (await h.sandbox.tokenize({ ...TEST_CARD, holderName: "APRO" })).id;
    const paid = await payByCard(h.ctx, { ...g.key, token, paymentMethodId: null, issuerId: null });
    expect(paid.status).toBe("paid");

    const success = await successView(db(), g.cartId, g.deviceId);
    expect(success?.place).toEqual({ name: expect.any(String), publicLocation: LOCATION });
    expect(success?.contact?.whatsapp).toBe("5548999887766");
    expect(JSON.stringify(success)).not.toContain("Rua das Flores");

    const [receipt] = h
      .outbox()
      .filter((m) => m.to === BUYER.email && m.text.includes(paid.orderId.slice(0, 8)));
    expect(receipt?.text).toContain(`Localização: ${LOCATION}`);
    expect(receipt?.text).toContain("Fale com o anfitrião");
    expect(receipt?.text).toContain("WhatsApp: (48) 99988-7766 (https://wa.me/5548999887766)");
    expect(receipt?.html).toContain('href="https://wa.me/5548999887766"');
    expect(receipt?.html).toContain('href="mailto:casa@example.com"');
    for (const part of [receipt?.text, receipt?.html, receipt?.subject]) {
      expect(part).not.toContain("Rua das Flores");
      expect(part).not.toContain("302");
    }
  });

  it("nothing of the location nor a contact when the host set none", async () => {
    const g = await placeWithFlat(null);
    forgetCachedShops();
    const shop = await loadShop(db(), g.shop.hash, g.deviceId);
    expect(shop?.property.publicLocation).toBeNull();
    expect(shop?.contact).toBeNull();

    await placeOrder(h.ctx, { ...g.key, method: "credit_card", buyer: BUYER });
    const token = (await h.sandbox.tokenize({ ...TEST_CARD, holderName: "APRO" })).id;
    const paid = await payByCard(h.ctx, { ...g.key, token, paymentMethodId: null, issuerId: null });
    const [receipt] = h
      .outbox()
      .filter((m) => m.to === BUYER.email && m.text.includes(paid.orderId.slice(0, 8)));
    expect(receipt?.text).toBeDefined();
    expect(receipt?.text).not.toContain("Localização");
    expect(receipt?.text).not.toContain("Fale com o anfitrião");
    expect(receipt?.text).not.toContain("Rua das Flores");
  });

  it("a change of the contact reaches the shop at once on this instance", async () => {
    const { owner, shop } = await host();
    await loadShop(db(), shop.hash, null);
    await saveOrganizationContact(db(), owner, { phone: "(11) 3333-4444" });
    expect((await loadShop(db(), shop.hash, null))?.contact?.phone).toBe("551133334444");
  });
});
