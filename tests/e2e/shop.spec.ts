import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_HOST, signIn } from "./support/accounts";

/** The demo 'Casa da Praia' shop link, read the way a host finds it: on the properties page. */
async function demoShopPath(browser: Browser): Promise<string> {
  const host = await browser.newContext();
  const page = await host.newPage();
  await signIn(page, DEMO_HOST.email, DEMO_HOST.password);
  await page.goto("/properties");
  const href = await page
    .getByRole("link", { name: /Casa da Praia/ })
    .first()
    .getAttribute("href");
  await host.close();
  if (!href?.startsWith("/i/")) throw new Error(`no shop link: ${href}`);
  return href;
}

const card = (page: Page, name: string) => page.getByRole("listitem").filter({ hasText: name });

test("a guest browses the demo shop, searches, fills the cart and picks a payment method", async ({
  browser,
  page,
}) => {
  const shopPath = await demoShopPath(browser);
  await page.goto(shopPath);

  await test.step("the shop lists products with prices, sold-out ones apart", async () => {
    await expect(page.getByRole("heading", { level: 1, name: "Casa da Praia" })).toBeVisible();
    // Guests see the neighbourhood and the host's WhatsApp, never the street address (issue 24).
    await expect(page.getByText("Jurerê, Florianópolis/SC")).toBeVisible();
    await expect(page.getByText(/Av\. Beira-Mar/)).toHaveCount(0);
    await expect(page.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute(
      "href",
      "https://wa.me/5548999999999",
    );
    await expect(card(page, "Água mineral 500 ml")).toContainText("R$\u00a04,00");
    const others = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Outros produtos" }) });
    await expect(others).toContainText("Cerveja artesanal");
    await expect(others).toContainText("Produto esgotado");
    await expect(others.getByRole("button", { name: /Adicionar/ })).toHaveCount(0);
  });

  await test.step("search narrows the list, ignoring accents, and shows the empty state", async () => {
    const search = page.getByRole("searchbox", { name: "Buscar produtos" });
    await search.fill("agua");
    await expect(card(page, "Água mineral 500 ml")).toBeVisible();
    await expect(page).toHaveURL(/\?q=agua$/);
    await expect(card(page, "Granola")).toHaveCount(0);
    await search.fill("xyz");
    await expect(page.getByText("Nenhum produto encontrado para os filtros selecionados")).toBeVisible();
    await search.fill("");
    await page.getByRole("link", { name: "Café da manhã" }).click();
    await expect(card(page, "Granola")).toBeVisible();
    await expect(card(page, "Água mineral 500 ml")).toHaveCount(0);
    await page.getByRole("link", { name: "Todos" }).click();
  });

  await test.step("adding shows 'Continuar' at once, and a reload keeps the cart", async () => {
    await page.getByRole("button", { name: "Adicionar Água mineral 500 ml" }).click();
    const bar = page.getByRole("link", { name: /Continuar/ });
    await expect(bar).toContainText("1 item");
    await page.getByRole("button", { name: "Adicionar mais uma unidade de Água mineral 500 ml" }).click();
    await expect(bar).toContainText("2 itens");
    await expect(bar).toContainText("R$\u00a08,00");
    // Shown at once; reloading waits until the server has both changes (the page is busy until then).
    await expect(page.getByRole("main")).not.toHaveAttribute("aria-busy", "true");
    await page.reload();
    await expect(page.getByRole("link", { name: /Continuar/ })).toContainText("2 itens");
  });

  await test.step("the summary has Pix chosen already: the first 'Continuar' goes on", async () => {
    await page.getByRole("link", { name: /Continuar/ }).click();
    await expect(page).toHaveURL(/\/payment\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Finalizar Pedido" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Etapas da compra" })).toContainText("Resumo");
    await expect(page.getByRole("radio", { name: "Pix" })).toBeChecked();
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}\/pix$/);
  });
});

