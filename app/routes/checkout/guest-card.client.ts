import { type CardForm, type CardProblem, checkCardForm, maskCardNumber, maskExpiry } from "~/lib/card";
import { toast } from "~/ui/toast-store";
import type { CardChargeAnswer } from "./card-charge";
import { showFieldError } from "./field-errors.client";
import { pageTexts } from "./page-texts.client";

/** The form's words, in the guest's language (data-texts, written by payment-card.tsx). */
type CardTexts = Partial<Record<CardProblem | "failed" | "challengeFailed" | "expiryPlaceholder", string>>;

/** How often the framed 3-D Secure challenge's outcome is asked, and for how long at most. */
const CHALLENGE_POLL_MS = 1_500;
const CHALLENGE_MAX_MS = 10 * 60_000;

/**
 * The provider's side of the form: `check` shows what is missing at its field (and moves focus there)
 * before anything is sent; `tokenize` turns the card into the provider's token. The card data goes only
 * to the provider.
 */
type Tokenizer = {
  check(): boolean;
  tokenize(): Promise<{ token: string; paymentMethodId?: string; issuerId?: string }>;
};

/**
 * The card step (part 2 §2, §5): masks, the four required-field messages, then the non-closable
 * 'Processando pagamento' dialog while the provider's script makes a token and our server charges it.
 * A refusal closes the dialog and says why; the guest corrects and tries again.
 */
export function enhanceCard(doc: Document, win: Window = window): void {
  const form = doc.querySelector<HTMLFormElement>("form[data-card-form]");
  if (!form) return;
  const submit = form.querySelector<HTMLButtonElement>("button[data-card-submit]");
  const dialog = doc.querySelector<HTMLDialogElement>("dialog[data-processing]");
  const alert = form.querySelector<HTMLElement>("[data-card-error]");
  const texts: CardTexts = pageTexts(form);
  let busy = false;
  dialog?.addEventListener("cancel", (event) => event.preventDefault());
  win.addEventListener("beforeunload", (event) => {
    if (busy) event.preventDefault();
  });

  const tokenize: Tokenizer | null =
    form.dataset.provider === "sandbox"
      ? sandboxTokenizer(form, win, texts)
      : mercadoPagoTokenizer(form, doc, win, texts);
  if (!tokenize) return;
  if (submit) submit.disabled = false;

  // Said once: in the form's alert (read out by role=alert), a toast only if the page has no alert area.
  const fail = (message: string, detail?: string) => {
    const text = detail ? `${message} ${detail}` : message;
    if (!alert) return toast.error(text);
    alert.textContent = text;
    alert.hidden = false;
    alert.scrollIntoView?.({ block: "center" });
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy || !tokenize.check()) return;
    if (alert) alert.hidden = true;
    busy = true;
    dialog?.showModal();
    try {
      const token = await tokenize.tokenize();
      const body = new FormData(form);
      body.set("token", token.token);
      body.set("paymentMethodId", token.paymentMethodId ?? "");
      body.set("issuerId", token.issuerId ?? "");
      const res = await win.fetch(form.dataset.chargeUrl ?? "", {
        method: "POST",
        body,
        headers: { accept: "application/json" },
      });
      const answer = (await res.json()) as CardChargeAnswer;
      if (answer.ok && "challenge" in answer) {
        dialog?.close();
        const passed = await runChallenge(doc, win, answer.challenge, answer.statusUrl);
        if (passed) {
          busy = false;
          win.location.assign(answer.next);
          return;
        }
        fail(texts.challengeFailed ?? texts.failed ?? "");
        return;
      }
      if (answer.ok) {
        busy = false;
        win.location.assign(answer.next);
        return;
      }
      fail(answer.message, answer.detail);
    } catch {
      fail(texts.failed ?? "");
    } finally {
      busy = false;
      dialog?.close();
    }
  });
}

/**
 * The issuer's 3-D Secure challenge (ADR 0063): its page opens in the dialog's frame (the creq posted to it,
 * as MercadoPago.js does), and the order's status is asked until the provider says paid (true) or refused
 * (false). The guest never leaves the page.
 */
async function runChallenge(
  doc: Document,
  win: Window,
  challenge: { url: string; creq: string },
  statusUrl: string,
): Promise<boolean> {
  const dialog = doc.querySelector<HTMLDialogElement>("dialog[data-challenge]");
  const form = doc.querySelector<HTMLFormElement>("form[data-challenge-form]");
  if (!dialog || !form) return false;
  dialog.addEventListener("cancel", (event) => event.preventDefault());
  form.action = challenge.url;
  const creq = form.querySelector<HTMLInputElement>('input[name="creq"]');
  if (creq) creq.value = challenge.creq;
  dialog.showModal();
  form.submit();
  try {
    const until = Date.now() + CHALLENGE_MAX_MS;
    while (Date.now() < until) {
      await new Promise((resolve) => win.setTimeout(resolve, CHALLENGE_POLL_MS));
      const res = await win.fetch(statusUrl, { headers: { accept: "application/json" } }).catch(() => null);
      const status = res?.ok ? ((await res.json()) as { status?: string }).status : null;
      if (status === "paid") return true;
      if (status === "failed" || status === "cancelled") return false;
    }
    return false;
  } finally {
    dialog.close();
  }
}

