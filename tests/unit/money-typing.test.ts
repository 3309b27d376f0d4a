import { describe, expect, it } from "vitest";
import {
  EMPTY_MONEY,
  formatMoneyInput,
  type MoneyState,
  moneyCents,
  moneyDisplay,
  moneyFromText,
  nextMoneyState,
} from "~/lib/money-typing";

/** Types one character at a time at the end of the field, as a keyboard does; returns what it shows. */
function type(keys: string, from: MoneyState = EMPTY_MONEY): { shown: string[]; state: MoneyState } {
  let state = from;
  const shown: string[] = [];
  for (const key of keys) {
    state = nextMoneyState(state, moneyDisplay(state) + key);
    shown.push(moneyDisplay(state));
  }
  return { shown, state };
}

function backspace(state: MoneyState): MoneyState {
  return nextMoneyState(state, moneyDisplay(state).slice(0, -1));
}

describe("formatMoneyInput", () => {
  it.each([
    [null, ""],
    [0, "R$ 0,00"],
    [5, "R$ 0,05"],
    [2290, "R$ 22,90"],
    [229000, "R$ 2.290,00"],
    [123456, "R$ 1.234,56"],
    [100000001, "R$ 1.000.000,01"],
  ])("%j → %j", (cents, shown) => {
    expect(formatMoneyInput(cents)).toBe(shown);
  });

  it("is read back by the server's parser as the same cents", () => {
    for (const cents of [0, 1, 99, 100, 2290, 99999, 100000, 123456789]) {
      expect(moneyCents(moneyFromText(formatMoneyInput(cents)))).toBe(cents);
    }
  });
});

describe("typing is cents-first", () => {
  it("2 2 9 0 shows R$ 0,02 → R$ 0,22 → R$ 2,29 → R$ 22,90", () => {
    const { shown, state } = type("2290");
    expect(shown).toEqual(["R$ 0,02", "R$ 0,22", "R$ 2,29", "R$ 22,90"]);
    expect(moneyCents(state)).toBe(2290);
  });

  it("a comma, a dot or a space typed out of habit changes nothing", () => {
    expect(type("22,90").shown).toEqual(["R$ 0,02", "R$ 0,22", "R$ 0,22", "R$ 2,29", "R$ 22,90"]);
    expect(moneyCents(type("22.90").state)).toBe(2290);
    expect(moneyCents(type("1 234").state)).toBe(1234);
  });

  it("grows past the thousands with dots", () => {
    expect(type("229000").shown.at(-1)).toBe("R$ 2.290,00");
  });

  it("backspace removes the last digit, down to an empty field", () => {
    let state = type("2290").state;
    const shown: string[] = [];
    for (let i = 0; i < 4; i++) {
      state = backspace(state);
      shown.push(moneyDisplay(state));
    }
    expect(shown).toEqual(["R$ 2,29", "R$ 0,22", "R$ 0,02", ""]);
    expect(state).toEqual(EMPTY_MONEY);
  });

  it("a digit typed in the middle takes its place among the digits", () => {
    // "R$ 2|2,90" → "R$ 252,90"
    expect(moneyCents(nextMoneyState(moneyFromText("22,90"), "R$ 252,90"))).toBe(25290);
  });

  it("ignores digits beyond R$ 999.999.999,99", () => {
    const full = type("99999999999").state;
    expect(moneyCents(type("9", full).state)).toBe(99999999999);
  });
});

describe("a paste or a fill is read whole, as the server reads it", () => {
  it.each([
    ["22,90", 2290],
    ["22.90", 2290],
    ["R$ 1.234,56", 123456],
    ["1234.5", 123450],
    ["2290", 229000],
  ])("%j → %i cents, on an empty field or over another amount", (text, cents) => {
    expect(moneyCents(nextMoneyState(EMPTY_MONEY, text))).toBe(cents);
    expect(moneyCents(nextMoneyState(moneyFromText("7,00"), text))).toBe(cents);
    expect(moneyCents(moneyFromText(text))).toBe(cents);
  });

  it("emptying the field leaves no amount", () => {
    expect(nextMoneyState(moneyFromText("7,00"), "")).toEqual(EMPTY_MONEY);
    expect(moneyFromText("  ")).toEqual(EMPTY_MONEY);
  });
});

describe("a pasted sign, exponent or letters are refused; typed ones are stripped", () => {
  it.each(["-50", "1e9", "abc", "+5", "1a2,5x0"])("pasted %j stays as typed, with no amount", (text) => {
    const state = nextMoneyState(EMPTY_MONEY, text);
    expect(state).toEqual({ kind: "invalid", text });
    expect(moneyCents(state)).toBeNull();
  });

  it.each([
    ["1a2,5x0", 1250, "R$ 12,50"],
    ["-50", 50, "R$ 0,50"],
    ["1e9", 19, "R$ 0,19"],
    ["abc", null, ""],
  ])("typed %j key by key: other characters are stripped as typed (spec)", (keys, cents, shown) => {
    const typed = type(keys);
    expect(moneyCents(typed.state)).toBe(cents);
    expect(typed.shown.at(-1)).toBe(shown);
    for (const s of typed.shown) expect(s).toMatch(/^(R\$ [\d.]+,\d{2})?$/);
  });

  it("typing a letter after an amount changes nothing", () => {
    const state = nextMoneyState(moneyFromText("0,01"), "R$ 0,01e");
    expect(state).toEqual({ kind: "amount", cents: 1 });
  });

  it("deleting the refused character of a paste gives the amount back", () => {
    const refused = nextMoneyState(EMPTY_MONEY, "0,01e");
    expect(refused.kind).toBe("invalid");
    expect(moneyCents(nextMoneyState(refused, "0,01"))).toBe(1);
  });
});
