import { type BuyerForm, buyerForm, checkBuyer } from "~/domain/orders/buyer";
import { maskCpf } from "~/lib/cpf";
import { maskPhone } from "~/lib/phone";
import { showFieldError } from "./field-errors.client";

const MASKS: Record<string, (value: string) => string> = { cpf: maskCpf, phone: maskPhone };

/**
 * The identification form: CPF and phone masked as typed, and the server's own checks (domain/orders/
 * buyer.ts) run before posting, so a mistake shows at once at its field. The server checks again.
 */
export function enhanceIdentification(doc: Document): void {
  const form = doc.querySelector<HTMLFormElement>("form[data-identification]");
  if (!form) return;
  for (const input of form.querySelectorAll<HTMLInputElement>("input[data-mask]")) {
    const mask = MASKS[input.dataset.mask ?? ""];
    if (!mask) continue;
    input.addEventListener("input", () => {
      input.value = mask(input.value);
    });
  }
  form.addEventListener("submit", (event) => {
    const field = (name: keyof BuyerForm) => form.elements.namedItem(name) as HTMLInputElement | null;
    const checked = checkBuyer(buyerForm((name) => field(name)?.value));
    const errors = checked.ok ? {} : checked.errors;
    let first: HTMLInputElement | null = null;
    for (const name of ["fullName", "cpf", "email", "phone"] as const) {
      const input = field(name);
      if (!input) continue;
      showFieldError(input, errors[name]);
      if (errors[name] && !first) first = input;
    }
    if (first) {
      event.preventDefault();
      first.focus();
    }
  });
}
