import { describe, expect, it } from "vitest";
import { formatCentsIn } from "~/lib/i18n/format";
import { localeFromAcceptLanguage, negotiateLocale, parseLocale } from "~/lib/i18n/locale";
import { guestMessages, translateFromPortuguese } from "~/lib/i18n/messages";
import { plural } from "~/lib/i18n/plural";
import { formatCents } from "~/lib/money";

describe("the guest's language", () => {
  it("reads any Portuguese, English or Spanish tag, and nothing else", () => {
    expect(["pt", "pt-PT", "PT_br", "en-GB", "es-AR", "es-419"].map(parseLocale)).toEqual([
      "pt-BR",
      "pt-BR",
      "pt-BR",
      "en",
      "es",
      "es",
    ]);
    expect(["fr", "", "*", "e", undefined, null].map(parseLocale)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it("takes the browser's best-ranked language that a guest page speaks", () => {
    expect(localeFromAcceptLanguage("es-AR,es;q=0.9,en;q=0.8")).toBe("es");
    expect(localeFromAcceptLanguage("fr-FR,fr;q=0.9,en-US;q=0.8,es;q=0.7")).toBe("en");
    expect(localeFromAcceptLanguage("en;q=0.5, es;q=0.9")).toBe("es");
    expect(localeFromAcceptLanguage("de, es;q=0")).toBeNull();
    expect(localeFromAcceptLanguage("de-DE")).toBeNull();
    expect(localeFromAcceptLanguage(";;;,,q=abc")).toBeNull();
  });

  it("puts the guest's own choice first, then the browser's, then pt-BR", () => {
    expect(negotiateLocale("en", "es-AR,es")).toBe("en");
    expect(negotiateLocale("klingon", "es-AR,es")).toBe("es");
    expect(negotiateLocale(undefined, "fr")).toBe("pt-BR");
    expect(negotiateLocale(undefined, undefined)).toBe("pt-BR");
  });
});

describe("numbers and counts per language", () => {
  it("writes reais the guest's way, pt-BR exactly as the back office does", () => {
    expect(formatCentsIn("pt-BR", 123456)).toBe(formatCents(123456));
    expect(formatCentsIn("es", 123456).replace(/\s/g, " ")).toBe("R$ 1.234,56");
    expect(formatCentsIn("en", 123456)).toBe("R$1,234.56");
    expect(formatCentsIn("en", -0.4)).toBe("R$0.00");
  });

  it("picks the plural form by the language's rules", () => {
    // CLDR counts 0 as 'one' in Portuguese ("0 item"): a message that may show 0 gives its own zero form.
    expect([0, 1, 2].map((n) => plural("pt-BR", n, { one: "# item", other: "# itens" }))).toEqual([
      "0 item",
      "1 item",
      "2 itens",
    ]);
    expect(plural("pt-BR", 0, { zero: "nenhum item", one: "# item", other: "# itens" })).toBe("nenhum item");
    expect(plural("en", 1, { one: "# left", other: "# left", zero: "none left" })).toBe("1 left");
    expect(plural("en", 0, { one: "# item", other: "# items", zero: "no items" })).toBe("no items");
    expect(plural("es", 1_000_000, { one: "# unidad", many: "# de unidades", other: "# unidades" })).toBe(
      "1000000 de unidades",
    );
  });
});

describe("the catalogues", () => {
  it("translate a pt-BR sentence from its place in the pt-BR catalogue, and leave an unknown one as it is", () => {
    const pt = guestMessages("pt-BR").common.privacyLink;
    expect(translateFromPortuguese("en", pt)).toBe(guestMessages("en").common.privacyLink);
    expect(translateFromPortuguese("es", pt)).toBe(guestMessages("es").common.privacyLink);
    expect(translateFromPortuguese("es", "Frase que nenhum catálogo tem.")).toBe(
      "Frase que nenhum catálogo tem.",
    );
  });

  it("have every message, non-empty, in the three languages", () => {
    const leaves = (value: unknown, at: string): [string, unknown][] =>
      value && typeof value === "object"
        ? Object.entries(value).flatMap(([k, v]) => leaves(v, at ? `${at}.${k}` : k))
        : [[at, value]];
    const pt = leaves(guestMessages("pt-BR"), "");
    for (const locale of ["en", "es"] as const) {
      const other = new Map(leaves(guestMessages(locale), ""));
      expect([...other.keys()].toSorted(), locale).toEqual(pt.map(([k]) => k).toSorted());
      for (const [key, value] of other) {
        if (typeof value === "string") expect(value.trim(), `${locale} ${key}`).not.toBe("");
        else expect(typeof value, `${locale} ${key}`).toBe("function");
      }
    }
  });
});
