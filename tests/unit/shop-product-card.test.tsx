import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { GuestLocale } from "~/lib/i18n/locale";
import { type ShopCardProduct, ShopProductCard } from "~/routes/shop/shop-product-card";

const base: ShopCardProduct = {
  id: "p1",
  name: "Vinho tinto",
  priceCents: 5990,
  imageThumb: null,
  category: null,
  stock: null,
  soldOut: false,
  adultsOnly: false,
};

/** The card's visible text, tags stripped. */
function cardText(product: Partial<ShopCardProduct>, locale: GuestLocale = "pt-BR"): string {
  const html = renderToStaticMarkup(
    <ShopProductCard
      locale={locale}
      product={{ ...base, ...product }}
      hash="h"
      cartId=""
      quantity={0}
      hidden={false}
      eager={false}
    />,
  );
  return html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ");
}

describe("the shop's product card", () => {
  it("says how many are left when a counted stock has 1 to 3 units", () => {
    expect(cardText({ stock: 1 })).toContain("Resta 1 ");
    expect(cardText({ stock: 2 })).toContain("Restam 2");
    expect(cardText({ stock: 3 })).toContain("Restam 3");
  });

  it("says it in the guest's language, singular for one", () => {
    expect(cardText({ stock: 1 }, "es")).toContain("Queda 1 ");
    expect(cardText({ stock: 2 }, "es")).toContain("Quedan 2");
    expect(cardText({ stock: 1 }, "en")).toContain("1 left");
    expect(cardText({ stock: 2 }, "en")).toContain("2 left");
  });

  it("writes the price, the button and 'sold out' in the guest's language", () => {
    expect(cardText({ priceCents: 123456 }, "en")).toContain("R$1,234.56");
    expect(cardText({ priceCents: 123456 }, "es")).toMatch(/R\$\s1\.234,56/);
    expect(cardText({}, "es")).toContain("Agregar");
    expect(cardText({ stock: 0, soldOut: true }, "en")).toContain("Sold out");
    expect(cardText({ stock: 0, soldOut: true })).toContain("Produto esgotado");
  });

  it("says nothing of the stock when there are more, none, or it is not counted", () => {
    for (const stock of [4, 0, null]) expect(cardText({ stock, soldOut: stock === 0 })).not.toMatch(/Resta/);
  });

  it("marks an 18+ product, and only it", () => {
    expect(cardText({ adultsOnly: true })).toContain("18+");
    expect(cardText({ adultsOnly: true })).toContain("Produto para maiores de 18 anos");
    expect(cardText({ adultsOnly: false })).not.toContain("18+");
  });
});
