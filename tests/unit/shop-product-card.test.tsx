import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
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
function cardText(product: Partial<ShopCardProduct>): string {
  const html = renderToStaticMarkup(
    <ShopProductCard
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

  it("says nothing of the stock when there are more, none, or it is not counted", () => {
    for (const stock of [4, 0, null]) expect(cardText({ stock, soldOut: stock === 0 })).not.toMatch(/Resta/);
  });

  it("marks an 18+ product, and only it", () => {
    expect(cardText({ adultsOnly: true })).toContain("18+");
    expect(cardText({ adultsOnly: true })).toContain("Produto para maiores de 18 anos");
    expect(cardText({ adultsOnly: false })).not.toContain("18+");
  });
});
