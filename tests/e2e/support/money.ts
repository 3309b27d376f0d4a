// Shared steps of the host's money journeys (tests/e2e/money.spec.ts): guests who pay in a given
// property, the host's wallet figures and stock, and a lock that lets one test at a time move a wallet.
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, expect, type Page, type TestInfo } from "@playwright/test";
import { formatCents } from "../../../app/lib/money";
import { parseBrCode } from "../../../app/lib/pix-brcode";
import {
  asDemoHost,
  type Buyer,
  cartWith,
  chooseMethod,
  guestAddress,
  identify,
  METHOD,
  pixPanel,
  sandboxChargeId,
  settleCharge,
} from "./checkout";

/** The processing fee of every sale (PROCESSING_FEE_PERCENT's default, 3,99%), rounded half up. */
export function saleFee(totalCents: number): number {
  return Math.floor((totalCents * 399 + 5_000) / 10_000);
}

/** A sale's total net of its fee: what reaches the wallet. */
export function saleNet(totalCents: number): number {
  return totalCents - saleFee(totalCents);
}

/** 'R$ 1.234,56' or '-R$ 10,00' (as formatCents writes them) back to cents. */
export function parseCents(text: string): number {
  const match = /([-−])?\s*R\$\s*([\d.]+),(\d{2})/.exec(text.replace(/\u00a0/g, " "));
  if (!match) throw new Error(`not an amount in reais: ${JSON.stringify(text)}`);
  const cents = Number(match[2]?.replace(/\./g, "")) * 100 + Number(match[3]);
  return match[1] ? -cents : cents;
}

/** Copies the demo host's session (signed in once per worker, support/checkout.ts) into this page's context. */
export async function signInAsDemoHost(browser: Browser, page: Page): Promise<void> {
  const state = await asDemoHost(browser, (host) => host.context().storageState());
  await page.context().addCookies(state.cookies);
}

/** A property's guest shop link (/i/{hash}), read the way a host finds it: on the properties page. */
export async function shopPathOf(browser: Browser, property: string): Promise<string> {
  return asDemoHost(browser, async (page) => {
    await page.goto("/properties");
    const href = await page
      .getByRole("link", { name: `${property} (abre a loja em nova aba)`, exact: true })
      .getAttribute("href");
    if (!href?.startsWith("/i/")) throw new Error(`no shop link for ${property}: ${href}`);
    return href;
  });
}

/** The 'Quantidade atual' of some products of a property, as the host's stock page shows them. */
export async function stockAt(
  browser: Browser,
  property: string,
  products: readonly string[],
): Promise<Record<string, number>> {
  return asDemoHost(browser, async (page) => {
    await page.goto("/properties");
    await page.getByRole("link", { name: `Gerenciar produtos de ${property}`, exact: true }).click();
    await expect(page).toHaveURL(/\/properties\/[0-9a-f-]{36}\/products$/);
    const stock: Record<string, number> = {};
    for (const product of products) {
      const input = page.getByLabel(`Quantidade atual de ${product}`, { exact: true });
      await expect(input).toHaveValue(/^\d+$/);
      stock[product] = Number(await input.inputValue());
    }
    return stock;
  });
}

export type WalletFigures = { available: number; pending: number; withdrawn: number };

/** A wallet's card on /withdrawals (the page must be showing it). */
export function walletCard(page: Page, property: string) {
  return page
    .getByRole("list", { name: "Carteiras" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: property }) });
}

/**
 * Opens /withdrawals and reads a property's wallet card: 'Disponível', 'A receber' and 'Sacado'. A property
 * that has not sold yet has no wallet: all zero.
 */
export async function walletFigures(page: Page, property: string): Promise<WalletFigures> {
  await page.goto("/withdrawals");
  await expect(page.getByRole("heading", { level: 1, name: "Saques" })).toBeVisible();
  const card = walletCard(page, property);
  if ((await card.count()) === 0) return { available: 0, pending: 0, withdrawn: 0 };
  const terms = await card.getByRole("term").allInnerTexts();
  const values = await card.getByRole("definition").allInnerTexts();
  const figure = (label: string) => {
    const at = terms.findIndex((t) => t.trim() === label);
    if (at < 0) throw new Error(`no '${label}' on the wallet card of ${property}: ${terms.join(", ")}`);
    return parseCents(values[at] ?? "");
  };
  return { available: figure("Disponível"), pending: figure("A receber"), withdrawn: figure("Sacado") };
}

/** A new browser context shaped like the test's project (phone or desktop), coming from an address of its own. */
export async function guestContext(browser: Browser, testInfo: TestInfo): Promise<BrowserContext> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  return browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    extraHTTPHeaders: guestAddress(),
  });
}

