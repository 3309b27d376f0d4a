// Issue 24: the checkout, receipt and privacy texts in pt-BR, English and Spanish: every message of these
// areas there and written, the domain's pt-BR sentences found again in each language, a card refusal per
// reason in each, and the receipt in the order's language with the guest's data-request link.
import { describe, expect, it } from "vitest";
import { BUYER_TEXT, checkBuyer } from "~/domain/orders/buyer";
import { checkBuyerFields } from "~/domain/orders/buyer-rules";
import { CHECKOUT_TEXT } from "~/domain/orders/messages";
import { RECEIVING_TEXT } from "~/domain/payment-accounts/messages";
import { CARD_REFUSAL_TEXT } from "~/domain/payments/card-refusal-text";
import { checkCardForm } from "~/lib/card";
import type { GuestLocale } from "~/lib/i18n/locale";
import { guestMessages, translateFromPortuguese } from "~/lib/i18n/messages";
import { receiptEmail } from "~/platform/mail/templates.server";
import { CARD_REFUSALS } from "~/platform/payments/provider";

const AREAS = ["checkout", "mail", "privacy"] as const;
const OTHERS: GuestLocale[] = ["en", "es"];
/** Words that are the same in every language (names, abbreviations), and Spanish words Portuguese shares. */
const SAME_EVERYWHERE = new Set(["Total", "Total: «0»", "Pix", "CVV", "WhatsApp", "Cookies"]);
const SAME_IN_SPANISH = new Set(["Copiar código", "MM/AA", "Pedido reembolsado", "Pedido cancelado"]);

/** Every message of a catalogue area as [path, text], functions called with sample arguments. */
function texts(value: unknown, at = ""): [string, string][] {
  if (typeof value === "string") return [[at, value]];
  if (typeof value === "function") {
    const args = Array.from({ length: value.length }, (_, i) => (i === 1 ? 3 : `«${i}»`));
    return [[at, String(value(...args))]];
  }
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, v]) => texts(v, at ? `${at}.${key}` : key));
  return [[at, String(value)]];
}

describe("the checkout's catalogue areas", () => {
  it("hold every pt-BR message in English and Spanish, written and not left in Portuguese", () => {
    for (const area of AREAS) {
      const source = texts(guestMessages("pt-BR")[area]);
      expect(source.length, area).toBeGreaterThan(5);
      for (const locale of OTHERS) {
        const own = new Map(texts(guestMessages(locale)[area]));
        expect([...own.keys()], `${area} in ${locale}`).toEqual(source.map(([key]) => key));
        for (const [key, pt] of source) {
          const text = own.get(key) ?? "";
          expect(text.trim(), `${locale} ${area}.${key}`).not.toBe("");
          const shared = SAME_EVERYWHERE.has(pt) || (locale === "es" && SAME_IN_SPANISH.has(pt));
          if (!shared) expect(text, `${locale} ${area}.${key} is Portuguese`).not.toBe(pt);
        }
      }
    }
  });

  it("find the domain's pt-BR sentences again in each language", () => {
    const es = (text: string) => translateFromPortuguese("es", text);
    const en = (text: string) => translateFromPortuguese("en", text);
    expect(es(BUYER_TEXT.cpfInvalid)).toBe("CPF no válido");
    expect(en(BUYER_TEXT.contactRequired)).toBe("Enter at least one way to reach you (email or phone)");
    expect(es(CHECKOUT_TEXT.adultConfirmRequired)).toBe(
      guestMessages("es").checkout.errors.adultConfirmRequired,
    );
    expect(en(CHECKOUT_TEXT.expired)).toBe(guestMessages("en").checkout.errors.expired);
    // A sentence of the receiving domain the guest meets at identification: the same words as its pt-BR.
    expect(en(RECEIVING_TEXT.notReceiving)).toBe(
      "This property is not taking payments yet. Please let the host know.",
    );
    for (const text of [...Object.values(BUYER_TEXT), ...Object.values(CARD_REFUSAL_TEXT)]) {
      expect(es(text), text).not.toBe(text);
      expect(en(text), text).not.toBe(text);
    }
  });

  it("word each card refusal, by reason, in each language", () => {
    expect(CARD_REFUSALS.map((r) => CARD_REFUSAL_TEXT[r])).toEqual(
      CARD_REFUSALS.map((r) => guestMessages("pt-BR").checkout.refusals[r]),
    );
    expect(translateFromPortuguese("en", CARD_REFUSAL_TEXT.insufficient_funds)).toBe(
      "Not enough balance or credit limit. Try another card or pay with Pix.",
    );
    expect(translateFromPortuguese("es", CARD_REFUSAL_TEXT.bad_security_code)).toBe(
      "Código de seguridad (CVV) incorrecto. Revísalo y vuelve a intentarlo.",
    );
    for (const locale of OTHERS) {
      const words = CARD_REFUSALS.map((r) => guestMessages(locale).checkout.refusals[r]);
      // One sentence per reason: none repeats another's words.
      expect(new Set(words).size, locale).toBe(CARD_REFUSALS.length);
    }
  });

  it("name every problem the guest script finds by a key its page carries words for", () => {
    const card = checkCardForm({ number: "1234", name: "", expiry: "13/99", cvv: "" });
    const buyer = checkBuyerFields({ fullName: "", cpf: "111.111.111-12", email: "x@", phone: "123" });
    expect(card.ok || buyer.ok).toBe(false);
    for (const locale of ["pt-BR", ...OTHERS] as GuestLocale[]) {
      const t = guestMessages(locale).checkout;
      if (!card.ok) for (const key of Object.values(card.errors)) expect(t.card[key], key).toBeTruthy();
      if (!buyer.ok) for (const key of Object.values(buyer.problems)) expect(t.buyer[key], key).toBeTruthy();
    }
    // The server's words are the pt-BR ones, as before.
    expect(checkBuyer({ fullName: "", cpf: "", email: "", phone: "" })).toEqual({
      ok: false,
      errors: { fullName: "Nome completo é obrigatório", email: BUYER_TEXT.contactRequired },
    });
  });

  it("count the months the data are kept in each language", () => {
    expect(guestMessages("pt-BR").privacy.notice.text("Pousada", 1)).toContain("por 1 mês.");
    expect(guestMessages("en").privacy.notice.text("Pousada", 24)).toContain("for 24 months.");
    expect(guestMessages("es").privacy.page.howLong(1)).toContain("durante 1 mes.");
  });
});

