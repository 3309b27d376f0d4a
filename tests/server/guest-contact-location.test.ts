// What guests' pages say about the place and the host (issue 24), over HTTP against the built app: the shop
// (the first scan's shared page and a guest's own) and the success page show the public location and 'Fale com
// o anfitrião', never the full address with its flat number.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationContacts, properties } from "~/platform/db/schema";
import { startCheckoutServer } from "../support/checkout-server";
import { guestPhone } from "../support/guest-phone";
import { postgresAvailable } from "../support/postgres";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();

const FLAT = "Rua das Flores, 120, ap. 302 — Lagoa da Conceição, Florianópolis/SC";
const LOCATION = "Lagoa da Conceição, Florianópolis";

/** Everything a guest's page must show of the place and the host, and must not. */
function expectPlaceAndHost(html: string) {
  expect(html).toContain(LOCATION);
  expect(html).toContain("Fale com o anfitrião");
  expect(html).toContain('href="https://wa.me/5548999887766"');
  expect(html).toContain("(48) 99988-7766");
  expect(html).toContain('href="tel:+554832221100"');
  expect(html).not.toContain("Rua das Flores");
  expect(html).not.toContain("ap. 302");
}

describe.runIf(available)("the place and the host on guest pages", () => {
  let running: ShopServer;
  let ipCounter = 0;

  beforeAll(async () => {
    running = await startCheckoutServer([{ name: "Suco", priceCents: 900, stock: 6 }]);
    await running.db
      .update(properties)
      .set({ address: FLAT, publicLocation: LOCATION })
      .where(eq(properties.id, running.shop.propertyId));
    await running.db.insert(organizationContacts).values({
      organizationId: running.shop.organizationId,
      whatsapp: "5548999887766",
      phone: "554832221100",
    });
  });
  afterAll(() => running?.stop());

  const guest = () => guestPhone(running.server.url, `198.18.0.${++ipCounter}`);

  it("the shop shows the neighbourhood and the host's links, to a first scan and to a guest with a cart", async () => {
    const phone = guest();
    const first = await phone.request(`/i/${running.shop.hash}`);
    expect(first.status).toBe(200);
    expectPlaceAndHost(first.body);

    const added = await phone.cart({
      intent: "add",
      hash: running.shop.hash,
      productId: running.shop.productIds.Suco ?? "",
    });
    expect(added.status).toBe(200);
    const live = await phone.request(`/i/${running.shop.hash}`);
    expectPlaceAndHost(live.body);
  });

  it("the success page of a paid order shows them too", async () => {
    const phone = guest();
    const added = await phone.cart({
      intent: "add",
      hash: running.shop.hash,
      productId: running.shop.productIds.Suco ?? "",
    });
    const cartId: string = added.json.cart.id;
    const identified = await phone.request(`/payments/${cartId}/credit_card`, {
      fullName: "Maria da Silva",
      cpf: "123.456.789-09",
      email: "maria@example.com",
      phone: "(11) 98765-4321",
    });
    expect(identified.status).toBe(303);
    const made = await fetch(`${running.server.url}/sandbox/v1/card_tokens`, {
      method: "POST",
      headers: { origin: running.server.url, "content-type": "application/json" },
      body: JSON.stringify({
        card_number: "5031 4332 1540 6351",
        expiration_month: 11,
        expiration_year: 2030,
        security_code: "123",
        cardholder: { name: "APRO" },
      }),
    });
    const { id: token } = (await made.json()) as { id: string };
    const paid = await phone.request(`/payments/${cartId}/credit_card/charge`, {
      token,
      paymentMethodId: "master",
      issuerId: "",
    });
    expect(JSON.parse(paid.body)).toMatchObject({ ok: true, status: "paid" });

    const success = await phone.request(`/payments/${cartId}/success`);
    expect(success.body).toContain("Pagamento confirmado!");
    expectPlaceAndHost(success.body);
  });
});
