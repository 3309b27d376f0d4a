import { expect, type Frame, type Page, test } from "@playwright/test";
import {
  expectToast,
  linkIn,
  loginForm,
  MAIL_SUBJECT,
  mailCountTo,
  registerConfirmedHost,
  signIn,
  submitLogin,
  uniqueEmail,
  waitForMail,
} from "./support/accounts";

/** From the login view: 'Esqueceu a senha?' → recovery view → request → toast and back at the login. */
async function requestRecovery(page: Page, email: string) {
  await page.goto("/auth");
  await page.getByRole("link", { name: "Esqueceu a senha?" }).click();
  await expect(page.getByRole("heading", { name: "Recuperar Senha" })).toBeVisible();
  await expect(page.getByText("Enviaremos um link para você redefinir sua senha.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Voltar para o login" })).toBeVisible();

  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Enviar link de recuperação" }).click();
  await expectToast(page, "Link de recuperação enviado para seu e-mail");
  await expect(page).toHaveURL("/auth");
  await expect(loginForm(page).submit).toBeVisible();
}

test("a host resets a forgotten password through the emailed link", async ({ page }, testInfo) => {
  const host = { name: "Renata Lima", email: uniqueEmail(testInfo, "recuperar"), password: "senha-antiga-1" };
  const newPassword = "senha-nova-2";
  const unknown = uniqueEmail(testInfo, "ninguem");
  await registerConfirmedHost(page, host);

  await test.step("an unknown address gets the same answer", async () => {
    await requestRecovery(page, unknown);
  });

  const link = await test.step("the host asks for a link and it arrives in the outbox", async () => {
    await requestRecovery(page, host.email);
    const mail = await waitForMail(page, host.email, MAIL_SUBJECT.recovery);
    return linkIn(mail, "/api/auth/reset-password/");
  });

  await test.step("no mail went to the unknown address", async () => {
    // Asked for before the host's link, which is already in the outbox: anything for it would be too.
    expect(await mailCountTo(page, unknown)).toBe(0);
  });

  await test.step("the reset page refuses passwords that differ", async () => {
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.getByRole("heading", { name: "Redefinir Senha" })).toBeVisible();
    await page.getByLabel("Nova senha", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirme a nova senha", { exact: true }).fill("outra-coisa-3");
    await page.getByRole("button", { name: "Redefinir senha" }).click();
    await expect(page.getByLabel("Confirme a nova senha", { exact: true })).toHaveAccessibleDescription(
      "As senhas não coincidem",
    );
    // Shown by its field, not repeated as a toast (issue 25; tests/e2e/truthful-messages.spec.ts).
  });

  await test.step("the new password is saved and the login opens after 2 s", async () => {
    await page.getByLabel("Nova senha", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirme a nova senha", { exact: true }).fill(newPassword);
    const visited: string[] = [];
    const onNavigation = (frame: Frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    };
    page.on("framenavigated", onNavigation);
    const submittedAt = Date.now();
    await page.getByRole("button", { name: "Redefinir senha" }).click();
    await expectToast(page, "Senha atualizada com sucesso!");
    await page.waitForURL("/auth", { timeout: 10_000 });
    page.off("framenavigated", onNavigation);
    // Not before the 2 s the page gives the person to read the confirmation...
    expect(Date.now() - submittedAt).toBeGreaterThanOrEqual(2_000);
    // ...and straight to the login: never through the recovery view with 'link expired or used'. Soft, so
    // the steps after it still run and say whether the password itself was changed.
    expect
      .soft(
        visited.filter((url) => url.includes("view=recuperar")),
        "pages passed on the way",
      )
      .toEqual([]);
    await expect(loginForm(page).submit).toBeVisible();
  });

  await test.step("the old password is refused, the new one works", async () => {
    await submitLogin(page, host.email, host.password);
    await expect(loginForm(page).panel.getByRole("alert")).toHaveText("E-mail ou senha incorretos.");
    await expect(page).toHaveURL(/\/auth/);

    await signIn(page, host.email, newPassword);
    await expectToast(page, "Login realizado com sucesso!");
  });
});

test("the reset page without a token goes back to the login", async ({ page }) => {
  await page.goto("/reset-password");
  await expect(page).toHaveURL("/auth");
  await expectToast(page, "Link de recuperação inválido");
});
