import { describe, expect, it } from "vitest";
import { csvLine, csvMoney } from "~/lib/csv";
import { calendarDay, DATE_RANGE_TEXT, dateFilterError } from "~/lib/dates";
import { isAmountText } from "~/lib/price-input";

// Issue 21's defects 1, 2 and 4, at the helpers every screen and export goes through.

describe("CSV cells a spreadsheet opens", () => {
  it("keep every text that starts like a formula as text, '-1+1…' and '-2+3 Vinho' included", () => {
    const cells = csvLine(["-1+1+cmd|' /C calc'!A0", "-2+3 Vinho", "=SUM(A1)", "+55 11", "@x", "\tx", "\rx"])
      .trimEnd()
      .split(";");
    expect(cells).toEqual([
      "'-1+1+cmd|' /C calc'!A0",
      "'-2+3 Vinho",
      "'=SUM(A1)",
      "'+55 11",
      "'@x",
      "'\tx",
      `"'\rx"`,
    ]);
  });

  it("write numbers and money as numbers, negative ones too", () => {
    expect(csvLine([12, -3, csvMoney(-1250), csvMoney(5), "Água"])).toBe("12;-3;-12,50;0,05;Água\r\n");
  });
});

describe("dates in a filter", () => {
  it("take days from 2000 to 2100 only, and say when one was ignored", () => {
    expect(calendarDay("2026-11-24")).toBe("2026-11-24");
    for (const day of ["9999-12-31", "1999-12-31", "2101-01-01", "2026-02-31"])
      expect(calendarDay(day)).toBeNull();
    expect(dateFilterError(new URLSearchParams("ate=9999-12-31"))).toBe(DATE_RANGE_TEXT);
    expect(dateFilterError(new URLSearchParams("de=2026-01-01&ate=2026-12-31"))).toBeNull();
    expect(dateFilterError(new URLSearchParams("status=paid"))).toBeNull();
  });
});

describe("amounts typed by people", () => {
  it("are digits with thousands dots, a comma and two decimals at most, with or without R$", () => {
    for (const ok of ["150", "150,5", "150,00", "1.234,56", "R$ 12,50", " 7 ", "12.50"])
      expect(isAmountText(ok)).toBe(true);
  });

  it("refuse a sign, an exponent, letters or mixed-up separators", () => {
    for (const bad of ["-50", "+50", "1e9", "1,234.56", "1a2,5x0", "12,345", "", "R$"])
      expect(isAmountText(bad)).toBe(false);
  });
});
