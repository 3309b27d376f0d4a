import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { expectToast, registerConfirmedHost, signIn, toasts, uniqueEmail } from "./support/accounts";

// Each journey registers a host and walks a whole screen: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

// Every test is a fresh host with an empty catalogue, so empty states and lists belong to this test only.
async function freshHost(page: Page, testInfo: TestInfo, label: string) {
  const host = { name: "Paula Catálogo", email: uniqueEmail(testInfo, label), password: "segredo-123" };
  await registerConfirmedHost(page, host);
  await signIn(page, host.email, host.password);
}

/** Sees the toast and closes it, so a second one with the same text is a new answer, not this one. */
/** Sees a toast and waits for it to go away on its own, so the next identical toast is a new one. */
async function seeToastOnce(page: Page, text: string) {
  await expectToast(page, text);
  await expect(toasts(page).getByText(text)).toHaveCount(0, { timeout: 15_000 });
}

/** A 2×2 red PNG, to send through the photo field. */
const RED_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAE0lEQVQImWP4z8DwnwGM/zMwAAAf7gP9qS/A4gAAAABJRU5ErkJggg==",
  "base64",
);

async function createCategory(page: Page, name: string, color: string) {
  await page.goto("/product-categories");
  await page.getByRole("button", { name: "Nova Categoria" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova Categoria" });
  await dialog.getByLabel("Nome", { exact: true }).fill(name);
  await dialog.getByLabel("Cor", { exact: true }).fill(color);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expectToast(page, "Categoria criada!");
  await expect(dialog).toBeHidden();
}

function categoryRow(page: Page, name: string) {
  return page
    .getByRole("list", { name: "Categorias" })
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) });
}

function productCard(page: Page, name: string) {
  return page
    .getByRole("list", { name: "Produtos" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });
}

