import { expect, type Page } from "@playwright/test";

/**
 * The landing page has hydrated once React's handlers answer: the FAQ toggles. Hydration waits for the
 * page's load and an idle moment (ADR 0011), so a test of the scripted behaviour waits for it first.
 */
export async function hydrated(page: Page) {
  const first = page.locator("section[id] h3 button[aria-expanded]").first();
  await expect(async () => {
    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true", { timeout: 500 });
  }).toPass();
  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "false");
}
