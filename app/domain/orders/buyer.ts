import { digitsOf, isValidCpf } from "~/lib/cpf";
import { normalizePhone } from "~/lib/phone";

// The identification step (part 2 §5). Plain functions, no schema library: the guest page's script runs
// the same checks before posting, and the server runs them again as the authority.

export const BUYER_TEXT = {
  nameRequired: "Nome completo é obrigatório",
  nameTooLong: "Nome muito longo (até 120 caracteres)",
  emailInvalid: "E-mail inválido",
  contactRequired: "Informe pelo menos um método de contato (e-mail ou telefone)",
  cpfInvalid: "CPF inválido",
  cpfRequired: "Informe seu CPF: o recebedor deste imóvel exige CPF para cobranças Pix.",
  phoneInvalid: "Telefone inválido: informe DDD e número",
} as const;

export type BuyerForm = { fullName: string; cpf: string; email: string; phone: string };

/** What is kept of the buyer: trimmed name, lowercase email, digits of CPF and phone; null when not given. */
export type Buyer = { name: string; email: string | null; phone: string | null; cpf: string | null };

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function checkBuyer(
  form: BuyerForm,
): { ok: true; buyer: Buyer } | { ok: false; errors: Partial<Record<keyof BuyerForm, string>> } {
  const errors: Partial<Record<keyof BuyerForm, string>> = {};
  const name = form.fullName.trim().replace(/\s+/g, " ");
  const email = form.email.trim().toLowerCase();
  const cpf = digitsOf(form.cpf);
  const phone = form.phone.trim() ? normalizePhone(form.phone) : null;
  if (!name) errors.fullName = BUYER_TEXT.nameRequired;
  else if (name.length > 120) errors.fullName = BUYER_TEXT.nameTooLong;
  if (email && (email.length > 254 || !EMAIL.test(email))) errors.email = BUYER_TEXT.emailInvalid;
  else if (!email && !form.phone.trim()) errors.email = BUYER_TEXT.contactRequired;
  if (form.cpf.trim() && !isValidCpf(cpf)) errors.cpf = BUYER_TEXT.cpfInvalid;
  if (form.phone.trim() && !phone) errors.phone = BUYER_TEXT.phoneInvalid;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, buyer: { name, email: email || null, phone, cpf: cpf || null } };
}

/** A form's fields as text, whatever was posted. */
export function buyerForm(read: (name: keyof BuyerForm) => unknown): BuyerForm {
  const text = (name: keyof BuyerForm) => {
    const value = read(name);
    return typeof value === "string" ? value.slice(0, 500) : "";
  };
  return { fullName: text("fullName"), cpf: text("cpf"), email: text("email"), phone: text("phone") };
}
