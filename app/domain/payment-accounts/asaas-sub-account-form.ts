import { digitsOf, isValidCnpj, isValidCpf } from "~/lib/cpf";
import { normalizePhone } from "~/lib/phone";
import { isAmountText, priceInputToCents } from "~/lib/price-input";

// The data Asaas requires to open a host's sub-account, checked here before anything is sent.

export const ASAAS_FIELDS = [
  "name",
  "email",
  "cpfCnpj",
  "birthDate",
  "companyType",
  "mobilePhone",
  "postalCode",
  "address",
  "addressNumber",
  "complement",
  "province",
  "incomeValue",
] as const;

export type AsaasField = (typeof ASAAS_FIELDS)[number];

/** Asaas's company types for a CNPJ. */
export const COMPANY_TYPES = {
  MEI: "MEI",
  LIMITED: "Limitada",
  INDIVIDUAL: "Individual",
  ASSOCIATION: "Associação",
} as const;

export type AsaasSubAccountData = {
  name: string;
  email: string;
  cpfCnpj: string;
  /** yyyy-mm-dd, for a person (CPF). */
  birthDate: string | null;
  companyType: keyof typeof COMPANY_TYPES | null;
  mobilePhone: string;
  postalCode: string;
  address: string;
  addressNumber: string;
  complement: string | null;
  province: string;
  /** Monthly income (a person) or revenue (a company), in cents. */
  incomeCents: number;
};

const text = (input: Record<string, unknown>, key: AsaasField, max = 120) =>
  typeof input[key] === "string"
    ? (input[key] as string)
        .trim()
        .replace(/\s+/g, " ")
        .slice(0, max + 1)
    : "";

/** The checked data, or the pt-BR message of each field that is not right. */
export function checkAsaasSubAccount(
  input: Record<string, unknown>,
  now: Date,
): { ok: true; data: AsaasSubAccountData } | { ok: false; errors: Partial<Record<AsaasField, string>> } {
  const errors: Partial<Record<AsaasField, string>> = {};
  const name = text(input, "name");
  if (name.length < 3 || name.length > 120) errors.name = "Informe o nome completo ou a razão social.";
  const email = text(input, "email").toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 120)
    errors.email = "Informe um e-mail válido.";
  const cpfCnpj = digitsOf(text(input, "cpfCnpj"));
  const person = cpfCnpj.length === 11;
  if (person ? !isValidCpf(cpfCnpj) : !isValidCnpj(cpfCnpj))
    errors.cpfCnpj = "Informe um CPF ou CNPJ válido.";
  let birthDate: string | null = null;
  if (person) {
    const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text(input, "birthDate"));
    const date = match ? new Date(`${match[3]}-${match[2]}-${match[1]}T12:00:00Z`) : null;
    const adult =
      date &&
      date.getUTCDate() === Number(match?.[1]) &&
      now.getTime() - date.getTime() >= 18 * 365.25 * 86_400_000;
    if (!match || !adult)
      errors.birthDate = "Informe a data de nascimento (dd/mm/aaaa) de um maior de 18 anos.";
    else birthDate = `${match[3]}-${match[2]}-${match[1]}`;
  }
  const companyText = text(input, "companyType");
  const companyType =
    !person && companyText in COMPANY_TYPES ? (companyText as keyof typeof COMPANY_TYPES) : null;
  if (!person && !companyType && !errors.cpfCnpj) errors.companyType = "Escolha o tipo de empresa.";
  const mobilePhone = normalizePhone(text(input, "mobilePhone"));
  if (mobilePhone?.length !== 11) errors.mobilePhone = "Informe um celular com DDD.";
  const postalCode = digitsOf(text(input, "postalCode"));
  if (postalCode.length !== 8) errors.postalCode = "Informe um CEP com 8 dígitos.";
  const address = text(input, "address");
  if (address.length < 3 || address.length > 120) errors.address = "Informe o endereço.";
  const addressNumber = text(input, "addressNumber", 20);
  if (!addressNumber || addressNumber.length > 20) errors.addressNumber = "Informe o número (ou S/N).";
  const complement = text(input, "complement", 60);
  if (complement.length > 60) errors.complement = "O complemento tem no máximo 60 caracteres.";
  const province = text(input, "province", 60);
  if (province.length < 2 || province.length > 60) errors.province = "Informe o bairro.";
  const incomeText = text(input, "incomeValue", 20);
  const incomeCents = isAmountText(incomeText) ? priceInputToCents(incomeText) : 0;
  if (incomeCents <= 0) errors.incomeValue = "Informe a renda ou o faturamento mensal.";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    data: {
      name,
      email,
      cpfCnpj,
      birthDate,
      companyType,
      mobilePhone: mobilePhone ?? "",
      postalCode,
      address,
      addressNumber,
      complement: complement || null,
      province,
      incomeCents,
    },
  };
}
