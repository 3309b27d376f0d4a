import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectToast, linkIn, MAIL_SUBJECT, register, uniqueEmail, waitForMail } from "./support/accounts";

/** The empty state whose title is `title`: the box around it, with its explanation and its action. */
function emptyState(page: Page, title: string): Locator {
  return page.getByText(title, { exact: true }).locator("..");
}

test("a brand-new host finds every empty list explained, with the next step to take", async ({
  page,
}, testInfo) => {
  const host = { name: "Vera Nova", email: uniqueEmail(testInfo, "vazios"), password: "segredo-123" };
  await register(page, host);
  const confirmation = await waitForMail(page, host.email, MAIL_SUBJECT.confirmation);
  await page.goto(await linkIn(confirmation, "/api/auth/verify-email"));
  await expect(page).toHaveURL("/dashboard");

  await test.step("properties: 'Cadastrar imóvel' opens the form, and the property is created", async () => {
    await page.goto("/properties");
    const empty = emptyState(page, "Nenhum imóvel cadastrado");
    await expect(empty.getByText(/o hóspede escaneia o cartaz e compra o que está no imóvel/)).toBeVisible();
    await empty.getByRole("button", { name: "Cadastrar imóvel" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar Imóvel" });
    await dialog.getByLabel("Nome", { exact: true }).fill("Loft Vazio");
    await dialog.getByLabel("Endereço", { exact: true }).fill("Rua Nova, 1");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Imóvel criado com sucesso");
    await expect(page.getByText("Nenhum imóvel cadastrado")).toBeHidden();
  });

  await test.step("categories: explained, with a button that opens the new category form", async () => {
    await page.goto("/product-categories");
    const empty = emptyState(page, "Nenhuma categoria cadastrada");
    await expect(empty.getByText(/agrupam os produtos na loja do hóspede/)).toBeVisible();
    await empty.getByRole("button", { name: "Criar primeira categoria" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
  });

  await test.step("inventory: its action leads to the only property's products", async () => {
    await page.goto("/inventory");
    const empty = emptyState(page, "Nenhum produto nos imóveis");
    await expect(empty.getByText(/O estoque de cada imóvel aparece aqui/)).toBeVisible();
    await empty.getByRole("link", { name: "Adicionar produtos em Loft Vazio" }).click();
    await expect(page).toHaveURL(/\/properties\/[0-9a-f-]{36}\/products$/);
  });

  await test.step("property products: with an empty catalogue, the next step is to create a product", async () => {
    const empty = emptyState(page, "Nenhum produto cadastrado");
    await expect(empty.getByText(/Seu catálogo ainda não tem produtos/)).toBeVisible();
    await expect(empty.getByRole("link", { name: "Cadastrar produto" })).toHaveAttribute("href", "/products");
  });

  await test.step("products: explained, with 'Novo produto' opening the form", async () => {
    await page.goto("/products");
    const empty = emptyState(page, "Nenhum produto cadastrado");
    await expect(empty.getByText(/Cadastre o que os hóspedes podem comprar/)).toBeVisible();
    await empty.getByRole("button", { name: "Novo produto", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Adicionar Produto" })).toBeVisible();
    await page.keyboard.press("Escape");
  });

  await test.step("reposições: what a run is, and 'Nova reposição' for the owner", async () => {
    await page.goto("/replacements");
    const empty = emptyState(page, "Nenhuma reposição encontrada");
    await expect(empty.getByText(/leva aos imóveis os produtos que estão abaixo do esperado/)).toBeVisible();
    await expect(empty.getByRole("link", { name: "Nova reposição" })).toHaveAttribute(
      "href",
      "/replacements/create",
    );
  });

  await test.step("stock history: nothing yet, then nothing for a filter, which 'Limpar filtros' clears", async () => {
    await page.goto("/inventory/historico?motivo=sale");
    const filtered = emptyState(page, "Nenhuma movimentação encontrada");
    await expect(
      filtered.getByText("Nenhuma movimentação corresponde aos filtros escolhidos."),
    ).toBeVisible();
    await filtered.getByRole("link", { name: "Limpar filtros" }).click();
    await expect(page).toHaveURL("/inventory/historico");
    const empty = emptyState(page, "Nenhuma movimentação encontrada");
    await expect(empty.getByText(/Cada mudança de quantidade aparece aqui/)).toBeVisible();
    await expect(empty.getByRole("link", { name: "Ver estoque" })).toHaveAttribute("href", "/inventory");
  });

  await test.step("sales: a filter says so; without one, how a sale arrives and where the posters are", async () => {
    await page.goto("/sales?status=paid");
    const filtered = emptyState(page, "Nenhuma venda encontrada");
    await expect(filtered.getByText("Nenhuma venda corresponde aos filtros escolhidos.")).toBeVisible();
    await filtered.getByRole("link", { name: "Limpar filtros" }).click();
    await expect(page).toHaveURL("/sales");
    const empty = emptyState(page, "Nenhuma venda encontrada");
    await expect(empty.getByText(/assim que um hóspede paga na loja do imóvel/)).toBeVisible();
    await expect(empty.getByRole("link", { name: "Ver imóveis" })).toHaveAttribute("href", "/properties");
  });

  await test.step("withdrawals and statement: where the money goes, and where to connect the account", async () => {
    await page.goto("/withdrawals");
    const empty = emptyState(page, "Nenhuma carteira encontrada");
    await expect(empty.getByText(/não para o Estadia/)).toBeVisible();
    await expect(empty.getByRole("link", { name: "Ver Recebimentos" })).toHaveAttribute(
      "href",
      "/recebimentos",
    );
    await page.goto("/wallets/sem-id");
    const noId = emptyState(page, "ID da carteira não encontrado");
    await expect(noId.getByRole("link", { name: "Ver carteiras" })).toHaveAttribute("href", "/withdrawals");
  });

  await test.step("team: 'Convidar' takes the owner to the invitation's e-mail field", async () => {
    await page.goto("/team");
    const empty = emptyState(page, "Nenhum convite pendente");
    await expect(empty.getByText(/O convite chega por e-mail/)).toBeVisible();
    await empty.getByRole("link", { name: "Convidar" }).click();
    await expect(page.getByRole("textbox", { name: "E-mail", exact: true })).toBeFocused();
  });

  await test.step("activity: what will be recorded there", async () => {
    await page.goto("/team/atividade");
    const empty = emptyState(page, "Nenhuma atividade registrada");
    await expect(empty.getByText(/as mudanças de preço, da equipe e da conta de recebimento/)).toBeVisible();
  });
});
