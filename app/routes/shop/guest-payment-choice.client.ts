import { toast } from "~/ui/toast-store";

/**
 * The summary's 'Continuar': without a method chosen the refusal shows at once (toast and the form's
 * alert) instead of after a round trip; with one, the form posts as usual. The refusal's text comes
 * with the form, in the guest's language (form[data-choose-method]).
 */
export function enhancePaymentChoice(doc: Document): void {
  const form = doc.querySelector<HTMLFormElement>("form[data-payment-choice]");
  if (!form) return;
  const message = form.dataset.chooseMethod ?? "";
  form.addEventListener("submit", (event) => {
    const alert = form.querySelector<HTMLElement>("[data-method-error]");
    if (form.querySelector('input[name="method"]:checked')) return;
    event.preventDefault();
    if (alert) {
      alert.textContent = message;
      alert.hidden = false;
    }
    toast.error(message);
  });
}
