import { describe, expect, it } from "vitest";
import {
  centsToPriceInput,
  isAmountText,
  parseAmountText,
  priceInputToCents,
  sanitizePriceInput,
} from "~/lib/price-input";

/** Simulates typing one character at a time, sanitizing after every keystroke like the form does. */
function type(text: string): string[] {
  const states: string[] = [];
  let value = "";
  for (const ch of text) {
    value = sanitizePriceInput(value + ch);
    states.push(value);
  }
  return states;
}

describe("sanitizePriceInput", () => {
  it.each([
    ["1a2,5x0", "12,50"],
    ["1,2,3", "1,23"],
    ["12,345", "12,34"],
    ["R$ 1.234,5", "1234,5"],
    [",5", ",5"],
    ["abc", ""],
    ["", ""],
    [",", ","],
    [",,", ","],
    ["12,", "12,"],
    ["-12,50", "12,50"],
    ["1 234", "1234"],
    ["12.50", "1250"],
    ["0012", "0012"],
    ["1,,2", "1,2"],
    ["R$\u00a01.234,56", "1234,56"],
    ["١٢", ""],
    ["12,5e3", "12,53"],
  ])("%j → %j", (raw, expected) => {
    expect(sanitizePriceInput(raw)).toBe(expected);
  });

  it("is idempotent", () => {
    for (const raw of ["1a2,5x0", "1,2,3", "12,345", "R$ 1.234,5", ",5", "abc", "999999,999"]) {
      const once = sanitizePriceInput(raw);
      expect(sanitizePriceInput(once)).toBe(once);
    }
  });

  it("keeps only the first comma while typing", () => {
    expect(type("1,2,3")).toEqual(["1", "1,", "1,2", "1,2", "1,23"]);
  });

  it("drops decimals beyond the second while typing", () => {
    expect(type("12,345")).toEqual(["1", "12", "12,", "12,3", "12,34", "12,34"]);
  });

  it("ignores letters, dots and spaces while typing", () => {
    expect(type("R$ 1.5,0")).toEqual(["", "", "", "1", "1", "15", "15,", "15,0"]);
  });

  it("allows starting with a comma", () => {
    expect(type(",99")).toEqual([",", ",9", ",99"]);
  });
});

describe("priceInputToCents", () => {
  it.each([
    ["", 0],
    [",", 0],
    ["0", 0],
    ["12", 1200],
    ["12,", 1200],
    ["12,5", 1250],
    ["12,50", 1250],
    [",5", 50],
    [",05", 5],
    ["0,05", 5],
    ["1,15", 115],
    ["0,29", 29],
    ["0,57", 57],
    ["1,005", 100],
    ["4,35", 435],
    ["1234,56", 123456],
    ["999999,99", 99999999],
    ["007,10", 710],
  ])("%j → %i", (text, expected) => {
    expect(priceInputToCents(text)).toBe(expected);
  });

  it("sanitizes unsanitized input first", () => {
    expect(priceInputToCents("R$ 1.234,56")).toBe(123456);
    expect(priceInputToCents("1a2,5x0")).toBe(1250);
    expect(priceInputToCents("1,2,3")).toBe(123);
    expect(priceInputToCents("12,345")).toBe(1234);
    expect(priceInputToCents("abc")).toBe(0);
    expect(priceInputToCents("-5")).toBe(500);
  });

  it("always returns a non-negative safe integer", () => {
    for (const text of ["", ",", "1,1", "0,29", "abc", "1.000.000,01", "99999999,99"]) {
      const cents = priceInputToCents(text);
      expect(Number.isSafeInteger(cents)).toBe(true);
      expect(cents).toBeGreaterThanOrEqual(0);
    }
  });

  it("is exact for every two-decimal value below 100 reais (no float drift)", () => {
    for (let cents = 0; cents < 10000; cents++) {
      const reais = Math.floor(cents / 100);
      const frac = String(cents % 100).padStart(2, "0");
      expect(priceInputToCents(`${reais},${frac}`)).toBe(cents);
    }
  });
});

