import { expect, type Page, test } from "@playwright/test";
import { expectToast, registerConfirmedHost, signIn, uniqueEmail } from "./support/accounts";

// Issue 25: one money field for every amount, cents-first, refusing what is not an amount.
test.describe.configure({ timeout: 120_000 });

const PRICE_INVALID = "Digite o preço só com números e vírgula, como 12,50.";

function productCard(page: Page, name: string) {
  return page
    .getByRole("list", { name: "Produtos" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });
}

async function openNewProduct(page: Page, name: string) {
  await page
    .getByRole("button", { name: /^(novo|adicionar) produto$/i })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Adicionar Produto" });
  await dialog.getByLabel("Nome", { exact: true }).fill(name);
  return dialog;
}

test("the price field types cents-first, refuses what is not an amount and asks before a large price", async ({
  page,
}, testInfo) => {
  const host = { name: "Rita Preços", email: uniqueEmail(testInfo, "dinheiro"), password: "segredo-123" };
  await registerConfirmedHost(page, host);
  await signIn(page, host.email, host.password);
  await page.goto("/products");

  await test.step("typing 2 2 9 0 shows R$ 22,90 and saves R$ 22,90 without asking", async () => {
    const dialog = await openNewProduct(page, "Vinho tinto");
    const price = dialog.getByLabel("Preço", { exact: true });
    await price.pressSequentially("229");
    await expect(price).toHaveValue("R$ 2,29");
    await price.press("0");
    await expect(price).toHaveValue("R$ 22,90");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Produto criado com sucesso");
    await expect(productCard(page, "Vinho tinto").getByText("R$ 22,90")).toBeVisible();
  });

  await test.step("typed '1a2,5x0' strips the other characters (spec); a filled '-50' or '1e9' is refused", async () => {
    const dialog = await openNewProduct(page, "Cerveja");
    const price = dialog.getByLabel("Preço", { exact: true });
    await price.pressSequentially("1a2,5x0");
    await expect(price).toHaveValue("R$ 12,50");
    await expect(dialog.getByText(PRICE_INVALID, { exact: true })).toBeHidden();
    for (const typed of ["-50", "1e9"]) {
      await price.fill("");
      await price.fill(typed);
      await expect(price).toHaveAttribute("aria-invalid", "true");
      await expect(price).toHaveAccessibleDescription(new RegExp(PRICE_INVALID.replaceAll(".", "\\.")));
      await expect(dialog.getByText(PRICE_INVALID, { exact: true })).toBeVisible();
    }
    await price.fill("");
    await expect(dialog.getByText(PRICE_INVALID, { exact: true })).toBeHidden();
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(productCard(page, "Cerveja")).toHaveCount(0);
  });

  await test.step("R$ 2.290,00 asks for confirmation and saves only when confirmed", async () => {
    const dialog = await openNewProduct(page, "Espumante");
    const price = dialog.getByLabel("Preço", { exact: true });
    await price.pressSequentially("229000");
    await expect(price).toHaveValue("R$ 2.290,00");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    const question = dialog.getByText("Confirmar preço de R$ 2.290,00?", { exact: true });
    await expect(question).toBeVisible();
    await dialog.getByRole("button", { name: "Corrigir" }).click();
    await expect(question).toBeHidden();
    await expect(productCard(page, "Espumante")).toHaveCount(0);

    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(question).toBeVisible();
    await dialog.getByRole("button", { name: "Confirmar" }).click();
    await expectToast(page, "Produto criado com sucesso");
    await expect(productCard(page, "Espumante").getByText("R$ 2.290,00")).toBeVisible();

    // A price confirmed once is not asked again when the product is edited without changing it.
    await page.getByRole("button", { name: "Editar Espumante" }).click();
    const edit = page.getByRole("dialog", { name: "Editar Produto" });
    await expect(edit.getByLabel("Preço", { exact: true })).toHaveValue("R$ 2.290,00");
    await edit.getByLabel("Nome", { exact: true }).fill("Espumante brut");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Produto atualizado com sucesso");
    await expect(productCard(page, "Espumante brut").getByText("R$ 2.290,00")).toBeVisible();
  });

  await test.step("'R$ 1.234,56' pasted over the cost replaces it and is saved as that amount", async () => {
    const dialog = await openNewProduct(page, "Queijo");
    await dialog.getByLabel("Preço", { exact: true }).pressSequentially("4500");
    const cost = dialog.getByLabel("Custo", { exact: true });
    await cost.pressSequentially("12");
    await expect(cost).toHaveValue("R$ 0,12");
    await cost.evaluate((input, text) => {
      const data = new DataTransfer();
      data.setData("text/plain", text);
      input.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, "R$ 1.234,56");
    await expect(cost).toHaveValue("R$ 1.234,56");
    // The cost needs no confirmation: only the price does.
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Produto criado com sucesso");
    const card = productCard(page, "Queijo");
    await expect(card.getByText("R$ 45,00")).toBeVisible();
    await expect(card).toContainText(/Custo\sR\$\s1\.234,56/);
  });
});
