import { describe, expect, it } from "vitest";
import { formatCents } from "~/lib/money";

const NBSP = "\u00a0";

describe("formatCents", () => {
  it("writes exactly what ICU writes, for every size and sign", () => {
    const icu = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
    const values = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 100001, 2 ** 31, 9999999999999];
    for (let i = 0; i < 2000; i++) values.push(Math.floor(Math.random() * 10 ** (1 + (i % 14))));
    for (const cents of values)
      for (const signed of [cents, -cents]) expect(formatCents(signed)).toBe(icu.format((signed + 0) / 100));
  });

  it("formats integer cents as BRL with a no-break space after R$", () => {
    expect(formatCents(123456)).toBe("R$\u00a01.234,56");
    expect(formatCents(0)).toBe("R$\u00a00,00");
    expect(formatCents(5)).toBe("R$\u00a00,05");
    expect(formatCents(50)).toBe("R$\u00a00,50");
    expect(formatCents(100)).toBe("R$\u00a01,00");
    expect(formatCents(1250)).toBe("R$\u00a012,50");
  });

  it("never uses a plain space between R$ and the amount", () => {
    const out = formatCents(123456);
    expect(out).not.toContain("R$ ");
    expect(out.charAt(2)).toBe(NBSP);
  });

  it("uses dots as thousands separators for large values", () => {
    expect(formatCents(99999999)).toBe("R$\u00a0999.999,99");
    expect(formatCents(100000000)).toBe("R$\u00a01.000.000,00");
    expect(formatCents(123456789012)).toBe("R$\u00a01.234.567.890,12");
  });

  it("keeps Intl's output for negatives", () => {
    expect(formatCents(-1050)).toBe("-R$\u00a010,50");
    expect(formatCents(-1)).toBe("-R$\u00a00,01");
    expect(formatCents(-1050)).toBe(
      new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(-10.5),
    );
  });

  it("does not print negative zero", () => {
    expect(formatCents(-0)).toBe("R$\u00a00,00");
    expect(formatCents(-0.4)).toBe("R$\u00a00,00");
  });

  it("rounds fractional cents to whole cents", () => {
    expect(formatCents(12.6)).toBe("R$\u00a00,13");
    expect(formatCents(12.4)).toBe("R$\u00a00,12");
  });

  it('returns "-" for anything that is not a finite number', () => {
    for (const value of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      null,
      undefined,
      "1234",
      "",
      {},
      [],
      [1],
      true,
      10n,
      new Date(0),
    ]) {
      expect(formatCents(value)).toBe("-");
    }
  });
});