describe("parseAmountText: the one reading of an amount, on the server and in a paste", () => {
  it.each([
    ["22,90", 2290],
    ["22,9", 2290],
    ["22", 2200],
    ["2290", 229000],
    ["R$ 1.234,56", 123456],
    ["R$\u00a01.234,56", 123456],
    ["R$22,90", 2290],
    ["  7,05 ", 705],
    ["0,05", 5],
    ["1.000.000,01", 100000001],
    // One dot and one or two digits after it is a decimal mark.
    ["22.90", 2290],
    ["1234.5", 123450],
    ["0.05", 5],
    ["R$ 22.90", 2290],
    // A dot and exactly three digits is a thousands dot, as pt-BR writes it.
    ["1.234", 123400],
    ["12.345", 1234500],
  ])("%j → %i cents", (text, cents) => {
    expect(parseAmountText(text)).toBe(cents);
    expect(isAmountText(text)).toBe(true);
    expect(priceInputToCents(text)).toBe(cents);
  });

  it.each([
    "-50",
    "+50",
    "1e9",
    "1E9",
    "abc",
    "1a2,5x0",
    "12,345",
    "1,234.56",
    "1.234.5",
    "1234.567",
    "12..5",
    ",5",
    "12,",
    "12.",
    "R$",
    "R$ -5",
    "",
    "Infinity",
    "0x10",
  ])("%j is not an amount", (text) => {
    expect(parseAmountText(text)).toBeNull();
    expect(isAmountText(text)).toBe(false);
  });

  it("reads every two-decimal value below 100 reais written with a dot exactly (no float drift)", () => {
    for (let cents = 0; cents < 10000; cents++) {
      const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
      expect(parseAmountText(text)).toBe(cents);
    }
  });
});

describe("centsToPriceInput", () => {
  it.each([
    [1250, "12,50"],
    [5, "0,05"],
    [0, "0,00"],
    [50, "0,50"],
    [100, "1,00"],
    [123456, "1234,56"],
    [99999999, "999999,99"],
    [100000000, "1000000,00"],
  ])("%i → %j", (cents, expected) => {
    expect(centsToPriceInput(cents)).toBe(expected);
  });

  it("never uses a thousands separator", () => {
    expect(centsToPriceInput(123456789)).toBe("1234567,89");
    expect(centsToPriceInput(123456789)).not.toContain(".");
  });

  it("rounds fractional cents", () => {
    expect(centsToPriceInput(12.4)).toBe("0,12");
    expect(centsToPriceInput(12.6)).toBe("0,13");
  });

  it("keeps the sign of negative amounts", () => {
    expect(centsToPriceInput(-1250)).toBe("-12,50");
    expect(centsToPriceInput(-5)).toBe("-0,05");
  });

  it("returns an empty field for non-finite values", () => {
    expect(centsToPriceInput(Number.NaN)).toBe("");
    expect(centsToPriceInput(Number.POSITIVE_INFINITY)).toBe("");
  });
});

describe("round trip", () => {
  it("centsToPriceInput → priceInputToCents returns the same cents", () => {
    const values = [0, 1, 5, 9, 10, 29, 57, 99, 100, 101, 115, 435, 1250, 99999, 123456, 99999999, 100000000];
    for (let cents = 0; cents <= 20000; cents++) values.push(cents);
    for (let cents = 99990000; cents <= 100000010; cents += 7) values.push(cents);
    for (const cents of values) {
      const text = centsToPriceInput(cents);
      expect(sanitizePriceInput(text)).toBe(text);
      expect(priceInputToCents(text)).toBe(cents);
    }
  });

  it("priceInputToCents → centsToPriceInput normalizes typed text", () => {
    expect(centsToPriceInput(priceInputToCents("12,5"))).toBe("12,50");
    expect(centsToPriceInput(priceInputToCents(",5"))).toBe("0,50");
    expect(centsToPriceInput(priceInputToCents("007"))).toBe("7,00");
    expect(centsToPriceInput(priceInputToCents(""))).toBe("0,00");
  });
});
