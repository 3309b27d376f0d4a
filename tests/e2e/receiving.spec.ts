import AxeBuilder from "@axe-core/playwright";
import { type Browser, devices, expect, type Locator, type Page, test } from "@playwright/test";
import { formatCents } from "../../app/lib/money";
import { parseBrCode } from "../../app/lib/pix-brcode";
import { expectToast, registerConfirmedHost, signIn, uniqueEmail } from "./support/accounts";
import {
  type Buyer,
  cartWith,
  guestAddress,
  identificationForm,
  METHOD,
  pixPanel,
  sandboxChargeId,
  settleCharge,
} from "./support/checkout";
import { findSale, parseCents, saleFee, walletCard, walletFigures } from "./support/money";

// A new host's shop takes no payment until the owner connects an account of their own (ADR 0021): the
// guest is told so and nothing is ordered or held. Once the test account is connected, a PIX sale shows the
// same gross, fees and net on /sales, the wallet's statement and /withdrawals. A fresh host per project:
// nothing here touches the demo data.

const NOT_RECEIVING = "Este imóvel ainda não está recebendo pagamentos. Avise o anfitrião.";
const PROPERTY = "Chalé da Serra";
const PRODUCT = { name: "Suco de uva integral", price: "7,50", priceCents: 750 };
const QUANTITY = 2;
const STOCK = 5;

test.use({ actionTimeout: 15_000 });

async function accessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('section[aria-label="Notificações"]').analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

/** The property with the product in stock, through the host's own screens; returns the shop link. */
async function stockedProperty(page: Page): Promise<string> {
  await page.goto("/properties");
  await page.getByRole("button", { name: "Adicionar Imóvel" }).click();
  const property = page.getByRole("dialog", { name: "Adicionar Imóvel" });
  await property.getByLabel("Nome", { exact: true }).fill(PROPERTY);
  await property.getByLabel("Endereço", { exact: true }).fill("Estrada do Mirante, 300");
  await property.getByRole("button", { name: "Salvar" }).click();
  await expectToast(page, "Imóvel criado com sucesso");
  const shopPath = await page
    .getByRole("link", { name: `${PROPERTY} (abre a loja em nova aba)`, exact: true })
    .getAttribute("href");
  expect(shopPath).toMatch(/^\/i\/[A-Za-z0-9_-]+$/);

  await page.goto("/products");
  await page.getByRole("button", { name: "Novo produto", exact: true }).click();
  const product = page.getByRole("dialog", { name: "Adicionar Produto" });
  await product.getByLabel("Nome", { exact: true }).fill(PRODUCT.name);
  await product.getByLabel("Preço", { exact: true }).fill(PRODUCT.price);
  await product.getByRole("button", { name: "Salvar" }).click();
  await expectToast(page, "Produto criado com sucesso");

  await openStock(page);
  await page.getByRole("button", { name: "Adicionar produtos" }).first().click();
  const add = page.getByRole("dialog", { name: "Adicionar produtos" });
  await add.getByRole("checkbox", { name: new RegExp(PRODUCT.name) }).check();
  await add.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expectToast(page, "Produto adicionado com sucesso");
  await page.getByLabel(`Quantidade atual de ${PRODUCT.name}`, { exact: true }).fill(String(STOCK));
  await page.getByRole("button", { name: "Salvar" }).click();
  await expectToast(page, "Quantidades atualizadas com sucesso");
  return shopPath ?? "";
}

async function openStock(page: Page) {
  await page.goto("/properties");
  await page.getByRole("link", { name: `Gerenciar produtos de ${PROPERTY}`, exact: true }).click();
  await expect(page).toHaveURL(/\/properties\/[0-9a-f-]{36}\/products$/);
}

async function stockOf(page: Page): Promise<number> {
  await openStock(page);
  const input = page.getByLabel(`Quantidade atual de ${PRODUCT.name}`, { exact: true });
  await expect(input).toHaveValue(/^\d+$/);
  return Number(await input.inputValue());
}

/** A guest's phone: Pixel 7 whatever the project, from an address of its own. */
async function guestPhone(browser: Browser): Promise<Page> {
  const { defaultBrowserType: _, ...phone } = devices["Pixel 7"];
  const context = await browser.newContext({ ...phone, extraHTTPHeaders: guestAddress() });
  return context.newPage();
}

type Money = { gross: number; providerFee: number; platformFee: number; net: number };