test("a host manages product categories: empty list, colour preview, create, edit, delete", async ({
  page,
}, testInfo) => {
  await freshHost(page, testInfo, "categorias");
  await page.goto("/product-categories");
  await expect(
    page.getByRole("heading", { level: 1, name: "Gerenciar Categorias de Produto" }),
  ).toBeVisible();
  await expect(page.getByText("Nenhuma categoria cadastrada")).toBeVisible();

  await test.step("the modal previews the typed colour, the default when it is not a colour", async () => {
    await page.getByRole("button", { name: "Nova Categoria" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova Categoria" });
    const color = dialog.getByLabel("Cor", { exact: true });
    await expect(color).toHaveValue("#8E9196");
    await expect(color).toHaveAttribute("placeholder", "#8E9196");
    await expect(color).toHaveAttribute("maxlength", "7");
    await color.fill("#0a7");
    await expect(dialog.getByRole("img", { name: "Cor #00AA77" })).toBeVisible();
    await color.fill("#12");
    await expect(dialog.getByRole("img", { name: "Cor #8E9196" })).toBeVisible();

    // A missing name is refused with the form's message, and the modal stays open.
    await color.fill("#0077CC");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByLabel("Nome", { exact: true })).toHaveAccessibleDescription(
      "Informe o nome da categoria.",
    );
    // Said beside the field, not repeated as a toast.
    await expect(toasts(page).getByText("Informe o nome da categoria.")).toHaveCount(0);

    await dialog.getByLabel("Nome", { exact: true }).fill("Bebidas");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Categoria criada!");
    await expect(dialog).toBeHidden();
  });

  await test.step("the list shows the category with its swatch", async () => {
    const swatch = categoryRow(page, "Bebidas").getByRole("img", { name: "Cor #0077CC" });
    await expect(swatch).toBeVisible();
    await expect(swatch).toHaveCSS("background-color", "rgb(0, 119, 204)");
  });

  await test.step("a second category is listed first (newest first)", async () => {
    await createCategory(page, "Lanches", "#F5A623");
    const names = page.getByRole("list", { name: "Categorias" }).getByRole("listitem");
    await expect(names).toHaveCount(2);
    await expect(names.first()).toContainText("Lanches");
  });

  await test.step("editing shows the saved values and saves the change", async () => {
    await page.getByRole("button", { name: "Editar Bebidas" }).click();
    const dialog = page.getByRole("dialog", { name: "Editar Categoria" });
    await expect(dialog.getByLabel("Nome", { exact: true })).toHaveValue("Bebidas");
    await expect(dialog.getByLabel("Cor", { exact: true })).toHaveValue("#0077CC");
    await dialog.getByLabel("Nome", { exact: true }).fill("Bebidas geladas");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Categoria atualizada!");
    await expect(categoryRow(page, "Bebidas geladas")).toBeVisible();
  });

  await test.step("deleting asks first; cancelling keeps the category", async () => {
    await page.getByRole("button", { name: "Excluir Lanches" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Tem certeza que deseja excluir esta categoria?");
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await expect(categoryRow(page, "Lanches")).toBeVisible();

    for (const name of ["Lanches", "Bebidas geladas"]) {
      await page.getByRole("button", { name: `Excluir ${name}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
      await seeToastOnce(page, "Categoria excluída");
      await expect(categoryRow(page, name)).toHaveCount(0);
    }
    await expect(page.getByText("Nenhuma categoria cadastrada")).toBeVisible();
  });
});

test("a host creates, edits and deletes a product; the price follows the pt-BR typing rule", async ({
  page,
}, testInfo) => {
  await freshHost(page, testInfo, "produtos");
  await page.goto("/products");
  await expect(page.getByRole("heading", { level: 1, name: "Gerenciar Produtos" })).toBeVisible();
  await expect(page.getByText("Nenhum produto cadastrado")).toBeVisible();

  await createCategory(page, "Bebidas", "#0077CC");
  await createCategory(page, "Água e sucos", "#00AA77");
  await page.goto("/products");

  await test.step("create: 1 2 5 0 typed cents-first shows 'R$ 12,50'", async () => {
    await page.getByRole("button", { name: "Novo produto", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar Produto" });
    await dialog.getByLabel("Nome", { exact: true }).fill("Cerveja artesanal");
    const price = dialog.getByLabel("Preço", { exact: true });
    await expect(price).toHaveAttribute("placeholder", "0,00");
    await price.pressSequentially("1250");
    await expect(price).toHaveValue("R$ 12,50");
    const category = dialog.getByLabel("Categoria", { exact: true });
    // 'Nenhuma' first, then the categories by name.
    await expect(category.getByRole("option")).toHaveText(["Nenhuma", "Água e sucos", "Bebidas"]);
    await category.selectOption({ label: "Bebidas" });
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Produto criado com sucesso");
    await expect(dialog).toBeHidden();

    const card = productCard(page, "Cerveja artesanal");
    await expect(card.getByText("R$ 12,50")).toBeVisible();
    await expect(card.getByText("Bebidas", { exact: true })).toBeVisible();
    await expect(card.getByRole("img", { name: "Cor #0077CC" })).toBeVisible();
  });

  await test.step("a missing name is refused and nothing is created", async () => {
    await page.getByRole("button", { name: "Novo Produto", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar Produto" });
    await dialog.getByLabel("Preço", { exact: true }).fill("5");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByLabel("Nome", { exact: true })).toHaveAccessibleDescription(
      "Informe o nome do produto.",
    );
    // Said beside the field, and only there.
    await expect(toasts(page).getByText("Informe o nome do produto.")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(page.getByRole("list", { name: "Produtos" }).getByRole("listitem")).toHaveCount(1);
  });

  await test.step("a product with a photo and no category shows the thumbnail", async () => {
    await page.getByRole("button", { name: "Novo Produto", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar Produto" });
    await dialog.getByLabel("Nome", { exact: true }).fill("Água mineral");
    await dialog.getByLabel("Preço", { exact: true }).fill("3,5");
    await dialog.getByLabel("Enviar uma foto").setInputFiles({
      name: "agua.png",
      mimeType: "image/png",
      buffer: RED_PNG,
    });
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Produto criado com sucesso");

    const card = productCard(page, "Água mineral");
    await expect(card.getByText("R$ 3,50")).toBeVisible();
    await expect(card.getByText("Sem categoria")).toBeVisible();
    const thumb = card.locator("img");
    await expect(thumb).toHaveAttribute("src", /^\/media\/.+-thumb\.webp$/);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // Newest first.
    await expect(page.getByRole("list", { name: "Produtos" }).getByRole("listitem").first()).toContainText(
      "Água mineral",
    );
  });

  await test.step("edit shows the price as 'R$ 12,50' and the category, and saves", async () => {
    await page.getByRole("button", { name: "Editar Cerveja artesanal" }).click();
    const dialog = page.getByRole("dialog", { name: "Editar Produto" });
    await expect(dialog.getByLabel("Nome", { exact: true })).toHaveValue("Cerveja artesanal");
    await expect(dialog.getByLabel("Preço", { exact: true })).toHaveValue("R$ 12,50");
    await expect(dialog.getByLabel("Categoria", { exact: true })).toHaveValue(/.+/);
    await expect(dialog.getByLabel("Categoria", { exact: true }).locator("option:checked")).toHaveText(
      "Bebidas",
    );
    await dialog.getByLabel("Nome", { exact: true }).fill("Cerveja IPA");
    await dialog.getByLabel("Preço", { exact: true }).fill("14,9");
    await dialog.getByLabel("Categoria", { exact: true }).selectOption({ label: "Nenhuma" });
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Produto atualizado com sucesso");

    const card = productCard(page, "Cerveja IPA");
    await expect(card.getByText("R$ 14,90")).toBeVisible();
    await expect(card.getByText("Sem categoria")).toBeVisible();
    await expect(productCard(page, "Cerveja artesanal")).toHaveCount(0);
  });

  await test.step("delete asks first, then the product leaves the list", async () => {
    for (const name of ["Cerveja IPA", "Água mineral"]) {
      await page.getByRole("button", { name: `Excluir ${name}` }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText("Tem certeza que deseja excluir este produto?");
      await confirm.getByRole("button", { name: "Excluir" }).click();
      await seeToastOnce(page, "Produto excluído com sucesso");
      await expect(productCard(page, name)).toHaveCount(0);
    }
    await expect(page.getByText("Nenhum produto cadastrado")).toBeVisible();
    await page.reload();
    await expect(page.getByText("Nenhum produto cadastrado")).toBeVisible();
  });
});
