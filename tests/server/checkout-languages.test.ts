// Issue 24: the checkout in the guest's language over HTTP against the built app (sandbox provider): a
// browser asking for Spanish gets identification, PIX payment and success in Spanish, its refusals too, the
// order keeps 'es' and the receipt comes in Spanish with the link to the guest's own data request; a card
// refusal reads in English; the LGPD notice names the host and the retention set (GUEST_DATA_RETENTION_MONTHS); /privacidade speaks the three languages.
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, organization } from "~/platform/db/schema";
import { readOutbox } from "~/platform/mail/outbox.server";
import { startCheckoutServer, WEBHOOK_APPLIED } from "../support/checkout-server";
import { sandboxChargeOf, settleCharge } from "../support/money-http";
import { postgresAvailable } from "../support/postgres";
import type { ShopServer } from "../support/shop-server";

const available = await postgresAvailable();

const HOST = "Pousada Sol Nascente";
const BUYER = {
  fullName: "Lucía Fernández",
  cpf: "",
  email: "lucia.fernandez@example.com",
  phone: "",
};
const CARD = {
  card_number: "5031 4332 1540 6351",
  expiration_month: 11,
  expiration_year: 2030,
  security_code: "123",
};

/** A phone whose browser asks for `language`: plain requests, its device cookie kept (and the switch's). */
function phoneIn(baseUrl: string, ip: string, language?: string) {
  const cookies = new Map<string, string>();
  const request = async (url: string, form?: Record<string, string>) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        "x-forwarded-for": ip,
        ...(language ? { "accept-language": language } : {}),
        ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
        ...(form ? { origin: baseUrl, "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair = ""] = set.split(";");
      const [name = "", value = ""] = pair.split("=");
      cookies.set(name, value);
    }
    return { status: res.status, location: res.headers.get("location"), body: await res.text() };
  };
  return { request };
}
type Phone = ReturnType<typeof phoneIn>;

/** React's text escaping, to find a sentence with quotes in a page. */
const html = (text: string) => text.replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

