import { digitsOf, isValidCnpj, isValidCpf } from "~/lib/cpf";
import { normalizePhone } from "~/lib/phone";
import type { PixKeyType } from "~/platform/payouts/payout-provider";

// A withdrawal's destination: a PIX key of one of the Banco Central's five types. Pure, so the back
// office's form can run the same check as the server.

export const PIX_KEY_LABEL: Record<PixKeyType, string> = {
  cpf: "CPF",
  cnpj: "CNPJ",
  email: "E-mail",
  phone: "Telefone",
  evp: "Chave aleatória",
};

const INVALID: Record<PixKeyType, string> = {
  cpf: "CPF inválido",
  cnpj: "CNPJ inválido",
  email: "E-mail inválido",
  phone: "Telefone inválido: informe DDD e número",
  evp: "Chave aleatória inválida: são 32 letras e números, com ou sem hífens",
};

export function isPixKeyType(value: unknown): value is PixKeyType {
  return typeof value === "string" && value in PIX_KEY_LABEL;
}

/**
 * The key as providers want it (digits for CPF and CNPJ, 55 + area code + number for a phone, a lowercase
 * email, a lowercase hyphenated random key), or the reason it is not one.
 */
export function normalizePixKey(
  type: PixKeyType,
  raw: string,
): { ok: true; key: string } | { ok: false; message: string } {
  const text = raw.trim();
  const invalid = { ok: false as const, message: INVALID[type] };
  switch (type) {
    case "cpf":
      return isValidCpf(text) ? { ok: true, key: digitsOf(text) } : invalid;
    case "cnpj":
      return isValidCnpj(text) ? { ok: true, key: digitsOf(text) } : invalid;
    case "email": {
      const email = text.toLowerCase();
      return email.length <= 77 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email)
        ? { ok: true, key: email }
        : invalid;
    }
    case "phone": {
      const phone = normalizePhone(text);
      return phone ? { ok: true, key: `55${phone}` } : invalid;
    }
    case "evp": {
      const hex = text.toLowerCase().replace(/-/g, "");
      if (!/^[0-9a-f]{32}$/.test(hex)) return invalid;
      return {
        ok: true,
        key: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
      };
    }
  }
}

/** How a stored key is shown: masked in the middle, enough to recognise it. */
export function maskPixKey(type: PixKeyType, key: string): string {
  if (type === "cpf") return `***.${key.slice(3, 6)}.${key.slice(6, 9)}-**`;
  if (type === "phone") return `(${key.slice(2, 4)}) *****-${key.slice(-4)}`;
  if (type === "email") {
    const [name = "", domain = ""] = key.split("@");
    return `${name.slice(0, 2)}***@${domain}`;
  }
  return `${key.slice(0, 4)}…${key.slice(-4)}`;
}

/** A normalized key as people write it: 529.982.247-25, (11) 98765-4321, 11.222.333/0001-81. */
export function formatPixKey(type: PixKeyType, key: string): string {
  if (type === "cpf") return key.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
  if (type === "cnpj") return key.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, "$1.$2.$3/$4-$5");
  if (type === "phone") {
    const d = key.replace(/^55/, "");
    return d.length === 11
      ? `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`
      : `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  }
  return key;
}
