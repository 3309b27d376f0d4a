import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ShopProduct } from "~/domain/carts/load-shop.server";
import type { GuestCart } from "~/lib/guest-cart";
import { GUEST_LOCALES, type GuestLocale } from "~/lib/i18n/locale";
import PropertyShop from "~/routes/shop/property-shop";
import { parseCartTemplate } from "../../server/guest-templates/fill";
import { fillCartTemplate } from "../../server/guest-templates/shop-template";

const product = (i: number, over: Partial<ShopProduct>): ShopProduct => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  name: `Produto ${i}`,
  priceCents: 100 * i + 50,
  imageThumb: i % 2 ? `/media/p${i}.webp` : null,
  category: i % 3 ? { name: i % 3 === 1 ? "Bebidas" : "Café & chá", color: "#336699" } : null,
  stock: null,
  soldOut: false,
  adultsOnly: false,
  ...over,
});

// Names with every character React escapes, counted and uncounted stock, sold out, 18+.
const catalogue: ShopProduct[] = [
  product(1, { name: `Água "com" gás <b>&'`, stock: 2 }),
  product(2, { stock: 1 }),
  product(3, { stock: null }),
  product(4, { stock: 0, soldOut: true }),
  product(5, { stock: 9, adultsOnly: true, name: "Vinho" }),
  product(6, { stock: 3 }),
  product(7, { stock: null, ptName: "Sétimo" }),
];

function page(locale: GuestLocale, cart: GuestCart | null, slots: { token: string } | null): string {
  const loaderData = {
    locale,
    property: { name: "Casa <da> Praia & 'Mar'", publicLocation: "Ubatuba", hash: "abc123" },
    products: catalogue,
    cart,
    contact: [],
    slots,
  };
  const Page = PropertyShop as unknown as (props: { loaderData: typeof loaderData }) => React.ReactNode;
  return renderToString(
    <MemoryRouter initialEntries={["/i/abc123"]}>
      <Page loaderData={loaderData} />
    </MemoryRouter>,
  );
}

/** A seeded generator, so a failure names a cart that can be run again. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

function randomCart(seed: number): GuestCart | null {
  const next = random(seed);
  if (next() < 0.1) return null;
  const lines = catalogue
    .filter((p) => !p.soldOut && next() < 0.5)
    .map((p) => ({ productId: p.id, quantity: 1 + Math.floor(next() * 4), unitPriceCents: p.priceCents }));
  // A line whose product left the shop after it was added: counted in the bar, on no card.
  if (next() < 0.2) lines.push({ productId: "gone", quantity: 2, unitPriceCents: 999 });
  return {
    id: `cart-${seed}`,
    totalCents: lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0),
    lines,
  };
}

describe("the shop page's template (one render per catalogue, filled per guest)", () => {
  const slots = { token: "T0ken_-x" };

  it("filled with a cart, is the live page for that cart, byte for byte, in every language", () => {
    for (const locale of GUEST_LOCALES) {
      const template = parseCartTemplate(slots, page(locale, null, slots));
      for (let seed = 1; seed <= 60; seed++) {
        const cart = randomCart(seed);
        expect(fillCartTemplate(template, locale, cart, "n"), `${locale} seed ${seed}`).toBe(
          page(locale, cart, null),
        );
      }
    }
  });

  it("covers a cart at a product's limit (its plus disabled), an empty cart and no cart", () => {
    const template = parseCartTemplate(slots, page("pt-BR", null, slots));
    const id = (i: number) => catalogue[i - 1]?.id ?? "";
    const atLimit: GuestCart = {
      id: "c1",
      totalCents: 3 * 250 + 950,
      lines: [
        { productId: id(2), quantity: 3, unitPriceCents: 250 },
        { productId: id(1), quantity: 1, unitPriceCents: 950 },
      ],
    };
    const filled = fillCartTemplate(template, "pt-BR", atLimit, "n");
    expect(filled).toBe(page("pt-BR", atLimit, null));
    expect(filled).toMatch(/disabled="" aria-label="Adicionar mais uma unidade de Produto 2"/);
    expect(filled).toContain("4 itens");
    const empty: GuestCart = { id: "c2", totalCents: 0, lines: [] };
    expect(fillCartTemplate(template, "pt-BR", empty, "n")).toBe(page("pt-BR", empty, null));
    expect(fillCartTemplate(template, "pt-BR", null, "n")).toBe(page("pt-BR", null, null));
  });

  it("leaves no mark behind, and a host's text cannot pass for one", () => {
    const template = parseCartTemplate(slots, page("en", null, slots));
    const filled = fillCartTemplate(template, "en", randomCart(3), "n");
    expect(filled).not.toContain("\u0001");
    expect(filled).not.toContain(slots.token);
    expect(template.filter((part) => typeof part !== "string").length).toBeGreaterThan(20);
  });
});
