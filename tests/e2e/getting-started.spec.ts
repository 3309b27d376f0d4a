// Issue 25: a brand-new host follows the dashboard's 'Primeiros passos' from an empty account to a paid test
// purchase, each step ticking itself from what was really done: a property, a product put in it at the
// quantity typed ('Adicionar aos imóveis', right after creating it), the sandbox account, the poster, and a
// guest's PIX payment approved on /dev/payments. One step at a time (issue 49): the next one with the button,
// finished ones folded. Then a word, and the checklist steps aside behind a link once hidden.
import { expect, type Page, test } from "@playwright/test";
import { expectToast, linkIn, MAIL_SUBJECT, register, uniqueEmail, waitForMail } from "./support/accounts";
import type { Buyer } from "./support/checkout";
import { buyWithPix, guestContext } from "./support/money";

const PROPERTY = "Cabana do Lago";
const PRODUCT = { name: "Água com gás", price: "12,50", priceCents: 1250 };

/** The checklist on the dashboard. */
function checklist(page: Page) {
  return page.getByRole("region", { name: "Primeiros passos" });
}

/** Opens the dashboard and checks which steps are done, in order (true = 'Concluído'). */
async function expectSteps(page: Page, done: number) {
  await page.goto("/dashboard");
  const steps = checklist(page).getByRole("listitem");
  await expect(steps).toHaveCount(6);
  const expected = Array.from({ length: 6 }, (_, i) => (i < done ? /: Concluído$/ : /: Pendente$/));
  for (const [i, status] of expected.entries()) {
    await expect(steps.nth(i).getByRole("heading", { level: 3 })).toHaveText(status);
  }
  await expect(checklist(page)).toContainText(`${done} de 6 concluídos`);
}

/** The checklist's link to a step, by its words. */
function stepAction(page: Page, step: number, name: string) {
  return checklist(page)
    .getByRole("listitem")
    .nth(step - 1)
    .getByRole("link", { name });
}

test("a new host follows 'Primeiros passos' from an empty account to a paid test purchase", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const host = { name: "Bruna Começo", email: uniqueEmail(testInfo, "comeco"), password: "segredo-123" };
  const buyer: Buyer = {
    fullName: `Hóspede Teste ${testInfo.project.name}`,
    cpf: "529.982.247-25",
    email: uniqueEmail(testInfo, "hospede-comeco"),
    phone: "(41) 99876-5432",
  };

  await test.step("the empty dashboard of a new owner is the checklist, nothing done", async () => {
    await register(page, host);
    const mail = await waitForMail(page, host.email, MAIL_SUBJECT.confirmation);
    await page.goto(await linkIn(mail, "/api/auth/verify-email"));
    await expect(page).toHaveURL("/dashboard");
    await expectSteps(page, 0);
    // While it is not done there is no link to open it: it is already there.
    await expect(page.getByRole("link", { name: "Primeiros passos" })).toHaveCount(0);
  });

  await test.step("1. the property", async () => {
    // The step opens the form itself, not the list (issue 49).
    await stepAction(page, 1, "Cadastrar imóvel").click();
    const dialog = page.getByRole("dialog", { name: "Adicionar Imóvel" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL("/properties");
    await dialog.getByLabel("Nome", { exact: true }).fill(PROPERTY);
    await dialog.getByLabel("Endereço", { exact: true }).fill("Rua do Lago, 7");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Imóvel criado com sucesso");
    await expectSteps(page, 1);
  });

  await test.step("2 and 3. the product, then 'Adicionar aos imóveis' with the quantities typed", async () => {
    await stepAction(page, 2, "Cadastrar produtos").click();
    const dialog = page.getByRole("dialog", { name: "Adicionar Produto" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL("/products");
    await dialog.getByLabel("Nome", { exact: true }).fill(PRODUCT.name);
    await dialog.getByLabel("Preço", { exact: true }).fill(PRODUCT.price);
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Produto criado com sucesso");

    const place = page.getByRole("region", { name: `Adicionar ${PRODUCT.name} aos imóveis` });
    await expect(place).toBeVisible();
    await place.getByLabel(`Quantidade atual em ${PROPERTY}`, { exact: true }).fill("6");
    await place.getByLabel(`Quantidade esperada em ${PROPERTY}`, { exact: true }).fill("8");
    await place.getByRole("button", { name: "Adicionar aos imóveis" }).click();
    await expectToast(page, "Produto adicionado a 1 imóvel");
    await expect(place).toBeHidden();
    await expectSteps(page, 3);

    // It starts at what the host typed, not at 1.
    await stepAction(page, 3, "Informar quantidades").click();
    await expect(page).toHaveURL(/\/properties\/[0-9a-f-]{36}\/products$/);
    await expect(page.getByLabel(`Quantidade atual de ${PRODUCT.name}`, { exact: true })).toHaveValue("6");
    await expect(page.getByLabel(`Quantidade esperada de ${PRODUCT.name}`, { exact: true })).toHaveValue("8");
  });

  await test.step("4. receiving payments: the test account", async () => {
    await page.goto("/dashboard");
    await stepAction(page, 4, "Conectar conta").click();
    await expect(page).toHaveURL("/recebimentos");
    await page.getByRole("button", { name: "Conectar conta de teste" }).click();
    await expectToast(page, "Conta conectada. Seus imóveis já podem receber pagamentos.");
    await expectSteps(page, 4);
  });

  await test.step("5. the poster, downloaded from the checklist", async () => {
    const opened = page.context().waitForEvent("page");
    await stepAction(page, 5, "Baixar cartaz").click();
    const poster = await opened;
    // The new tab opens the property's poster (a PDF the browser shows or saves); its download ticks the step.
    await expect.poll(() => poster.url()).toMatch(/\/properties\/[0-9a-f-]{36}\/poster$/);
    await poster.close();
    await expectSteps(page, 5);
  });

  await test.step("6. a test purchase in the shop, paid by PIX and approved in the sandbox", async () => {
    const shopLink = stepAction(page, 6, `Abrir a loja (abre a loja em nova aba)`);
    const shopPath = (await shopLink.getAttribute("href")) ?? "";
    expect(shopPath).toMatch(/^\/i\/[A-Za-z0-9_-]+$/);
    await expect(stepAction(page, 6, "Aprovar o pagamento de teste (abre em nova aba)")).toHaveAttribute(
      "href",
      "/dev/payments",
    );
    const guest = await guestContext(browser, testInfo);
    try {
      await buyWithPix(browser, await guest.newPage(), shopPath, buyer, PRODUCT, 1);
    } finally {
      await guest.close();
    }
  });

  await test.step("all done: a word, then the checklist steps aside when hidden and stays reachable", async () => {
    await page.goto("/dashboard");
    await expect(checklist(page)).toContainText("6 de 6 concluídos");
    await expect(checklist(page).getByRole("status")).toContainText(
      "Tudo pronto: a primeira venda foi feita",
    );
    await checklist(page).getByRole("link", { name: "Ocultar primeiros passos" }).click();
    await expect(checklist(page)).toHaveCount(0);
    await page.goto("/dashboard");
    await expect(checklist(page)).toHaveCount(0);
    await page.getByRole("link", { name: "Primeiros passos" }).click();
    await expect(page).toHaveURL("/dashboard?primeiros-passos=1");
    await expect(checklist(page)).toContainText("Tudo pronto");
  });
});
