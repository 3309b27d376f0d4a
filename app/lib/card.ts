import { digitsOf } from "./cpf";

// The card form's masks and checks (part 2 §5). They run in the browser only: the card never reaches
// our server, only the provider's token does. The checks name their problem by its key in the `checkout.card`
// catalogue; the page hands the guest script those few texts in its language (no catalogue in the script).

/** A card form problem: its key in the `checkout.card` catalogue. */
export type CardProblem =
  | "numberRequired"
  | "numberInvalid"
  | "nameRequired"
  | "expiryRequired"
  | "expiryInvalid"
  | "cvvRequired"
  | "cvvInvalid";

/** "5031433215406351" → "5031 4332 1540 6351" (16 digits at most). */
export function maskCardNumber(value: string): string {
  return digitsOf(value)
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1130" → "11/30". */
export function maskExpiry(value: string): string {
  const d = digitsOf(value).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export type CardForm = { number: string; name: string; expiry: string; cvv: string };

export type CardFields = {
  number: string;
  name: string;
  expiryMonth: number;
  /** Four digits. */
  expiryYear: number;
  cvv: string;
};

/** The form's problem per field (none when it is fine), or the card as a provider wants it. */
export function checkCardForm(
  form: CardForm,
  now = new Date(),
): { ok: true; card: CardFields } | { ok: false; errors: Partial<Record<keyof CardForm, CardProblem>> } {
  const errors: Partial<Record<keyof CardForm, CardProblem>> = {};
  const number = digitsOf(form.number);
  const name = form.name.trim().replace(/\s+/g, " ");
  const expiry = digitsOf(form.expiry);
  const cvv = digitsOf(form.cvv);
  if (!number) errors.number = "numberRequired";
  else if (number.length !== 16 || !luhnValid(number)) errors.number = "numberInvalid";
  if (!name) errors.name = "nameRequired";
  const month = Number(expiry.slice(0, 2));
  const year = 2000 + Number(expiry.slice(2, 4));
  if (!expiry) errors.expiry = "expiryRequired";
  else if (expiry.length !== 4 || month < 1 || month > 12) errors.expiry = "expiryInvalid";
  else if (year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1) errors.expiry = "expiryInvalid";
  if (!form.cvv.trim()) errors.cvv = "cvvRequired";
  else if (!/^\d{3,4}$/.test(cvv)) errors.cvv = "cvvInvalid";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, card: { number, name, expiryMonth: month, expiryYear: year, cvv } };
}