test("changes show at once, stop at the stock, and roll back with the spec's toast when the call fails", async ({
  browser,
  page,
}) => {
  await page.goto(await demoShopPath(browser));
  const bar = page.getByRole("link", { name: /Continuar/ });

  await test.step("no answer from the server: the add is undone and the toast says so", async () => {
    await page.route("**/api/cart", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Adicionar Granola" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Não foi possível adicionar o produto ao carrinho" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Adicionar Granola" })).toBeVisible();
    await expect(bar).toBeHidden();
    await page.unroute("**/api/cart");
  });

  await test.step("plus stops at the property's stock (6)", async () => {
    await page.getByRole("button", { name: "Adicionar Granola" }).click();
    const plus = page.getByRole("button", { name: "Adicionar mais uma unidade de Granola" });
    for (let i = 0; i < 5; i++) await plus.click();
    await expect(page.getByRole("status", { name: "Quantidade de Granola" })).toHaveText("6");
    await expect(plus).toBeDisabled();
    await expect(bar).toContainText(/6 itens · R\$\s99,00/);
  });

  await test.step("the summary changes quantities at once and empties", async () => {
    await bar.click();
    await expect(page.getByRole("heading", { level: 1, name: "Finalizar Pedido" })).toBeVisible();
    const plus = page.getByRole("button", { name: "Adicionar mais uma unidade de Granola" });
    const minus = page.getByRole("button", { name: "Remover uma unidade de Granola" });
    await expect(plus).toBeDisabled();
    await minus.click();
    await expect(page.getByText(/^5 x R\$\s16,50 = R\$\s82,50$/)).toBeVisible();
    await expect(plus).toBeEnabled();
    for (let i = 0; i < 5; i++) await minus.click();
    await expect(page.getByText("Seu carrinho está vazio.")).toBeVisible();
    await expect(minus).toBeHidden();
    // The page is busy while its changes are on their way; once done, the server has the same cart.
    await expect(page.getByRole("main")).not.toHaveAttribute("aria-busy", "true");
    await page.reload();
    await expect(page.getByText("Seu carrinho está vazio.")).toBeVisible();
  });
});

test("the shop and the summary have no accessibility violations", async ({ browser, page }) => {
  const axe = () => new AxeBuilder({ page }).exclude('section[aria-label="Notificações"]').analyze();
  await page.goto(await demoShopPath(browser));
  expect((await axe()).violations).toEqual([]);
  await page.getByRole("button", { name: "Adicionar Granola" }).click();
  await page.getByRole("link", { name: /Continuar/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Finalizar Pedido" })).toBeVisible();
  expect((await axe()).violations).toEqual([]);
});

test("a guest whose phone asks for Spanish shops in Spanish, and switches to English", async ({
  browser,
}) => {
  const shopPath = await demoShopPath(browser);
  const context = await browser.newContext({ locale: "es-AR" });
  const page = await context.newPage();
  await page.goto(shopPath);
  const bar = page.getByRole("link", { name: /Continuar|Continue/ });

  await test.step("the shop speaks Spanish, and the script's texts too", async () => {
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("searchbox", { name: "Buscar productos" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Otros productos" })).toBeVisible();
    await expect(page.getByText("Agotado").first()).toBeVisible();
    await page.route("**/api/cart", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Agregar Granola" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "No se pudo agregar el producto al carrito" }),
    ).toBeVisible();
    await page.unroute("**/api/cart");
    // Demo products have Spanish names (issue 49).
    await expect(page.getByRole("navigation", { name: /Categor/ })).toContainText("Desayuno");
    await page.getByRole("button", { name: "Agregar Agua mineral 500 ml" }).click();
    await expect(bar).toContainText(/1 producto · R\$\s4,00$/);
    await page.getByRole("button", { name: /^Agregar una unidad más de/ }).click();
    await expect(bar).toContainText(/2 productos · R\$\s8,00/);
    await expect(page.getByRole("main")).not.toHaveAttribute("aria-busy", "true");
  });

  await test.step("EN switches the page to English (no JavaScript needed: a link)", async () => {
    await page.getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveURL(new RegExp(`${shopPath}$`));
    await expect(bar).toContainText(/2 items · R\$8\.00/);
    await bar.click();
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    // Pix is chosen at first (issue 49); the methods are named in English.
    await expect(page.getByRole("radio", { name: "Pix" })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Credit card" })).toBeVisible();
  });
  await context.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a guest still adds to the cart with a plain form", async ({ browser, page }) => {
    const shopPath = await demoShopPath(browser);
    await page.goto(shopPath);
    await page.getByRole("button", { name: "Adicionar Granola" }).click();
    await expect(page.getByRole("link", { name: /Continuar/ })).toContainText("1 item");
    await expect(page.getByRole("link", { name: /Continuar/ })).toHaveAttribute("href", /^\/payment\//);
  });
});
