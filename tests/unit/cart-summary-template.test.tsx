import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { GUEST_LOCALES, type GuestLocale } from "~/lib/i18n/locale";
import CartSummaryPage from "~/routes/checkout/cart-summary";
import { type GuestSummary, templateSummary } from "~/routes/checkout/cart-summary-template";
import { fillSummaryTemplate, parseSummaryTemplate } from "../../server/guest-templates/summary-template";

const slots = { token: "T0ken_-x" };
const TEMPLATE_ID = "00000000-0000-4000-8000-0000000000aa";

function page(locale: GuestLocale, cart: GuestSummary, template: boolean): string {
  const loaderData = { locale, cart, slots: template ? slots : null };
  const Page = CartSummaryPage as unknown as (props: { loaderData: typeof loaderData }) => React.ReactNode;
  return renderToString(
    <MemoryRouter initialEntries={[`/payment/${cart.id}`]}>
      <Page loaderData={loaderData} />
    </MemoryRouter>,
  );
}

const templateOf = (locale: GuestLocale) =>
  parseSummaryTemplate(slots, page(locale, templateSummary(slots, TEMPLATE_ID), true), TEMPLATE_ID);

/** A seeded generator, so a failure names a cart that can be run again. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

// Names with every character React escapes; counted and uncounted stock; 18+ lines.
const NAMES = [`Água "com" gás <b>&'`, "Café", "Vinho tinto", "Pão de queijo", "Chá"];

function randomCart(seed: number): GuestSummary {
  const next = random(seed);
  const lines = NAMES.filter(() => next() < 0.6).map((name, i) => {
    const stock = next() < 0.4 ? null : Math.floor(next() * 5);
    return {
      productId: `00000000-0000-4000-8000-${String(seed * 10 + i).padStart(12, "0")}`,
      name,
      imageThumb: null,
      quantity: 1 + Math.floor(next() * 4),
      unitPriceCents: 150 + Math.floor(next() * 100_000),
      stock,
      adultsOnly: next() < 0.3,
    };
  });
  return {
    id: `c0000000-0000-4000-8000-${String(seed).padStart(12, "0")}`,
    propertyId: "p",
    propertyHash: `h${seed}&<x>`,
    totalCents: lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0),
    lines,
  };
}

describe("the cart summary's template (one render per language, filled per cart)", () => {
  it("filled with a cart, is the live page for that cart, byte for byte, in every language", () => {
    for (const locale of GUEST_LOCALES) {
      const template = templateOf(locale);
      for (let seed = 1; seed <= 40; seed++) {
        const cart = randomCart(seed);
        expect(fillSummaryTemplate(template, locale, cart, "n"), `${locale} seed ${seed}`).toBe(
          page(locale, cart, false),
        );
      }
    }
  });

  it("covers a line at its stock's limit, an 18+ line and an empty cart", () => {
    const template = templateOf("pt-BR");
    const cart: GuestSummary = {
      ...randomCart(1),
      totalCents: 3 * 250 + 950,
      lines: [
        {
          productId: "a",
          name: "Cerveja",
          imageThumb: null,
          quantity: 3,
          unitPriceCents: 250,
          stock: 3,
          adultsOnly: true,
        },
        {
          productId: "b",
          name: "Água",
          imageThumb: null,
          quantity: 1,
          unitPriceCents: 950,
          stock: null,
          adultsOnly: false,
        },
      ],
    };
    const filled = fillSummaryTemplate(template, "pt-BR", cart, "n");
    expect(filled).toBe(page("pt-BR", cart, false));
    expect(filled).toMatch(/disabled="" aria-label="Adicionar mais uma unidade de Cerveja"/);
    expect(filled).toMatch(/data-cart-total="true">R\$\s17,00</);
    const empty = { ...cart, totalCents: 0, lines: [] };
    const emptyPage = fillSummaryTemplate(template, "pt-BR", empty, "n");
    expect(emptyPage).toBe(page("pt-BR", empty, false));
    expect(emptyPage).not.toContain("<ul");
  });

  it("leaves no mark and no template id behind", () => {
    const filled = fillSummaryTemplate(templateOf("es"), "es", randomCart(7), "n");
    expect(filled).not.toContain("\u0001");
    expect(filled).not.toContain(slots.token);
    expect(filled).not.toContain(TEMPLATE_ID);
  });
});
