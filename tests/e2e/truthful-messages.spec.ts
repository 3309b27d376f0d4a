import { expect, type Page, type Route, test } from "@playwright/test";
import {
  expectToast,
  loginForm,
  registerConfirmedHost,
  signIn,
  signupForm,
  submitLogin,
  toasts,
  uniqueEmail,
} from "./support/accounts";

// Issue 25: a success clears the errors before it, and an error shown in the form is not repeated as a toast.
// An error toast lives 7 s and fades by itself, so every "no error toast" below is read at one instant
// (right when the success shows), never with a retrying assertion that would simply wait it out.
test.describe.configure({ timeout: 120_000 });

const errorToasts = (page: Page) => toasts(page).locator('[data-tone="error"]');

/** The error toasts on screen now, by text. */
async function errorToastsNow(page: Page): Promise<string[]> {
  return errorToasts(page).allInnerTexts();
}

/** Fails if an error toast shows up at any moment during `ms` (the form's answer is already on screen). */
async function expectNoErrorToastFor(page: Page, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    expect(await errorToastsNow(page)).toEqual([]);
    await page.waitForTimeout(100);
  }
}

/** /auth has hydrated once the tabs answer a click (before that the forms post as plain HTML). */
async function authHydrated(page: Page) {
  const signupTab = page.getByRole("tab", { name: "Criar conta" });
  await expect(async () => {
    await signupTab.click();
    await expect(signupTab).toHaveAttribute("aria-selected", "true", { timeout: 500 });
  }).toPass();
  await page.getByRole("tab", { name: "Login" }).click();
}

async function newHost(page: Page, label: string) {
  const host = {
    name: "Rita Mensagens",
    email: uniqueEmail(test.info(), label),
    password: "segredo-123",
  };
  await registerConfirmedHost(page, host);
  return host;
}

test("a wrong password then the right one: the dashboard shows the success and no error", async ({
  page,
}) => {
  const host = await newHost(page, "login-certo");
  await page.goto("/auth");
  await authHydrated(page);

  await submitLogin(page, host.email, "senha-errada");
  await expect(loginForm(page).panel.getByRole("alert")).toHaveText("E-mail ou senha incorretos.");
  await expectNoErrorToastFor(page, 1_000);

  await submitLogin(page, host.email, host.password);
  await expect(page).toHaveURL("/dashboard");
  await expectToast(page, "Login realizado com sucesso!");
  expect(await errorToastsNow(page)).toEqual([]);
});

test("a wrong password answered before the page hydrated, then the right one: no error on the dashboard", async ({
  page,
}) => {
  const host = await newHost(page, "login-sem-js");
  // Holds the page's scripts back, so the first answer is the server's HTML, as on a slow phone.
  let release = () => {};
  const scriptsMayLoad = new Promise<void>((resolve) => {
    release = resolve;
  });
  const holdScripts = async (route: Route) => {
    await scriptsMayLoad;
    await route.continue();
  };
  await page.route(/\/assets\/.+\.js(\?.*)?$/, holdScripts);
  await page.goto("/auth", { waitUntil: "domcontentloaded" });

  await submitLogin(page, host.email, "senha-errada");
  await expect(loginForm(page).panel.getByRole("alert")).toHaveText("E-mail ou senha incorretos.");
  release();
  await authHydrated(page);
  await expectNoErrorToastFor(page, 1_000);

  await submitLogin(page, host.email, host.password);
  await expect(page).toHaveURL("/dashboard");
  await expectToast(page, "Login realizado com sucesso!");
  expect(await errorToastsNow(page)).toEqual([]);
});

test("sign-up refused then accepted: the success stands alone and the form's errors are gone", async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ "x-e2e-client-ip": `10.25.${Math.floor(Math.random() * 250)}.7` });
  await page.goto("/auth?tab=criar-conta");
  await authHydrated(page);
  await page.getByRole("tab", { name: "Criar conta" }).click();
  const form = signupForm(page);
  await form.name.fill("Rita Mensagens");
  await form.email.fill(uniqueEmail(test.info(), "cadastro-erro"));
  await form.password.fill("123");
  await form.submit.click();
  await expect(form.password).toHaveAccessibleDescription(/A senha deve ter pelo menos 6 caracteres\./);
  await expectNoErrorToastFor(page, 1_000);

  await form.password.fill("segredo-123");
  await form.submit.click();
  await expectToast(page, "Conta criada com sucesso! Verifique seu e-mail para confirmar o registro.");
  // Said once (issue 49): the toast, not a second copy in the page; and the way to get the e-mail again.
  await expect(form.panel.getByText("Conta criada com sucesso!")).toHaveCount(0);
  await expect(form.panel.getByRole("button", { name: "Reenviar e-mail" })).toBeVisible();
  expect(await errorToastsNow(page)).toEqual([]);
  await expect(form.password).not.toHaveAccessibleDescription(/A senha deve ter/);
  await expect(form.panel.getByRole("alert")).toHaveCount(0);
});

test("a product refused then saved: the success leaves no error toast behind", async ({ page }) => {
  const host = await newHost(page, "produto-erro");
  await signIn(page, host.email, host.password);
  await page.goto("/products");
  await page.getByRole("button", { name: "Novo Produto", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar Produto" });
  await dialog.getByLabel("Preço", { exact: true }).fill("5");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  const name = dialog.getByLabel("Nome", { exact: true });
  await expect(name).toHaveAccessibleDescription("Informe o nome do produto.");

  await name.fill("Café em cápsulas");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expectToast(page, "Produto criado com sucesso");
  expect(await errorToastsNow(page)).toEqual([]);
  await expect(dialog).toBeHidden();
});