describe.runIf(available)("the checkout in the guest's language", () => {
  let running: ShopServer;
  let ipCounter = 0;

  beforeAll(async () => {
    // Not the default 24: the notices say what the retention job is set to.
    running = await startCheckoutServer([{ name: "Café", priceCents: 800, stock: 20 }], {
      env: { GUEST_DATA_RETENTION_MONTHS: "18" },
    });
    await running.db
      .update(organization)
      .set({ name: HOST })
      .where(eq(organization.id, running.shop.organizationId));
  });
  afterAll(() => running?.stop());

  const guest = (language?: string) => phoneIn(running.server.url, `192.0.2.${++ipCounter}`, language);
  const ordersOf = (cartId: string) =>
    running.db.select().from(orders).where(eq(orders.cartId, cartId)).orderBy(asc(orders.createdAt));

  /** One coffee in a new cart, the method chosen on the summary: the cart's id. */
  async function cartFor(phone: Phone, method: "pix" | "credit_card"): Promise<string> {
    expect((await phone.request(`/i/${running.shop.hash}`)).status).toBe(200);
    const added = await phone.request("/api/cart", {
      intent: "add",
      hash: running.shop.hash,
      productId: running.shop.productIds.Café ?? "",
    });
    expect(added.status).toBe(200);
    const cartId: string = JSON.parse(added.body).cart.id;
    const chosen = await phone.request(`/payment/${cartId}`, { intent: "continue", method });
    expect(chosen.location).toBe(`/payments/${cartId}/${method}`);
    return cartId;
  }

  it("a Spanish browser: identification, a refused CPF, PIX, success and the receipt in Spanish", async () => {
    const phone = guest("es-AR,es;q=0.9,en;q=0.8");
    const cartId = await cartFor(phone, "pix");

    const identification = await phone.request(`/payments/${cartId}/pix`);
    expect(identification.status).toBe(200);
    expect(identification.body).toContain('<html lang="es"');
    expect(identification.body).toContain("<title>Tus datos | Finalizar pedido</title>");
    expect(identification.body).toContain("Nombre completo");
    expect(identification.body).toContain("Continuar al pago");
    expect(identification.body).toContain("Resumen de la compra");
    expect(identification.body).toContain('aria-label="Pasos de la compra"');
    expect(identification.body).toContain("data-language-switch");
    expect(identification.body).not.toContain("Continuar para pagamento");
    // The LGPD notice: the host by name, what for, how long, and the way to the full notice.
    expect(identification.body).toContain(
      `Tus datos van a ${HOST}, el anfitrión, solo para esta compra y su recibo. Se guardan durante 18 meses.`,
    );
    expect(identification.body).toMatch(/<a href="\/privacidade"[^>]*>Aviso de privacidad<\/a>/);
    // The guest script's field messages come with the page, in Spanish.
    expect(identification.body).toContain(html('"cpfInvalid":"CPF no válido"'));

    const refused = await phone.request(`/payments/${cartId}/pix`, { ...BUYER, cpf: "111.111.111-12" });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("Revisa los datos marcados.");
    expect(refused.body).toMatch(/<p id="[^"]*-error" role="alert"[^>]*>CPF no válido<\/p>/);
    expect(refused.body).not.toContain("CPF inválido");

    const placed = await phone.request(`/payments/${cartId}/pix`, BUYER);
    expect(placed.status, placed.body.slice(0, 300)).toBe(303);
    const [order] = await ordersOf(cartId);
    expect(order?.locale).toBe("es");

    expect((await phone.request(`/payments/${cartId}/pix/payment`, { intent: "pix" })).status).toBe(303);
    const payment = await phone.request(`/payments/${cartId}/pix/payment`);
    expect(payment.status).toBe(200);
    expect(payment.body).toContain("<title>Pago | Finalizar pedido</title>");
    expect(payment.body).toContain("Pago con Pix");
    expect(payment.body).toMatch(/Total: R\$\s8,00/);
    expect(payment.body).toContain("Copiar código");
    expect(payment.body).toContain('data-pix-copied="¡Código copiado!"');
    expect(payment.body).toContain(html('"expiresIn":"Vence en {time}"'));
    expect(payment.body).toContain(html('"timeUp":"Terminó el plazo para pagar."'));
    expect(payment.body).toContain("Pagar con tarjeta de crédito");
    expect(payment.body).not.toContain("Pagamento via Pix");

    const chargeId = sandboxChargeOf(payment.body);
    const settled = await settleCharge(running.server.url, chargeId, "approve");
    expect(settled.status).toBe(303);
    await expect.poll(async () => (await ordersOf(cartId))[0]?.status, WEBHOOK_APPLIED).toBe("paid");

    const success = await phone.request(`/payments/${cartId}/success`);
    expect(success.body).toContain("<title>¡Pago confirmado!</title>");
    expect(success.body).toContain("¡Gracias por tu compra!");
    expect(success.body).toContain("Volver a la tienda");
    expect(success.body).toContain("data-language-switch");

    const outbox = path.join(running.server.dataDir, "outbox");
    await expect
      .poll(() => readOutbox(outbox).some((m) => m.to.includes(BUYER.email)), WEBHOOK_APPLIED)
      .toBe(true);
    const receipt = readOutbox(outbox).find((m) => m.to.includes(BUYER.email));
    expect(receipt?.subject).toMatch(/^Recibo de tu pedido en /);
    expect(receipt?.text).toContain("¡Hola, Lucía!");
    expect(receipt?.text).toContain("Recibimos el pago de tu pedido");
    expect(receipt?.text).toMatch(/Total: R\$\s8,00/);
    expect(receipt?.text).toContain("Este es tu recibo.");
    expect(receipt?.html).toContain('<html lang="es"');
    // The guest's own data request: a signed link to /meus-dados for this order.
    expect(receipt?.text).toMatch(
      new RegExp(
        `Tus datos: pedir una copia o su eliminación:\\n\\S+/meus-dados/${order?.id}\\.[\\w-]{32}\\n`,
      ),
    );
    expect(receipt?.html).toContain(`/meus-dados/${order?.id}.`);
    expect(receipt?.text).not.toContain("Olá");
  });

  it("a card refused for its funds says so in English, once, and the page keeps saying it", async () => {
    const phone = guest("en-US,en;q=0.9");
    const cartId = await cartFor(phone, "credit_card");
    const placed = await phone.request(`/payments/${cartId}/credit_card`, {
      ...BUYER,
      email: "pat@example.com",
    });
    expect(placed.status).toBe(303);
    expect((await ordersOf(cartId))[0]?.locale).toBe("en");
    const page = await phone.request(`/payments/${cartId}/credit_card/payment`);
    expect(page.body).toContain("Pay by credit card");
    expect(page.body).toContain("Card number");
    expect(page.body).toContain(html('"cvvRequired":"CVV is required"'));

    const made = await fetch(`${running.server.url}/sandbox/v1/card_tokens`, {
      method: "POST",
      headers: { origin: running.server.url, "content-type": "application/json" },
      body: JSON.stringify({ ...CARD, cardholder: { name: "FUND" } }),
    });
    const token = ((await made.json()) as { id?: string }).id ?? "";
    const charged = await phone.request(`/payments/${cartId}/credit_card/charge`, {
      token,
      paymentMethodId: "master",
      issuerId: "",
    });
    expect(charged.status).toBe(402);
    expect(JSON.parse(charged.body)).toEqual({
      ok: false,
      message: "Not enough balance or credit limit. Try another card or pay with Pix.",
    });
    const again = await phone.request(`/payments/${cartId}/credit_card/payment`);
    expect(again.body).toContain("Not enough balance or credit limit. Try another card or pay with Pix.");
  });

  it("stays in pt-BR without Accept-Language, and another device's cart is not found in its own language", async () => {
    const owner = guest();
    const cartId = await cartFor(owner, "pix");
    const page = await owner.request(`/payments/${cartId}/pix`);
    expect(page.body).toContain('<html lang="pt-BR"');
    expect(page.body).toContain("Continuar para pagamento");
    expect(page.body).toContain(
      `Seus dados vão para ${HOST}, o anfitrião, só para esta compra e o seu recibo. Ficam guardados por 18 meses.`,
    );
    const stranger = guest("es");
    const other = await stranger.request(`/payments/${cartId}/pix`);
    expect(other.status).toBe(404);
    expect(other.body).toContain("Carrito no encontrado");
    expect(other.body).not.toContain(HOST);
    expect((await stranger.request(`/payments/${cartId}/success`)).status).toBe(404);
  });

  it("/privacidade in the three languages, with the switch, indexable", async () => {
    const pages = {
      "pt-BR": await guest().request("/privacidade"),
      en: await guest("en").request("/privacidade"),
      es: await guest("es-419").request("/privacidade"),
    };
    for (const [lang, page] of Object.entries(pages)) {
      expect(page.status).toBe(200);
      expect(page.body).toContain(`<html lang="${lang}"`);
      expect(page.body).toContain("data-language-switch");
      expect(page.body).not.toContain("noindex");
    }
    expect(pages["pt-BR"].body).toContain("<title>Aviso de privacidade | Estadia</title>");
    expect(pages["pt-BR"].body).toContain("O Estadia é o operador");
    expect(pages["pt-BR"].body).toContain("Os dados dos pedidos ficam guardados por 18 meses.");
    expect(pages["pt-BR"].body).toContain("A resposta vem em até 15 dias.");
    expect(pages.en.body).toContain("<title>Privacy notice | Estadia</title>");
    expect(pages.en.body).toContain("Estadia is the processor");
    expect(pages.en.body).toContain("Never your card number");
    expect(pages.es.body).toContain("<title>Aviso de privacidad | Estadia</title>");
    expect(pages.es.body).toContain("Estadia es el encargado");
    expect(pages.es.body).toContain("No usamos cookies de seguimiento ni de publicidad.");

    // The switch without JavaScript: the cookie, then the same page in English whatever the browser says.
    const phone = guest("es");
    const switched = await phone.request("/privacidade?lang=en");
    expect(switched.status).toBe(303);
    expect(switched.location).toBe("/privacidade");
    expect((await phone.request("/privacidade")).body).toContain("<title>Privacy notice | Estadia</title>");
  });
});
