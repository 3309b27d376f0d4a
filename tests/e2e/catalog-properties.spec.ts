import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { expectToast, registerConfirmedHost, signIn, toasts, uniqueEmail } from "./support/accounts";

/** axe's findings on the page as it is now (none expected); toasts fading in or out are not this page's. */
async function accessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('section[aria-label="Notificações"]').analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

// A fresh host per test: an empty catalogue, so the empty states and lists belong to this test only.
async function freshHost(page: Page, testInfo: TestInfo, label: string) {
  const host = { name: "Rita Imóveis", email: uniqueEmail(testInfo, label), password: "segredo-123" };
  await registerConfirmedHost(page, host);
  await signIn(page, host.email, host.password);
}

/** The link on a property's name: its accessible name says it opens the shop in a new tab. */
function shopLinkOf(page: Page, name: string) {
  return page.getByRole("link", { name: `${name} (abre a loja em nova aba)`, exact: true });
}

function propertyCard(page: Page, name: string) {
  return page
    .getByRole("list", { name: "Imóveis" })
    .getByRole("listitem")
    .filter({ has: shopLinkOf(page, name) });
}

test("a host creates a property, stocks it with a product, saves quantities and deletes it", async ({
  page,
}, testInfo) => {
  // One long journey: registration, two pages of forms and several reloads.
  test.setTimeout(90_000);
  const baseURL = testInfo.project.use.baseURL ?? "";
  await freshHost(page, testInfo, "imoveis");
  await page.goto("/properties");
  await expect(page.getByRole("heading", { level: 1, name: "Gerenciar Imóveis" })).toBeVisible();
  await expect(page.getByText("Nenhum imóvel cadastrado")).toBeVisible();

  await test.step("the modal requires name and address, then creates the property", async () => {
    await page.getByRole("button", { name: "Adicionar Imóvel" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar Imóvel" });
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByText("Informe o nome do imóvel.")).toBeVisible();
    await expect(dialog.getByText("Informe o endereço.")).toBeVisible();
    // Said beside the fields, not repeated as a toast.
    await expect(toasts(page).getByText("Confira os campos destacados.")).toHaveCount(0);

    await dialog.getByLabel("Nome", { exact: true }).fill("Loft Centro");
    await dialog.getByLabel("Endereço", { exact: true }).fill("Rua das Flores, 10");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Imóvel criado com sucesso");
    await expect(dialog).toBeHidden();
  });

  const card = propertyCard(page, "Loft Centro");
  const shopLink = shopLinkOf(page, "Loft Centro");
  let shopPath = "";
  await test.step("its name opens the guest shop in a new tab and the card shows the full guest link", async () => {
    await expect(card.getByText("Rua das Flores, 10")).toBeVisible();
    shopPath = (await shopLink.getAttribute("href")) ?? "";
    expect(shopPath).toMatch(/^\/i\/[A-Za-z0-9_-]{22}$/);
    await expect(shopLink).toHaveAttribute("target", "_blank");
    await expect(shopLink).toHaveAttribute("rel", /\bnoopener\b/);
    await expect(card.getByTestId("guest-link")).toHaveText(`${baseURL}${shopPath}`);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  await test.step("editing keeps the guest link", async () => {
    await page.getByRole("button", { name: "Editar Loft Centro" }).click();
    const dialog = page.getByRole("dialog", { name: "Editar Imóvel" });
    await expect(dialog.getByLabel("Nome", { exact: true })).toHaveValue("Loft Centro");
    await dialog.getByLabel("Nome", { exact: true }).fill("Loft Centro 2");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Imóvel atualizado com sucesso");
    await expect(propertyCard(page, "Loft Centro 2").getByTestId("guest-link")).toHaveText(
      `${baseURL}${shopPath}`,
    );
  });

  await test.step("a product is created in the catalogue", async () => {
    await page.goto("/products");
    // The products page's own button (its label belongs to that screen, so either wording is accepted).
    await page
      .getByRole("button", { name: /^(Novo|Adicionar) produto$/i })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Adicionar Produto" });
    await dialog.getByLabel("Nome", { exact: true }).fill("Água mineral");
    await dialog.getByLabel("Preço", { exact: true }).fill("4,50");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Produto criado com sucesso");
  });

  let stockPath = "";
  await test.step("the property's products page starts empty and takes the product", async () => {
    await page.goto("/properties");
    await page.getByRole("link", { name: "Gerenciar produtos de Loft Centro 2" }).click();
    await expect(page).toHaveURL(/\/properties\/[0-9a-f-]{36}\/products$/);
    stockPath = new URL(page.url()).pathname;
    await expect(page.getByRole("heading", { level: 1, name: "Gerenciar Produtos do Imóvel" })).toBeVisible();
    await expect(page.getByText("Loft Centro 2", { exact: true })).toBeVisible();
    await expect(page.getByText("Nenhum produto cadastrado")).toBeVisible();

    await page.getByRole("button", { name: "Adicionar produtos" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Adicionar produtos" });
    await dialog.getByRole("checkbox", { name: /Água mineral/ }).check();
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expectToast(page, "Produto adicionado com sucesso");
    await expect(dialog).toBeHidden();
  });

  const current = page.getByLabel("Quantidade atual de Água mineral");
  const expected = page.getByLabel("Quantidade esperada de Água mineral");
  await test.step("a new product starts at 1 / 1; 3 / 5 saved survive a reload", async () => {
    await expect(current).toHaveValue("1");
    await expect(expected).toHaveValue("1");
    await expect(expected).toHaveAttribute("placeholder", "Sem limite");
    await current.fill("3");
    await expected.fill("5");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Quantidades atualizadas com sucesso");
    await page.reload();
    await expect(current).toHaveValue("3");
    await expect(expected).toHaveValue("5");
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  await test.step("a save that fails changes nothing and the inputs go back to the saved values", async () => {
    await current.fill("9");
    // A row for a product the property does not hold makes the whole save fail.
    await page.locator('form:has(input[name="intent"][value="save"])').evaluate((form) => {
      const intruder = document.createElement("input");
      intruder.type = "hidden";
      intruder.name = "productId";
      intruder.value = "00000000-0000-4000-8000-000000000000";
      form.append(intruder);
    });
    await page.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Erro ao atualizar quantidades: Produto não encontrado neste imóvel");
    await expect(current).toHaveValue("3");
    await page.reload();
    await expect(current).toHaveValue("3");
  });

  await test.step("a quantity the save refuses marks its row: 'Erro ao atualizar quantidade' and why", async () => {
    await current.fill("2000000");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Erro ao atualizar quantidades: A quantidade máxima é 1.000.000.");
    const row = page.getByRole("listitem").filter({ has: current });
    await expect(row.getByRole("alert")).toHaveText("Erro ao atualizar quantidade");
    await expect(current).toHaveAccessibleDescription("A quantidade máxima é 1.000.000.");
    await expect(current).toHaveValue("3");
    await current.fill("4");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Quantidades atualizadas com sucesso");
    await expect(row.getByRole("alert")).toHaveCount(0);
  });

  await test.step("deleting asks first, then the property is gone and its pages answer 404", async () => {
    await page.goto("/properties");
    await page.getByRole("button", { name: "Excluir Loft Centro 2" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Tem certeza que deseja excluir este imóvel?" });
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await expect(propertyCard(page, "Loft Centro 2")).toBeVisible();

    await page.getByRole("button", { name: "Excluir Loft Centro 2" }).click();
    await confirm.getByRole("button", { name: "Excluir", exact: true }).click();
    await expectToast(page, "Imóvel excluído com sucesso");
    await expect(page.getByText("Nenhum imóvel cadastrado")).toBeVisible();

    await page.goto(stockPath);
    await expect(page.getByText("Página não encontrada")).toBeVisible();
  });
});
