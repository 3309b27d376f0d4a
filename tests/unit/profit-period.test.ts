import { describe, expect, it } from "vitest";
import { chosenPeriod, periodQuery } from "~/domain/profit/profit-period";
import { profitSort, sortProperties } from "~/routes/backoffice/profit-columns";

const today = "2026-11-24";
const ask = (query: string) => chosenPeriod(new URLSearchParams(query), today);

describe("the dashboard's period", () => {
  it("is this month up to today by default, and for anything it does not know", () => {
    expect(ask("")).toEqual({ choice: "mes", from: "2026-11-01", to: "2026-11-24", error: null });
    expect(ask("periodo=ano")).toEqual(ask(""));
  });

  it("offers the last 30 days (today counted) and the whole previous month", () => {
    expect(ask("periodo=30d")).toMatchObject({ from: "2026-10-26", to: "2026-11-24" });
    expect(ask("periodo=mes-anterior")).toMatchObject({ from: "2026-10-01", to: "2026-10-31" });
    expect(chosenPeriod(new URLSearchParams("periodo=mes-anterior"), "2026-03-05")).toMatchObject({
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(chosenPeriod(new URLSearchParams("periodo=mes-anterior"), "2027-01-10")).toMatchObject({
      from: "2026-12-01",
      to: "2026-12-31",
    });
  });

  it("takes custom days, and says why it shows this month when they are not a period", () => {
    expect(ask("periodo=personalizado&de=2026-01-10&ate=2026-02-09")).toEqual({
      choice: "personalizado",
      from: "2026-01-10",
      to: "2026-02-09",
      error: null,
    });
    expect(ask("periodo=personalizado&de=2026-02-09&ate=2026-01-10")).toMatchObject({
      choice: "mes",
      from: "2026-11-01",
      error: "Escolha um período válido: a data inicial não pode ser depois da final.",
    });
    expect(ask("periodo=personalizado&de=2026-02-31&ate=2026-03-01").error).toMatch(/Datas inválidas/);
    expect(ask("periodo=personalizado&de=2025-01-01&ate=2026-01-02").error).toBe(
      "Escolha um período de até 366 dias.",
    );
  });

  it("is asked for again by the same query", () => {
    for (const query of ["periodo=30d", "periodo=personalizado&de=2026-01-10&ate=2026-02-09"])
      expect(chosenPeriod(periodQuery(ask(query)), today)).toEqual(ask(query));
  });
});

describe("the property table's order", () => {
  const row = (name: string, profitCents: number, margin: number | null) =>
    ({ propertyId: name, name, profitCents, margin }) as Parameters<typeof sortProperties>[0][number];
  const rows = [
    row("Casa B", 500, 0.1),
    row("apto A", 900, null),
    row("Chalé", 500, 0.3),
    row("Ágata", 0, null),
  ];
  const order = (query: string) =>
    sortProperties(rows, profitSort(new URLSearchParams(query))).map((r) => r.name);

  it("is the most profitable first by default, ties by name", () => {
    expect(order("")).toEqual(["apto A", "Casa B", "Chalé", "Ágata"]);
    expect(order("ordem=nada")).toEqual(order(""));
  });

  it("follows the column and the direction asked, names without regard to case, no margin last", () => {
    expect(order("ordem=imovel&sentido=asc")).toEqual(["Ágata", "apto A", "Casa B", "Chalé"]);
    expect(order("ordem=imovel&sentido=desc")).toEqual(["Chalé", "Casa B", "apto A", "Ágata"]);
    expect(order("ordem=lucro&sentido=asc")).toEqual(["Ágata", "Casa B", "Chalé", "apto A"]);
    expect(order("ordem=margem&sentido=desc")).toEqual(["Chalé", "Casa B", "Ágata", "apto A"]);
    expect(order("ordem=margem&sentido=asc")).toEqual(["Casa B", "Chalé", "Ágata", "apto A"]);
  });
});