/** A sale's money as a page lists it: its terms 'Bruto', 'Taxa do provedor', 'Taxa Estadia', 'Líquido'. */
async function moneyIn(scope: Locator): Promise<Money> {
  const terms = (await scope.getByRole("term").allInnerTexts()).map((t) => t.trim());
  const values = await scope.getByRole("definition").allInnerTexts();
  const figure = (label: string) => {
    const at = terms.indexOf(label);
    if (at < 0) throw new Error(`no '${label}' among ${terms.join(", ")}`);
    return parseCents(values[at] ?? "");
  };
  return {
    gross: figure("Bruto"),
    providerFee: figure("Taxa do provedor"),
    platformFee: figure("Taxa Estadia"),
    net: figure("Líquido"),
  };
}

test("a new host's shop takes no payment until the owner connects the test account; then a PIX sale adds up everywhere", async ({
  browser,
  page,
}, testInfo) => {
  // Registration, a property and a product through the screens, two guest visits and five host pages.
  test.setTimeout(240_000);
  const host = {
    name: "Rita Recebimentos",
    email: uniqueEmail(testInfo, "recebimentos"),
    password: "segredo-123",
  };
  const buyer: Buyer = {
    fullName: `Hóspede Recebimentos ${testInfo.project.name}`,
    cpf: "529.982.247-25",
    email: `recebimentos-${testInfo.project.name}-${Date.now().toString(36)}@example.com`,
    phone: "(41) 99876-5432",
  };
  const totalCents = PRODUCT.priceCents * QUANTITY;

  await registerConfirmedHost(page, host);
  await signIn(page, host.email, host.password);

  await test.step("the dashboard tells the owner first to connect an account", async () => {
    const notice = page.getByRole("region", {
      name: "Conecte uma conta para receber os pagamentos dos hóspedes",
    });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("link", { name: "Conectar uma conta" })).toHaveAttribute(
      "href",
      "/recebimentos",
    );
  });

  const shopPath = await test.step("the host creates a property with a product in stock", () =>
    stockedProperty(page));

  await test.step("the posters' screen warns before printing", async () => {
    await page.goto("/properties");
    const notice = page.getByRole("region", {
      name: "Conecte uma conta para receber os pagamentos dos hóspedes",
    });
    await expect(notice).toContainText("Conecte antes de imprimir os cartazes");
  });

  const guest = await guestPhone(browser);
  try {
    await test.step("the guest is told at once, on the shop and the summary, and no checkout is offered", async () => {
      await guest.goto(shopPath);
      await expect(guest.getByRole("status").filter({ hasText: NOT_RECEIVING })).toHaveText(NOT_RECEIVING);
      await cartWith(guest, shopPath, PRODUCT.name, QUANTITY);
      await expect(guest.getByRole("status").filter({ hasText: NOT_RECEIVING })).toHaveText(NOT_RECEIVING);
      await expect(guest.getByRole("radio", { name: METHOD.pix.label, exact: true })).toHaveCount(0);
      await expect(guest.getByRole("button", { name: "Continuar", exact: true })).toHaveCount(0);
      // The checkout's address typed by hand: the form is not offered either.
      await guest.goto(`${new URL(guest.url()).pathname.replace("/payment/", "/payments/")}/pix`);
      await expect(guest.getByRole("heading", { level: 1, name: NOT_RECEIVING })).toBeVisible();
      await expect(guest.getByLabel("Nome completo", { exact: true })).toHaveCount(0);
    });

    await test.step("no order was created and no stock is held", async () => {
      await page.goto("/sales");
      await expect(page.getByRole("heading", { level: 1, name: "Vendas" })).toBeVisible();
      await expect(page.getByText("Nenhuma venda encontrada")).toBeVisible();
      expect(await stockOf(page)).toBe(STOCK);
    });

    await test.step("/recebimentos states the fees before connecting, then connects the test account", async () => {
      await page.goto("/dashboard");
      await page.getByRole("link", { name: "Conectar uma conta" }).click();
      await expect(page).toHaveURL("/recebimentos");
      await expect(page.getByRole("heading", { level: 1, name: "Recebimentos" })).toBeVisible();
      await expect(
        page.getByText("Estadia: 3% por venda, sem mensalidade. Nenhuma taxa nos primeiros 7 dias.", {
          exact: true,
        }),
      ).toBeVisible();
      await expect(page.getByText("Nenhuma conta conectada")).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "Conectar conta de teste" }).click();
      await expectToast(page, "Conta conectada. Seus imóveis já podem receber pagamentos.");
      const account = page.getByRole("region", { name: /^Quem recebe o dinheiro: Conta de teste/ });
      await expect(account.getByText("Conectada", { exact: true })).toBeVisible();
      await expect(account).toContainText(`Conectada por${host.name}`);
      await expect(account.getByRole("link", { name: "Ir para Saques" })).toHaveAttribute(
        "href",
        "/withdrawals",
      );
      await expect(page.getByRole("button", { name: "Conectar conta de teste" })).toHaveCount(0);
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.goto("/dashboard");
      await expect(page.getByText("ainda não recebe pagamentos")).toHaveCount(0);
    });

    const id8 =
      await test.step("the same guest, told nothing more, fills the identification and pays by PIX", async () => {
        await guest.reload();
        const form = identificationForm(guest);
        await form.fullName.fill(buyer.fullName);
        await form.cpf.fill(buyer.cpf);
        await form.email.fill(buyer.email);
        await form.phone.fill(buyer.phone);
        await form.submit.click();
        await expect(guest).toHaveURL(/\/payments\/[0-9a-f-]{36}\/pix\/payment$/);
        await expect(pixPanel(guest).code).toHaveValue(/\S/, { timeout: 10_000 });
        // 'Voltar' from the PIX page finds the form as it was sent (issue 49), and goes on again from there.
        await guest.getByRole("link", { name: "Voltar à identificação" }).click();
        await expect(form.fullName).toHaveValue(buyer.fullName);
        await expect(form.email).toHaveValue(buyer.email);
        await expect(form.phone).toHaveValue(buyer.phone);
        await form.submit.click();
        await expect(guest).toHaveURL(/\/payments\/[0-9a-f-]{36}\/pix\/payment$/);
        const { code } = pixPanel(guest);
        await expect(code).toHaveValue(/\S/, { timeout: 10_000 });
        const parsed = parseBrCode(await code.inputValue());
        expect(parsed?.amountCents).toBe(totalCents);
        await settleCharge(
          browser,
          sandboxChargeId(parsed?.txid ?? null),
          formatCents(totalCents),
          "Aprovar",
        );
        await expect(async () => {
          await guest.reload();
          await expect(guest.getByRole("heading", { level: 1, name: "Pagamento confirmado!" })).toBeVisible({
            timeout: 2_000,
          });
        }).toPass({ timeout: 20_000 });
        const told = await guest.getByText(/O pedido [0-9a-f]{8} está pago/).innerText();
        return /O pedido ([0-9a-f]{8}) está pago/.exec(told)?.[1] ?? "";
      });
    expect(id8).toMatch(/^[0-9a-f]{8}$/);

    // In its first days the organization pays Estadia nothing; the test account takes its simulated fee.
    const expected: Money = {
      gross: totalCents,
      providerFee: -saleFee(totalCents),
      platformFee: 0,
      net: totalCents - saleFee(totalCents),
    };

    await test.step("the stock shows the units sold", async () => {
      expect(await stockOf(page)).toBe(STOCK - QUANTITY);
    });

    await test.step("/sales: gross, 'Taxa do provedor', 'Taxa Estadia' and 'Líquido' add up", async () => {
      await page.goto("/sales");
      const sale = await findSale(page, id8);
      await expect(sale.getByText("Pago", { exact: true })).toBeVisible();
      const money = await moneyIn(sale);
      expect(money).toEqual(expected);
      expect(money.gross + money.providerFee + money.platformFee).toBe(money.net);
    });

    await test.step("the wallet's statement shows the same sale's figures", async () => {
      await page.goto("/withdrawals");
      await walletCard(page, PROPERTY).getByRole("link", { name: "Ver extrato" }).click();
      await expect(page).toHaveURL(/\/wallets\/[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { level: 1, name: "Extrato da carteira" })).toBeVisible();
      const line = page.getByRole("article", { name: `Venda #${id8}` });
      await expect(line).toHaveCount(1);
      expect(await moneyIn(line)).toEqual(expected);
    });

    await test.step("/withdrawals: the wallet holds the sale's net, available at once (PIX)", async () => {
      expect(await walletFigures(page, PROPERTY)).toEqual({
        available: expected.net,
        pending: 0,
        withdrawn: 0,
      });
      await expect(walletCard(page, PROPERTY).getByRole("link", { name: "Solicitar saque" })).toBeVisible();
    });

    await test.step("'Desconectar' asks again; confirmed, the account is gone and the dashboard says so", async () => {
      await page.goto("/recebimentos");
      await page.getByRole("link", { name: "Desconectar", exact: true }).click();
      await expect(page).toHaveURL("/recebimentos?desconectar=1");
      const confirm = page.getByRole("region", { name: "Desconectar a conta?" });
      await confirm.getByRole("button", { name: "Confirmar desconexão" }).click();
      await expectToast(
        page,
        "Conta desconectada. Seus imóveis não recebem pagamentos até você conectar outra.",
      );
      await expect(page).toHaveURL("/recebimentos");
      await expect(page.getByText("Nenhuma conta conectada")).toBeVisible();
      await page.goto("/dashboard");
      await expect(
        page.getByRole("region", { name: "Conecte uma conta para receber os pagamentos dos hóspedes" }),
      ).toBeVisible();
    });
  } finally {
    await guest.context().close();
  }
});