/** The sandbox: our own inputs, masked, checked, and posted to the sandbox's tokenize endpoint. */
function sandboxTokenizer(form: HTMLFormElement, win: Window, texts: CardTexts): Tokenizer {
  const input = (name: keyof CardForm) => form.querySelector<HTMLInputElement>(`input[data-card="${name}"]`);
  const masks: Partial<Record<keyof CardForm, (v: string) => string>> = {
    number: maskCardNumber,
    expiry: maskExpiry,
  };
  for (const [name, mask] of Object.entries(masks)) {
    const el = input(name as keyof CardForm);
    el?.addEventListener("input", () => {
      el.value = mask(el.value);
    });
  }
  const read = () => {
    const values = { number: "", name: "", expiry: "", cvv: "" };
    for (const name of Object.keys(values) as (keyof CardForm)[]) values[name] = input(name)?.value ?? "";
    return checkCardForm(values);
  };
  return {
    check() {
      const checked = read();
      const errors = checked.ok ? {} : checked.errors;
      let first: HTMLInputElement | null = null;
      for (const name of ["number", "name", "expiry", "cvv"] as const) {
        const el = input(name);
        if (!el) continue;
        const problem = errors[name];
        showFieldError(el, problem && (texts[problem] ?? problem));
        if (errors[name] && !first) first = el;
      }
      first?.focus();
      return checked.ok;
    },
    async tokenize() {
      const checked = read();
      if (!checked.ok) throw new Error("card not checked");
      const res = await win.fetch(form.dataset.tokenizeUrl ?? "", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          card_number: checked.card.number,
          cardholder: { name: checked.card.name },
          expiration_month: checked.card.expiryMonth,
          expiration_year: checked.card.expiryYear,
          security_code: checked.card.cvv,
        }),
      });
      const answer = (await res.json()) as { id?: string; payment_method_id?: string; message?: string };
      if (!res.ok || !answer.id) throw new Error(answer.message ?? "tokenize failed");
      return { token: answer.id, paymentMethodId: answer.payment_method_id };
    },
  };
}

/** Mercado Pago's own texts in its fields' frames, in the guest's language. */
const MERCADO_PAGO_LOCALE: Record<string, string> = { "pt-BR": "pt-BR", en: "en-US", es: "es-AR" };

type MercadoPagoField = {
  mount(id: string): MercadoPagoField;
  on(event: string, cb: (e: { bin?: string }) => void): void;
};
type MercadoPagoInstance = {
  fields: {
    create(type: string, options: Record<string, unknown>): MercadoPagoField;
    createCardToken(data: Record<string, string>): Promise<{ id: string }>;
  };
  getPaymentMethods(query: {
    bin: string;
  }): Promise<{ results: { id: string; issuer?: { id: number | string } }[] }>;
};

/**
 * Mercado Pago: its script (loaded from its own host) mounts secure fields for number, expiry and CVV in
 * frames of its own; we read only the name, and get the brand and issuer from the card's BIN.
 */
function mercadoPagoTokenizer(
  form: HTMLFormElement,
  doc: Document,
  win: Window,
  texts: CardTexts,
): Tokenizer | null {
  const publicKey = form.dataset.publicKey;
  const sdkUrl = form.dataset.sdkUrl;
  if (!publicKey || !sdkUrl) return null;
  let mp: MercadoPagoInstance | null = null;
  let card: { paymentMethodId?: string; issuerId?: string } = {};
  const script = doc.createElement("script");
  script.src = sdkUrl;
  script.addEventListener("load", () => {
    const MercadoPago = (
      win as unknown as { MercadoPago: new (key: string, o: object) => MercadoPagoInstance }
    ).MercadoPago;
    mp = new MercadoPago(publicKey, { locale: MERCADO_PAGO_LOCALE[form.dataset.locale ?? ""] ?? "pt-BR" });
    const number = mp.fields
      .create("cardNumber", { placeholder: "0000 0000 0000 0000" })
      .mount("card-number");
    mp.fields
      .create("expirationDate", { placeholder: texts.expiryPlaceholder ?? "MM/AA" })
      .mount("card-expiry");
    mp.fields.create("securityCode", { placeholder: "CVV" }).mount("card-cvv");
    number.on("binChange", async ({ bin }) => {
      if (!bin || !mp) return;
      const { results } = await mp.getPaymentMethods({ bin });
      card = { paymentMethodId: results[0]?.id, issuerId: String(results[0]?.issuer?.id ?? "") };
    });
  });
  doc.head.append(script);
  const name = form.querySelector<HTMLInputElement>('input[data-card="name"]');
  return {
    check() {
      if (!name) return false;
      const missing = name.value.trim() ? undefined : (texts.nameRequired ?? "");
      showFieldError(name, missing);
      if (missing) name.focus();
      // Mercado Pago's own fields check number, expiry and CVV when the token is made.
      return !missing && mp !== null;
    },
    async tokenize() {
      if (!mp || !name) throw new Error("Mercado Pago not loaded");
      const token = await mp.fields.createCardToken({ cardholderName: name.value.trim() });
      return { token: token.id, ...card };
    },
  };
}
