import { digitsOf, isValidCpf } from "~/lib/cpf";
import { normalizeGuestPhone } from "~/lib/phone";

// The identification step's checks (part 2 §5) without their words: the guest script runs them before
// posting and shows the page's own texts (no catalogue in the script); buyer.ts words them for the server.

export type BuyerForm = { fullName: string; cpf: string; email: string; phone: string };

/** What is kept of the buyer: trimmed name, lowercase email, digits of CPF and phone; null when not given. */
export type Buyer = { name: string; email: string | null; phone: string | null; cpf: string | null };

/** Each problem's key in the `checkout.buyer` catalogue. */
export type BuyerProblem =
  | "nameRequired"
  | "nameTooLong"
  | "emailInvalid"
  | "contactRequired"
  | "cpfInvalid"
  | "phoneInvalid";

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function checkBuyerFields(
  form: BuyerForm,
): { ok: true; buyer: Buyer } | { ok: false; problems: Partial<Record<keyof BuyerForm, BuyerProblem>> } {
  const problems: Partial<Record<keyof BuyerForm, BuyerProblem>> = {};
  const name = form.fullName.trim().replace(/\s+/g, " ");
  const email = form.email.trim().toLowerCase();
  const cpf = digitsOf(form.cpf);
  const phone = form.phone.trim() ? normalizeGuestPhone(form.phone) : null;
  if (!name) problems.fullName = "nameRequired";
  else if (name.length > 120) problems.fullName = "nameTooLong";
  if (email && (email.length > 254 || !EMAIL.test(email))) problems.email = "emailInvalid";
  else if (!email && !form.phone.trim()) problems.email = "contactRequired";
  if (form.cpf.trim() && !isValidCpf(cpf)) problems.cpf = "cpfInvalid";
  if (form.phone.trim() && !phone) problems.phone = "phoneInvalid";
  if (Object.keys(problems).length > 0) return { ok: false, problems };
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
