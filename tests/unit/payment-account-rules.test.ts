import { describe, expect, it } from "vitest";
import { checkAsaasSubAccount } from "~/domain/payment-accounts/asaas-sub-account-form";
import { inFreeTrial, percentText, platformFeeCents } from "~/domain/payment-accounts/platform-fee";

const DAY = 86_400_000;
const config = { platformFeeBps: 300, freeTrialDays: 7 };

describe("Estadia's fee on a sale", () => {
  const created = new Date("2026-11-01T12:00:00Z");

  it("is none in the organization's first days, then the configured percentage, rounded half up", () => {
    expect(inFreeTrial(config, created, new Date(created.getTime() + 7 * DAY - 1))).toBe(true);
    expect(platformFeeCents(config, 10_000, created, new Date(created.getTime() + 6 * DAY))).toBe(0);
    const later = new Date(created.getTime() + 7 * DAY);
    expect(platformFeeCents(config, 10_000, created, later)).toBe(300);
    expect(platformFeeCents(config, 1_750, created, later)).toBe(53); // 52,5 → 53
    expect(platformFeeCents({ platformFeeBps: 250, freeTrialDays: 0 }, 1_000, created, created)).toBe(25);
  });

  it("is written the way hosts read percentages", () => {
    expect(percentText(300)).toBe("3");
    expect(percentText(250)).toBe("2,5");
    expect(percentText(399)).toBe("3,99");
  });
});

describe("the data Asaas requires for a host's sub-account", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  const person = {
    name: "Maria da Silva",
    email: "Maria@Example.com",
    cpfCnpj: "123.456.789-09",
    birthDate: "15/04/1985",
    mobilePhone: "(11) 98765-4321",
    postalCode: "01310-100",
    address: "Avenida Paulista",
    addressNumber: "1000",
    complement: "ap 12",
    province: "Bela Vista",
    incomeValue: "5.000,00",
  };

  it("takes a person's data as Asaas wants it: digits, ISO birth date, income in cents", () => {
    expect(checkAsaasSubAccount(person, now)).toEqual({
      ok: true,
      data: {
        name: "Maria da Silva",
        email: "maria@example.com",
        cpfCnpj: "12345678909",
        birthDate: "1985-04-15",
        companyType: null,
        mobilePhone: "11987654321",
        postalCode: "01310100",
        address: "Avenida Paulista",
        addressNumber: "1000",
        complement: "ap 12",
        province: "Bela Vista",
        incomeCents: 500_000,
      },
    });
  });

  it("says which fields are wrong, in Portuguese, and sends nothing", () => {
    const result = checkAsaasSubAccount(
      {
        ...person,
        cpfCnpj: "123.456.789-00",
        mobilePhone: "1133334444",
        postalCode: "0131",
        incomeValue: "",
      },
      now,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        cpfCnpj: "Informe um CPF ou CNPJ válido.",
        mobilePhone: "Informe um celular com DDD.",
        postalCode: "Informe um CEP com 8 dígitos.",
        incomeValue: "Informe a renda ou o faturamento mensal.",
      },
    });
  });

  it("needs an adult's birth date for a CPF, and a company type (no birth date) for a CNPJ", () => {
    const minor = checkAsaasSubAccount({ ...person, birthDate: "01/01/2015" }, now);
    expect(minor.ok ? null : minor.errors.birthDate).toContain("maior de 18 anos");
    const impossible = checkAsaasSubAccount({ ...person, birthDate: "31/02/1990" }, now);
    expect(impossible.ok).toBe(false);
    const company = { ...person, cpfCnpj: "11.222.333/0001-81", birthDate: "" };
    const untyped = checkAsaasSubAccount(company, now);
    expect(untyped.ok ? null : untyped.errors).toEqual({ companyType: "Escolha o tipo de empresa." });
    const typed = checkAsaasSubAccount({ ...company, companyType: "MEI" }, now);
    expect(typed.ok && typed.data).toMatchObject({
      cpfCnpj: "11222333000181",
      birthDate: null,
      companyType: "MEI",
    });
  });
});
