import { type BuyerForm, type BuyerProblem, buyerForm, checkBuyerFields } from "~/domain/orders/buyer-rules";
import { maskCpf } from "~/lib/cpf";
import { maskGuestPhone } from "~/lib/phone";
import { showFieldError } from "./field-errors.client";
import { pageTexts } from "./page-texts.client";

const MASKS: Record<string, (value: string) => string> = { cpf: maskCpf, phone: maskGuestPhone };

/** Where this browser keeps a guest's details when they ask to be remembered (never sent anywhere else). */
const REMEMBERED_KEY = "estadia.comprador";
const FIELDS = ["fullName", "cpf", "email", "phone"] as const;

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
  const field = (name: keyof BuyerForm) => form.elements.namedItem(name) as HTMLInputElement | null;
  const remember = rememberedBuyer(form, doc, field);
  form.addEventListener("submit", (event) => {
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
      return;
    }
    remember.onSubmit();
  });
}

type Stored = Partial<Record<(typeof FIELDS)[number], string>>;

/**
 * 'Lembrar meus dados neste aparelho': a guest who ticked it finds the form filled in next time (empty fields
 * only: what the server filled in wins), and 'Esquecer meus dados' takes them off the device at once.
 */
function rememberedBuyer(
  form: HTMLFormElement,
  doc: Document,
  field: (name: keyof BuyerForm) => HTMLInputElement | null,
) {
  const block = form.querySelector<HTMLElement>("[data-remember]");
  const box = form.querySelector<HTMLInputElement>("input[data-remember-box]");
  const note = form.querySelector<HTMLElement>("[data-remembered]");
  const storage = safeStorage(doc);
  if (!block || !box || !storage) return { onSubmit() {} };
  block.hidden = false;
  const saved = readStored(storage);
  if (saved) {
    for (const name of FIELDS) {
      const input = field(name);
      if (input && !input.value && saved[name]) input.value = saved[name] ?? "";
    }
    box.checked = true;
    if (note) note.hidden = false;
  }
  form.querySelector<HTMLButtonElement>("button[data-forget]")?.addEventListener("click", () => {
    storage.removeItem(REMEMBERED_KEY);
    for (const name of FIELDS) {
      const input = field(name);
      if (input && saved?.[name] && input.value === saved[name]) input.value = "";
    }
    box.checked = false;
    if (note) note.hidden = true;
    field("fullName")?.focus();
  });
  return {
    onSubmit() {
      if (!box.checked) return storage.removeItem(REMEMBERED_KEY);
      const values: Stored = {};
      for (const name of FIELDS) values[name] = field(name)?.value.trim() ?? "";
      storage.setItem(REMEMBERED_KEY, JSON.stringify(values));
    },
  };
}

function readStored(storage: Storage): Stored | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(REMEMBERED_KEY) ?? "null");
    if (!parsed || typeof parsed !== "object") return null;
    const out: Stored = {};
    for (const name of FIELDS) {
      const value = (parsed as Record<string, unknown>)[name];
      if (typeof value === "string") out[name] = value.slice(0, 254);
    }
    return out;
  } catch {
    return null;
  }
}

/** The browser's storage, or null where it is off (private modes, blocked cookies). */
function safeStorage(doc: Document): Storage | null {
  try {
    const storage = doc.defaultView?.localStorage ?? null;
    storage?.getItem(REMEMBERED_KEY);
    return storage;
  } catch {
    return null;
  }
}
