import { expect, test } from "@playwright/test";

test("an unknown path shows the 404 page, logs the path, and leads home", async ({ page }) => {
  const logged: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") logged.push(message.text());
  });
  const response = await page.goto("/nao/existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Página não encontrada")).toBeVisible();
  // The path is logged from an effect, so this also proves the page hydrated under the CSP.
  await expect.poll(() => logged.join("\n")).toContain("/nao/existe");

  await page.getByRole("link", { name: "Voltar ao início" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("pages load with no Content-Security-Policy violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on("pageerror", (error) => violations.push(error.message));
  for (const path of ["/", "/auth", "/i/abc", "/payment/xyz", "/qualquer-coisa"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});

test("a checkout address of an unknown cart says so instead of showing a form", async ({ page }) => {
  await page.goto("/payments/abc/pix");
  await expect(page.getByRole("heading", { level: 1, name: "Carrinho não encontrado" })).toBeVisible();
});
