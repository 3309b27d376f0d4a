import { type Browser, devices, expect, type Page, test } from "@playwright/test";
import {
  expectToast,
  linkIn,
  registerConfirmedHost,
  signIn,
  uniqueEmail,
  waitForMail,
} from "./support/accounts";

const ORGANIZATION = "Pousada Serena";

/** The side navigation's link names (on phones, from the drawer, closed again afterwards). */
async function navLabels(page: Page, isMobile: boolean): Promise<string[]> {
  const drawer = page.getByRole("dialog", { name: "Menu" });
  if (isMobile) await page.getByRole("button", { name: "Abrir menu" }).click();
  const nav = (isMobile ? drawer : page).getByRole("navigation", { name: "Principal" });
  await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
  const labels = await nav.getByRole("link").allInnerTexts();
  if (isMobile) await drawer.getByRole("button", { name: "Fechar menu" }).click();
  return labels.map((l) => l.trim());
}

/** A second person's browser, the same kind of device as this project's. */
async function newPage(browser: Browser, baseURL: string | undefined, isMobile: boolean): Promise<Page> {
  const { defaultBrowserType: _, ...device } = devices[isMobile ? "Pixel 7" : "Desktop Chrome"];
  const context = await browser.newContext({ ...device, baseURL });
  return context.newPage();
}

test("an owner invites cleaning staff, who joins from the email with read-only access, until removed", async ({
  page,
  browser,
  baseURL,
  isMobile,
}, testInfo) => {
  // Two people's journeys, each with a registration and an email, in one test.
  test.setTimeout(120_000);
  const host = { name: "Helena Prado", email: uniqueEmail(testInfo, "dona"), password: "segredo-123" };
  const staff = { name: "Lia Souza", email: uniqueEmail(testInfo, "limpeza"), password: "limpeza-123" };

  await test.step("the owner names the organization and invites Lia as cleaning staff", async () => {
    await registerConfirmedHost(page, host);
    await signIn(page, host.email, host.password);
    expect(await navLabels(page, isMobile)).toContain("Equipe");
    await page.goto("/team");
    await expect(page.getByRole("heading", { level: 1, name: "Equipe" })).toBeVisible();
    await page.getByLabel("Nome da organização").fill(ORGANIZATION);
    await page.getByRole("button", { name: "Salvar nome" }).click();
    await expect(page.getByRole("status").getByText("Nome da organização atualizado.")).toBeVisible();

    await page.getByLabel("E-mail", { exact: true }).fill(staff.email);
    await page.getByLabel("Papel", { exact: true }).selectOption({ label: "Equipe de limpeza" });
    await page.getByRole("button", { name: "Enviar convite" }).click();
    await expect(page.getByRole("status").getByText("Convite enviado.")).toBeVisible();
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("");
    const pending = page.getByRole("list", { name: "Convites pendentes" }).getByRole("listitem");
    await expect(pending).toHaveCount(1);
    await expect(pending).toContainText(staff.email);
    await expect(pending).toContainText(`convidado por ${host.name}`);
    await expect(pending).toContainText("Expira em");
  });

  const staffPage = await newPage(browser, baseURL, isMobile);

  await test.step("Lia opens the emailed link, registers and lands in the owner's organization", async () => {
    const mail = await waitForMail(
      staffPage,
      staff.email,
      `Convite para a equipe de ${ORGANIZATION} no Estadia`,
    );
    await staffPage.goto(await linkIn(mail, "/convite?token="));
    await expect(
      staffPage.getByText(`${host.name} convidou você para a equipe de ${ORGANIZATION}`),
    ).toBeVisible();
    await staffPage.getByLabel("Nome completo").fill(staff.name);
    await staffPage.getByLabel("Senha", { exact: true }).fill(staff.password);
    await staffPage.getByRole("button", { name: "Criar conta e entrar" }).click();
    // Issue 49: staff start on 'Hoje'.
    await expect(staffPage).toHaveURL("/hoje");
    await expectToast(staffPage, "Convite aceito! Você agora faz parte da equipe.");
  });

  await test.step("Lia sees the catalogue read-only and no sales, withdrawals or team", async () => {
    const labels = await navLabels(staffPage, isMobile);
    expect(labels).toEqual([
      "Dashboard",
      "Hoje",
      "Imóveis",
      "Agenda",
      "Estoque",
      "Reposições",
      "Avarias",
      "Produtos",
    ]);

    await staffPage.goto("/products");
    await expect(staffPage.getByRole("heading", { level: 1, name: "Gerenciar Produtos" })).toBeVisible();
    await expect(staffPage.getByRole("button", { name: /Novo Produto|Adicionar Produto/ })).toHaveCount(0);
    await staffPage.goto("/properties");
    await expect(staffPage.getByRole("button", { name: /Novo|Adicionar/ })).toHaveCount(0);

    // Even posted by hand from her signed-in page, the server refuses to create a product.
    const posted = await staffPage.evaluate(async () => {
      const body = new URLSearchParams({ intent: "create", name: "Intrusa", price: "1,00" });
      return (await fetch("/products", { method: "POST", body })).status;
    });
    expect(posted).toBe(403);

    const sales = await staffPage.goto("/sales");
    expect(sales?.status()).toBe(403);
    await expect(staffPage.getByText("Você não tem permissão para ver esta página")).toBeVisible();
    await expect(staffPage.getByText("Seu papel nesta organização não permite ver as vendas.")).toBeVisible();
  });

  await test.step("the owner sees Lia in the team and removes her", async () => {
    await page.goto("/team");
    const members = page.getByRole("list", { name: "Membros" }).getByRole("listitem");
    await expect(members).toHaveCount(2);
    const lia = members.filter({ hasText: staff.email });
    await expect(lia).toContainText(staff.name);
    await expect(lia).toContainText("Equipe de limpeza");
    await expect(lia).toContainText("desde");
    await lia.getByRole("button", { name: `Remover ${staff.name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remover da equipe" });
    await expect(confirm).toContainText(`${staff.name} deixa de acessar esta organização na hora`);
    await confirm.getByRole("button", { name: "Remover", exact: true }).click();
    await expect(page.getByRole("status").getByText("Pessoa removida da equipe.")).toBeVisible();
    await expect(members).toHaveCount(1);
  });

  await test.step("Lia's next page load is refused", async () => {
    await staffPage.goto("/products");
    await expect(staffPage).toHaveURL("/auth?redirectTo=%2Fproducts");
    await expect(staffPage.getByRole("heading", { name: "Acesse sua conta Estadia" })).toBeVisible();
  });

  await test.step("the activity tells the owner who joined and who was removed", async () => {
    await page.goto("/team/atividade");
    const entries = page.getByRole("list", { name: "Atividade" }).getByRole("listitem");
    await expect(entries.nth(0)).toContainText(`${staff.email} removido(a) da equipe`);
    await expect(entries.nth(1)).toContainText(`${staff.email} entrou na equipe como Equipe de limpeza`);
    await expect(entries.nth(2)).toContainText(`${staff.email} convidado(a) como Equipe de limpeza`);
  });
});
