import { type BuyerForm, type BuyerProblem, buyerForm, checkBuyerFields } from "~/domain/orders/buyer-rules";
import { maskCpf } from "~/lib/cpf";
import { maskGuestPhone } from "~/lib/phone";
import { showFieldError } from "./field-errors.client";
import { pageTexts } from "./page-texts.client";

const MASKS: Record<string, (value: string) => string> = { cpf: maskCpf, phone: maskGuestPhone };

/**
 * The identification form: CPF and phone masked as typed, and the server's own checks (domain/orders/
 * buyer-rules.ts) run before posting, so a mistake shows at once at its field, in the words the page
 * carries (`data-texts`, in the guest's language). The server checks again.
 */
export function enhanceIdentification(doc: Document): void {
  const form = doc.querySelector<HTMLFormElement>("form[data-identification]");
  if (!form) return;
  const texts = pageTexts<BuyerProblem>(form);
  for (const input of form.querySelectorAll<HTMLInputElement>("input[data-mask]")) {
    const mask = MASKS[input.dataset.mask ?? ""];
    if (!mask) continue;
    input.addEventListener("input", () => {
      input.value = mask(input.value);
    });
  }
  form.addEventListener("submit", (event) => {
    const field = (name: keyof BuyerForm) => form.elements.namedItem(name) as HTMLInputElement | null;
    const checked = checkBuyerFields(buyerForm((name) => field(name)?.value));
    const problems = checked.ok ? {} : checked.problems;
    let first: HTMLInputElement | null = null;
    for (const name of ["fullName", "cpf", "email", "phone"] as const) {
      const input = field(name);
      if (!input) continue;
      const problem = problems[name];
      showFieldError(input, problem && (texts[problem] ?? problem));
      if (problem && !first) first = input;
    }
    if (first) {
      event.preventDefault();
      first.focus();
    }
  });
}