describe("the receipt email", () => {
  const order = {
    name: "Lucía Fernández",
    propertyName: "Casa Azul",
    location: "Lagoa da Conceição, Florianópolis",
    contact: {
      links: [{ kind: "whatsapp" as const, text: "(48) 99988-7766", href: "https://wa.me/5548999887766" }],
    },
    orderShortId: "AB12CD34",
    paidAt: "25/11/2026, 10:30",
    method: "credit_card",
    lines: [{ name: "Café", quantity: 2, unitPrice: "R$ 8,00", lineTotal: "R$ 16,00" }],
    total: "R$ 16,00",
    shopUrl: "https://estadia.example/i/abc",
    dataRequestUrl: "https://estadia.example/meus-dados/0000.sig",
  };

  it("is written in the order's language, with the link to ask for a copy or the erasure of the data", () => {
    const es = receiptEmail({ ...order, locale: "es" });
    expect(es.subject).toBe("Recibo de tu pedido en Casa Azul");
    expect(es.text).toContain("¡Hola, Lucía!");
    expect(es.text).toContain(
      "Recibimos el pago de tu pedido AB12CD34 en Casa Azul, el 25/11/2026, 10:30 (Tarjeta de crédito).",
    );
    expect(es.text).toContain("Ubicación: Lagoa da Conceição, Florianópolis");
    expect(es.text).toContain("Contacta al anfitrión\nWhatsApp: (48) 99988-7766");
    expect(es.text).toContain(
      "Tus datos: pedir una copia o su eliminación:\nhttps://estadia.example/meus-dados/0000.sig",
    );
    expect(es.html).toContain('<html lang="es">');
    expect(es.html).toContain('href="https://estadia.example/meus-dados/0000.sig"');
    expect(es.html).toContain("Si el botón no funciona");
    expect(es.html).not.toContain("Se o botão não funcionar");

    const en = receiptEmail({ ...order, locale: "en", method: "pix" });
    expect(en.subject).toBe("Receipt for your order at Casa Azul");
    expect(en.text).toContain("(Pix). Thank you!");
    expect(en.text).toContain("Your data: ask for a copy or for erasure:");

    const pt = receiptEmail({ ...order, locale: "pt-BR" });
    expect(pt.subject).toBe("Recibo do seu pedido em Casa Azul");
    expect(pt.text).toContain("Olá, Lucía!");
    expect(pt.text).toContain("(Cartão de crédito). Obrigado pela compra!");
    expect(pt.text).toContain("Localização: Lagoa da Conceição, Florianópolis");
    expect(pt.text).toContain(
      "Fale com o anfitrião\nWhatsApp: (48) 99988-7766 (https://wa.me/5548999887766)",
    );
    expect(pt.text).toContain("Seus dados: pedir uma cópia ou a exclusão:");
    expect(pt.html).toContain('<html lang="pt-BR">');
  });
});
