import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_HOST, expectToast, signIn } from "./support/accounts";

/** axe's findings on the page as it is now (none expected); toasts fading in or out are not this page's. */
async function accessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('section[aria-label="Notificações"]').analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

// The seeded demo host: its two properties already hold products, some below what is expected.
test("a host reads the stock, filters what is missing, sets an alert level and reads the history", async ({
  page,
  isMobile,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO_HOST.email, DEMO_HOST.password);
  if (isMobile) await page.getByRole("button", { name: "Abrir menu" }).click();
  await page.getByRole("link", { name: "Estoque", exact: true }).click();
  await expect(page).toHaveURL("/inventory");
  await expect(page.getByRole("heading", { level: 1, name: "Estoque" })).toBeVisible();
  const beach = page.getByRole("list", { name: "Produtos de Casa da Praia" });
  await expect(beach.getByRole("listitem").first()).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole("checkbox", { name: "Só o que falta" }).check();
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/[?&]falta=1/);
  await expect(page.getByRole("checkbox", { name: "Só o que falta" })).toBeChecked();
  for (const item of await beach.getByRole("listitem").all()) await expect(item).toContainText(/Falta/);

  const level = page.getByRole("textbox", { name: /^Nível de alerta de .+ em Casa da Praia$/ }).first();
  await level.fill("3");
  await level.press("Enter");
  await expectToast(page, "Nível de alerta salvo");
  await expect(level).toHaveValue("3");
  await level.fill("");
  await level.press("Enter");
  await expect(level).toHaveValue("");

  await page.getByRole("link", { name: "Movimentações", exact: true }).click();
  await expect(page).toHaveURL("/inventory/historico");
  await expect(page.getByRole("heading", { level: 1, name: "Movimentações de estoque" })).toBeVisible();
  await expect(
    page
      .getByRole("list", { name: /^Movimentações/ })
      .getByRole("listitem")
      .first(),
  ).toBeVisible();
  await page.getByLabel("Motivo").selectOption({ label: "Entrada no imóvel" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/[?&]motivo=initial/);
  const movements = page.getByRole("list", { name: /^Movimentações/ }).getByRole("listitem");
  await expect(movements.first()).toContainText("Entrada no imóvel");
  await expect(movements.first()).toContainText("Anfitrião Demo");
  await expect(page.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute(
    "href",
    "/inventory/historico.csv?motivo=initial",
  );
  expect(await accessibilityViolations(page)).toEqual([]);
});

test("on a long page the side navigation's white column runs to the bottom, and its links stay in view", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await signIn(page, DEMO_HOST.email, DEMO_HOST.password);
  await page.goto("/inventory/historico");
  await expect(page.getByRole("heading", { level: 1, name: "Movimentações de estoque" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Principal" });
  // Where the navigation's background ends on the page (as a full-page screenshot or a print shows it).
  const { backgroundBottom, pageHeight } = await nav.evaluate((element) => {
    let painted: Element | null = element;
    while (painted && getComputedStyle(painted).backgroundColor === "rgba(0, 0, 0, 0)") {
      painted = painted.parentElement;
    }
    const box = (painted ?? element).getBoundingClientRect();
    return {
      backgroundBottom: box.bottom + window.scrollY,
      pageHeight: document.documentElement.scrollHeight,
    };
  });
  expect(pageHeight).toBeGreaterThan(1400);
  expect(Math.round(backgroundBottom)).toBe(pageHeight);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(nav.getByRole("link", { name: "Dashboard" })).toBeInViewport();
  await expect(nav.getByRole("link", { name: "Saques" })).toBeInViewport();
});
