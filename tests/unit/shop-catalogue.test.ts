import { describe, expect, it } from "vitest";
import { CART_TEXT } from "~/domain/carts/messages";
import { GUEST_LOCALES } from "~/lib/i18n/locale";
import { guestMessages, translateFromPortuguese } from "~/lib/i18n/messages";

/** Every text of a catalogue part: strings as they are, functions called with sample arguments. */
function texts(value: unknown, path = "shop"): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (typeof value === "function") {
    return [1, 2, 5].map((n) => [`${path}(${n})`, String(value(n, "Exemplo"))]);
  }
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, v]) => texts(v, `${path}.${key}`));
  }
  throw new Error(`${path} is neither a text nor a message`);
}

describe("the shop catalogue", () => {
  it("has every message non-empty in all three languages", () => {
    for (const locale of GUEST_LOCALES) {
      const all = texts(guestMessages(locale).shop);
      expect(all.length).toBeGreaterThan(40);
      for (const [path, text] of all) expect(text.trim(), `${locale} ${path}`).not.toBe("");
    }
  });

  it("translates the cart's refusals the domain says in pt-BR", () => {
    expect(translateFromPortuguese("es", CART_TEXT.soldOut)).toBe("Agotado");
    expect(translateFromPortuguese("en", CART_TEXT.addFailed)).toBe("Couldn't add the product to your cart");
    expect(translateFromPortuguese("pt-BR", CART_TEXT.soldOut)).toBe("Produto esgotado");
  });

  it("says few units left with the plural of each language", () => {
    const fewLeft = (locale: (typeof GUEST_LOCALES)[number], n: number) =>
      guestMessages(locale).shop.fewLeft(n);
    expect([fewLeft("pt-BR", 1), fewLeft("pt-BR", 2)]).toEqual(["Resta 1", "Restam 2"]);
    expect([fewLeft("es", 1), fewLeft("es", 2)]).toEqual(["Queda 1", "Quedan 2"]);
    expect([fewLeft("en", 1), fewLeft("en", 2)]).toEqual(["1 left", "2 left"]);
  });
});