/** A paid order: its short id, total, the guest's page and (PIX) the sandbox's charge id. */
export type PaidOrder = { id8: string; totalCents: number; page: Page; chargeId?: string };

/** On the success page: the order the guest is told about ('O pedido xxxxxxxx está pago'). */
async function paidOrderId8(page: Page): Promise<string> {
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento confirmado!" })).toBeVisible();
  await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}\/success$/);
  const told = page.getByText(/O pedido [0-9a-f]{8} está pago/);
  const id8 = /O pedido ([0-9a-f]{8}) está pago/.exec(await told.innerText())?.[1];
  if (!id8) throw new Error("no order id on the success page");
  return id8;
}

/**
 * A guest (in `page`'s context) buys `quantity` units in the shop and pays by PIX; the charge is approved on
 * /dev/payments and the guest's page reaches the confirmation. Returns the order.
 */
export async function buyWithPix(
  browser: Browser,
  page: Page,
  shopPath: string,
  buyer: Buyer,
  product: { name: string; priceCents: number },
  quantity: number,
): Promise<PaidOrder> {
  const totalCents = product.priceCents * quantity;
  await cartWith(page, shopPath, product.name, quantity);
  await chooseMethod(page, METHOD.pix);
  await identify(page, buyer);
  const { code } = pixPanel(page);
  await expect(code).toHaveValue(/\S/, { timeout: 10_000 });
  const parsed = parseBrCode(await code.inputValue());
  expect(parsed?.amountCents).toBe(totalCents);
  const chargeId = sandboxChargeId(parsed?.txid ?? null);
  await settleCharge(browser, chargeId, formatCents(totalCents), "Aprovar");
  // The page finds out by itself within 10 s; a reload says it at once (and may cross that refresh).
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Pagamento confirmado!" })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  return { id8: await paidOrderId8(page), totalCents, page, chargeId };
}

/** A guest (in `page`'s context) buys `quantity` units and pays by card, approved at once (name APRO). */
export async function buyWithCard(
  page: Page,
  shopPath: string,
  buyer: Buyer,
  product: { name: string; priceCents: number },
  quantity: number,
): Promise<PaidOrder> {
  const totalCents = product.priceCents * quantity;
  await cartWith(page, shopPath, product.name, quantity);
  await chooseMethod(page, METHOD.card);
  await identify(page, buyer);
  const cardForm = page.getByRole("region", { name: "Pagamento com cartão de crédito" });
  await cardForm.getByLabel("Número do cartão", { exact: true }).fill("5031433215406351");
  await cardForm.getByLabel("Nome no cartão", { exact: true }).fill("APRO");
  await cardForm.getByLabel("Validade", { exact: true }).fill("1130");
  await cardForm.getByLabel("CVV", { exact: true }).fill("123");
  await cardForm.getByRole("button", { name: "Finalizar pagamento" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento confirmado!" })).toBeVisible({
    timeout: 15_000,
  });
  return { id8: await paidOrderId8(page), totalCents, page };
}

/**
 * One sale on /sales, by its '#xxxxxxxx': other tests keep adding sales on top, so the list is scrolled
 * (its infinite scroll) until the sale is there.
 */
export async function findSale(page: Page, id8: string) {
  const sale = page
    .getByRole("list", { name: "Vendas" })
    .getByRole("article", { name: `#${id8}`, exact: true });
  await expect(async () => {
    if ((await sale.count()) === 0) {
      const more = page.getByRole("button", { name: "Carregar mais vendas" });
      if (await more.isVisible()) await more.scrollIntoViewIfNeeded();
    }
    await expect(sale).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  return sale;
}

/**
 * A lock shared by the test workers of one run (a directory in the run's data folder: mkdir is atomic),
 * for what must not happen twice at once, such as moving one wallet and comparing its figures. Waits for
 * it with expect.poll; a lock whose owner process is gone is taken over. Returns the release.
 */
export async function takeLock(name: string, timeout: number): Promise<() => void> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? tmpdir(), `e2e-lock-${name}`);
  const ownerFile = path.join(dir, "owner");
  const owner = `${process.pid} ${randomUUID()}`;
  const ownerGone = () => {
    try {
      const pid = Number(readFileSync(ownerFile, "utf8").split(" ")[0]);
      if (!pid || pid === process.pid) return false;
      process.kill(pid, 0);
      return false;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === "ESRCH";
    }
  };
  const tryTake = () => {
    try {
      mkdirSync(dir);
      writeFileSync(ownerFile, owner);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      if (ownerGone()) rmSync(dir, { recursive: true, force: true });
      return false;
    }
  };
  await expect
    .poll(tryTake, { message: `waiting for the '${name}' lock`, timeout, intervals: [1_000] })
    .toBe(true);
  return () => {
    try {
      if (readFileSync(ownerFile, "utf8") === owner) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Already released.
    }
  };
}
