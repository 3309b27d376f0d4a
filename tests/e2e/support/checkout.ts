// Shared steps of the guest checkout journeys (tests/e2e/checkout.spec.ts).
import { randomInt } from "node:crypto";
import { type Browser, type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { DEMO_HOST, signIn } from "./accounts";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** The demo host, signed in once per worker: its cookies, and the 'Casa da Praia' shop link. */
let demoHost: Promise<{ state: StorageState; shopPath: string }> | undefined;

function demoHostSession(browser: Browser) {
  demoHost ??= (async () => {
    const context = await browser.newContext({ javaScriptEnabled: true });
    try {
      const page = await context.newPage();
      await signIn(page, DEMO_HOST.email, DEMO_HOST.password);
      // Read the way a host finds it: on the properties page.
      await page.goto("/properties");
      const href = await page
        .getByRole("link", { name: /Casa da Praia/ })
        .first()
        .getAttribute("href");
      if (!href?.startsWith("/i/")) throw new Error(`no shop link: ${href}`);
      return { state: await context.storageState(), shopPath: href };
    } finally {
      await context.close();
    }
  })();
  return demoHost;
}

/** The demo 'Casa da Praia' shop link (/i/{hash}). */
export async function demoShopPath(browser: Browser): Promise<string> {
  return (await demoHostSession(browser)).shopPath;
}

/** Runs `work` in a fresh context signed in as the demo host. */
export async function asDemoHost<T>(browser: Browser, work: (page: Page) => Promise<T>): Promise<T> {
  const { state } = await demoHostSession(browser);
  const context = await browser.newContext({ storageState: state, javaScriptEnabled: true });
  try {
    return await work(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The 'Quantidade atual' of a product at 'Casa da Praia', as the host's stock page shows it. */
export async function currentStock(browser: Browser, product: string): Promise<number> {
  return asDemoHost(browser, async (page) => {
    await page.goto("/properties");
    await page.getByRole("link", { name: "Gerenciar produtos de Casa da Praia" }).click();
    await expect(page).toHaveURL(/\/properties\/[0-9a-f-]{36}\/products$/);
    const input = page.getByLabel(`Quantidade atual de ${product}`, { exact: true });
    await expect(input).toHaveValue(/^\d+$/);
    return Number(await input.inputValue());
  });
}

/**
 * Each guest comes from an address of its own (the e2e server trusts this header, playwright.config.ts), so
 * the per-address order and charge limits never mix the suite's guests up.
 */
export function guestAddress(): Record<string, string> {
  return { "x-e2e-client-ip": `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}` };
}

/** From the shop: `quantity` units of one product in the cart, then 'Continuar' to the summary. */
export async function cartWith(page: Page, shopPath: string, product: string, quantity: number) {
  await page.goto(shopPath);
  await page.getByRole("button", { name: `Adicionar ${product}`, exact: true }).click();
  const plus = page.getByRole("button", { name: `Adicionar mais uma unidade de ${product}`, exact: true });
  for (let i = 1; i < quantity; i++) await plus.click();
  const bar = page.getByRole("link", { name: /Continuar/ });
  await expect(bar).toContainText(quantity === 1 ? "1 item" : `${quantity} itens`);
  await expect(page.getByRole("main")).not.toHaveAttribute("aria-busy", "true");
  await bar.click();
  await expect(page.getByRole("heading", { level: 1, name: "Finalizar Pedido" })).toBeVisible();
}

export const METHOD = {
  pix: { label: "Pix", slug: "pix" },
  card: { label: "Cartão de crédito", slug: "credit_card" },
} as const;

/** On the summary: picks the method and goes on to the identification step. */
export async function chooseMethod(page: Page, method: (typeof METHOD)[keyof typeof METHOD]) {
  await page.getByRole("radio", { name: method.label, exact: true }).check();
  await page.getByRole("button", { name: "Continuar", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/payments/[0-9a-f-]{36}/${method.slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Identificação" })).toBeVisible();
}

export type Buyer = { fullName: string; cpf: string; email: string; phone: string };

/** The identification form's fields. */
export function identificationForm(page: Page) {
  return {
    fullName: page.getByLabel("Nome completo", { exact: true }),
    cpf: page.getByLabel("CPF (opcional)", { exact: true }),
    email: page.getByLabel("E-mail", { exact: true }),
    phone: page.getByLabel("Telefone", { exact: true }),
    submit: page.getByRole("button", { name: "Continuar para pagamento" }),
  };
}

/** The identification step's 18+ checkbox (a cart with a product for adults only). */
export const ADULT_CONFIRMATION = "Confirmo que tenho 18 anos ou mais.";

/** Fills the identification step and sends it; waits for the payment step. `adult` ticks the 18+ box. */
export async function identify(page: Page, buyer: Buyer, options: { adult?: boolean } = {}) {
  const form = identificationForm(page);
  await form.fullName.fill(buyer.fullName);
  await form.cpf.fill(buyer.cpf);
  await form.email.fill(buyer.email);
  await form.phone.fill(buyer.phone);
  if (options.adult) await page.getByRole("checkbox", { name: ADULT_CONFIRMATION }).check();
  await form.submit.click();
  await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}\/(pix|credit_card)\/payment$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento" })).toBeVisible();
}

/** The PIX panel once its charge is there: the QR image and the 'copia e cola' code. */
export function pixPanel(page: Page): { qr: Locator; code: Locator } {
  return {
    qr: page.getByRole("img", { name: "QR Code do pagamento Pix" }),
    code: page.getByRole("textbox", { name: "Código Pix copia e cola" }),
  };
}

/** The sandbox charge id in a sandbox BR Code's txid ('SBX' + the charge id). */
export function sandboxChargeId(txid: string | null): string {
  const id = /^SBX(\d+)$/.exec(txid ?? "")?.[1];
  if (!id) throw new Error(`not a sandbox txid: ${txid}`);
  return id;
}

/**
 * In a context of its own (the payer's bank, as it were), /dev/payments settles the charge: its card must
 * show the amount and be waiting; the page then says the signed webhook was accepted.
 */
export async function settleCharge(
  browser: Browser,
  chargeId: string,
  amount: string,
  outcome: "Aprovar" | "Recusar" | "Expirar",
) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    await page.goto("/dev/payments");
    await expect(page.getByRole("heading", { level: 1, name: "Pagamentos do sandbox" })).toBeVisible();
    const charge = page.locator(`li[data-charge="${chargeId}"]`);
    await expect(charge).toContainText(amount);
    await expect(charge).toContainText("Aguardando");
    await charge.getByRole("button", { name: outcome, exact: true }).click();
    await expect(page.getByRole("status")).toHaveText(
      new RegExp(`^${outcome}: ${chargeId} \\(webhook 2\\d\\d\\)$`),
    );
  } finally {
    await context.close();
  }
}
