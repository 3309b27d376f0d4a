// Shared steps of the restocking journey (tests/e2e/restock.spec.ts): the cards of /replacements/create,
// the floating buttons, and a property's stock page as the host reads it.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/** axe's findings on the page as it is now (none expected); toasts fading in or out are not this page's. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).exclude('section[aria-label="Notificações"]').analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

/** The tick of one missing product's card on /replacements/create. */
export function missingTick(page: Page, product: string, property: string): Locator {
  return page.getByRole("checkbox", { name: `Repor ${product} em ${property}`, exact: true });
}

/** The card around a tick. */
export function missingCard(page: Page, product: string, property: string): Locator {
  return page.getByRole("listitem").filter({ has: missingTick(page, product, property) });
}

/** What a card says: 'current / expected · repor N'. */
export async function cardFigures(card: Locator) {
  const text = (await card.innerText()).replace(/\s+/g, " ");
  const match = /(\d+) \/ (\d+) · repor (\d+)/.exec(text);
  if (!match) throw new Error(`no figures on the card: ${text}`);
  const [, current, expected, toRestock] = match.map(Number);
  return { current: current ?? 0, expected: expected ?? 0, toRestock: toRestock ?? 0 };
}

/** The floating 'Criar reposição' button (its name counts what is ticked). */
export function createButton(page: Page): Locator {
  return page.getByRole("button", { name: /^Criar reposição/ });
}

/** The floating 'Marcar como: …' button of a run's page. */
export function nextStepButton(page: Page, step?: string): Locator {
  return page.getByRole("button", { name: step ? `Marcar como: ${step}` : /^Marcar como:/ });
}

/** Opens a property's stock page the way a host does: from 'Imóveis', its 'Gerenciar produtos' link. */
export async function openStockPage(page: Page, property: string): Promise<void> {
  await page.goto("/properties");
  await page.getByRole("link", { name: `Gerenciar produtos de ${property}`, exact: true }).click();
  await expect(page).toHaveURL(/\/properties\/[0-9a-f-]{36}\/products$/);
  await expect(page.getByRole("heading", { level: 1, name: "Gerenciar Produtos do Imóvel" })).toBeVisible();
}

/** The 'Quantidade atual' and 'Quantidade esperada' of a product, as the stock page shows them. */
export async function stockFigures(page: Page, product: string) {
  const current = page.getByLabel(`Quantidade atual de ${product}`, { exact: true });
  const expected = page.getByLabel(`Quantidade esperada de ${product}`, { exact: true });
  await expect(current).toHaveValue(/^\d+$/);
  return { current: Number(await current.inputValue()), expected: Number(await expected.inputValue()) };
}
