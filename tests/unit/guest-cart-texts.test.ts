import { describe, expect, it } from "vitest";
import { cartBarText, cartLineText } from "~/lib/guest-cart";
import { guestName } from "~/lib/guest-name";
import { guestMessages } from "~/lib/i18n/messages";
import { filterShop } from "~/lib/shop-filter";

const items = (locale: "pt-BR" | "en" | "es") => guestMessages(locale).shop.cartItems;

describe("the cart bar and lines, per language", () => {
  it("counts items with each language's plural and writes reais its way", () => {
    expect(cartBarText("pt-BR", items("pt-BR"), 2, 800)).toBe("2 itens · R$\u00a08,00");
    expect(cartBarText("pt-BR", items("pt-BR"), 1, 400)).toBe("1 item · R$\u00a04,00");
    expect(cartBarText("en", items("en"), 1, 400)).toBe("1 item · R$4.00");
    expect(cartBarText("en", items("en"), 3, 123456)).toBe("3 items · R$1,234.56");
    expect(cartBarText("es", items("es"), 1, 800)).toMatch(/^1 producto · R\$\s8,00$/);
    expect(cartBarText("es", items("es"), 2, 800)).toMatch(/^2 productos · R\$\s8,00$/);
  });

  it("writes a summary line with the guest's money format", () => {
    expect(cartLineText("pt-BR", 2, 400)).toBe("2 x R$\u00a04,00 = R$\u00a08,00");
    expect(cartLineText("en", 2, 400)).toBe("2 x R$4.00 = R$8.00");
  });
});

describe("names for guests", () => {
  const names = { name: "Água com gás", nameEn: "Sparkling water", nameEs: null };

  it("shows the name in the guest's language when the host wrote it, the pt-BR one otherwise", () => {
    expect(guestName("en", names)).toBe("Sparkling water");
    expect(guestName("es", names)).toBe("Água com gás");
    expect(guestName("pt-BR", names)).toBe("Água com gás");
    expect(guestName("es", { ...names, nameEs: "  " })).toBe("Água com gás");
  });

  it("searches the name shown and the pt-BR name, and a category by either", () => {
    const products = [
      { name: "Sparkling water", ptName: "Água com gás", category: { name: "Drinks", ptName: "Bebidas" } },
      { name: "Café", category: null },
    ];
    const shown = (q: string, c = "") => filterShop(products, q, c).map((p) => p.name);
    expect(shown("sparkling")).toEqual(["Sparkling water"]);
    expect(shown("agua")).toEqual(["Sparkling water"]);
    expect(shown("", "drinks")).toEqual(["Sparkling water"]);
    expect(shown("", "bebidas")).toEqual(["Sparkling water"]);
    expect(shown("water", "Café da manhã")).toEqual([]);
  });
});
