import { expect, test } from "@playwright/test";
import { DEMO_HOST, expectToast, loginForm, signIn, submitLogin } from "./support/accounts";

const BACK_OFFICE = [
  "/dashboard",
  "/properties",
  "/inventory",
  "/products",
  "/sales",
  "/withdrawals",
  "/replacements",
  "/qr-templates",
];
const NAV = [
  "Dashboard",
  "Imóveis",
  "Agenda",
  "Estoque",
  "Reposições",
  "Avarias",
  "Produtos",
  "Vendas",
  "Saques",
];

test("signed-out visits to the back office land on /auth", async ({ page }) => {
  for (const path of BACK_OFFICE) {
    await page.goto(path);
    const expected = path === "/dashboard" ? "/auth" : `/auth?redirectTo=${encodeURIComponent(path)}`;
    await expect(page, `${path} should send a signed-out visitor to the login`).toHaveURL(expected);
    await expect(page.getByRole("heading", { name: "Acesse sua conta Estadia" })).toBeVisible();
  }
});

test("signing in after being sent to /auth returns to the page asked for", async ({ page }) => {
  await page.goto("/sales");
  await expect(page).toHaveURL("/auth?redirectTo=%2Fsales");

  await submitLogin(page, DEMO_HOST.email, DEMO_HOST.password);
  await expect(page).toHaveURL("/sales");
  await expectToast(page, "Login realizado com sucesso!");
  await expect(page.getByRole("button", { name: "Menu da conta" })).toBeVisible();
});

test("a signed-in visit to /auth goes to the dashboard", async ({ page }) => {
  await signIn(page, DEMO_HOST.email, DEMO_HOST.password);
  await page.goto("/auth");
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("the side navigation reaches every back-office area", async ({ page, isMobile }) => {
  await signIn(page, DEMO_HOST.email, DEMO_HOST.password);
  const openMenu = page.getByRole("button", { name: "Abrir menu" });

  if (isMobile) {
    // Phones: the navigation sits in a drawer behind 'Abrir menu'.
    await expect(page.getByRole("link", { name: "Vendas", exact: true })).toBeHidden();
    await openMenu.click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    const nav = drawer.getByRole("navigation", { name: "Principal" });
    for (const label of NAV) await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await nav.getByRole("link", { name: "Vendas", exact: true }).click();
    await expect(page).toHaveURL("/sales");
    await expect(drawer).toBeHidden();

    await openMenu.click();
    await expect(drawer.getByRole("link", { name: "Vendas", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await drawer.getByRole("button", { name: "Fechar menu" }).click();
    await expect(drawer).toBeHidden();
  } else {
    // Desktop: the navigation is always there and the drawer button is not.
    await expect(openMenu).toBeHidden();
    const nav = page.getByRole("navigation", { name: "Principal" });
    for (const label of NAV) await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    await nav.getByRole("link", { name: "Vendas", exact: true }).click();
    await expect(page).toHaveURL("/sales");
    await expect(nav.getByRole("link", { name: "Vendas", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  }
});

test("the password toggle shows and hides what was typed", async ({ page }) => {
  await page.goto("/auth");
  const { password, panel } = loginForm(page);
  await password.fill("segredo");
  await expect(password).toHaveAttribute("type", "password");

  await panel.getByRole("button", { name: "Mostrar senha" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(password).toHaveValue("segredo");

  await panel.getByRole("button", { name: "Ocultar senha" }).click();
  await expect(password).toHaveAttribute("type", "password");
  await expect(panel.getByRole("button", { name: "Mostrar senha" })).toBeVisible();
});
