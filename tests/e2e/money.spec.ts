import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";
import { formatCents } from "../../app/lib/money";
import { expectToast } from "./support/accounts";
import { type Buyer, cartWith, chooseMethod, identificationForm, identify, METHOD } from "./support/checkout";
import {
  buyWithCard,
  buyWithPix,
  findSale,
  guestContext,
  saleNet,
  shopPathOf,
  signInAsDemoHost,
  stockAt,
  takeLock,
  walletCard,
  walletFigures,
} from "./support/money";

// The host's money: sales, the property's wallet, a withdrawal and a refund.
//
// Other specs (checkout.spec.ts, shop.spec.ts) buy at 'Casa da Praia' while these run, so this spec moves
// the wallet of 'Apartamento Centro', where nothing else pays (the scroll test below only places unpaid
// orders there). Phone and desktop run at once against the same data: the journey takes a lock for that
// wallet (support/money.ts) so that one project's figures are read and compared while only its own sales,
// withdrawal and refund move them; each project buys products of its own, so stock never mixes up either.
// Prices and stock (4 units each) from app/domain/demo/seed-catalog.server.ts.
const FLAT = "Apartamento Centro";

const PRODUCTS = {
  pix: { phone: ["Granola", 1650, 2], desktop: ["Chocolate ao leite", 990, 2] },
  card: { phone: ["Água mineral 500 ml", 400, 1], desktop: ["Refrigerante lata", 650, 1] },
  // Not counted (no stock limit): both projects may buy it, as many times as needed.
  topUp: { phone: ["Café em cápsulas (10 un.)", 2490, 1], desktop: ["Café em cápsulas (10 un.)", 2490, 1] },
} as const;

function productFor(kind: keyof typeof PRODUCTS, testInfo: TestInfo) {
  const [name, priceCents, quantity] =
    PRODUCTS[kind][testInfo.project.name === "phone" ? "phone" : "desktop"];
  return { name, priceCents, quantity };
}

function buyerFor(testInfo: TestInfo, fullName: string): Buyer {
  return {
    fullName,
    cpf: "529.982.247-25",
    email: `dinheiro-${testInfo.project.name}-${Date.now().toString(36)}@example.com`,
    phone: "(41) 99876-5432",
  };
}

/** One line of the wallet statement ('Venda #1234abcd', 'Saque #…'), by its heading. */
function statementLine(page: Page, name: string | RegExp) {
  return page.getByRole("list", { name: "Histórico" }).getByRole("article", { name });
}

/** axe's findings on the page as it is now (none expected); toasts fading in or out are not this page's. */
async function accessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('section[aria-label="Notificações"]').analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

/** Nothing wider than the screen: at 375 px (a small phone) the page does not scroll sideways. */
async function expectNoSideScroll(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: size?.height ?? 800 });
  try {
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        message: "the page should not scroll sideways at 375 px",
      })
      .toBeLessThanOrEqual(0);
  } finally {
    if (size) await page.setViewportSize(size);
  }
}

const test = base.extend<{ flatWallet: undefined }>({
  // Held for the whole test that asks for it, released even when the test fails or times out.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies destructured.
  flatWallet: async ({}, use) => {
    const release = await takeLock("wallet-apartamento-centro", 240_000);
    try {
      await use(undefined);
    } finally {
      release();
    }
  },
});

// An action that cannot happen fails on its own instead of waiting for the whole (long) test timeout.
test.use({ actionTimeout: 15_000 });

const CPF_KEY = "529.982.247-25";
const WITHDRAWAL_CENTS = 1_000;

test("the host sees PIX and card sales, their money in the wallet, withdraws by PIX and refunds a sale", async ({
  browser,
  page,
  flatWallet: _lock,
}, testInfo) => {
  // Waiting for the other project's journey (the lock), then three purchases, a withdrawal and a refund.
  test.setTimeout(420_000);
  const pixProduct = productFor("pix", testInfo);
  const cardProduct = productFor("card", testInfo);
  const shopPath = await shopPathOf(browser, FLAT);
  await signInAsDemoHost(browser, page);

  const stockBefore = await stockAt(browser, FLAT, [pixProduct.name, cardProduct.name]);
  const before = await walletFigures(page, FLAT);

  const pixGuest = await guestContext(browser, testInfo);
  const cardGuest = await guestContext(browser, testInfo);
  try {
    const { pix, card } = await test.step("a guest pays one order by PIX and another by card", async () => {
      const pix = await buyWithPix(
        browser,
        await pixGuest.newPage(),
        shopPath,
        buyerFor(testInfo, `Hóspede Pix ${testInfo.project.name}`),
        pixProduct,
        pixProduct.quantity,
      );
      const card = await buyWithCard(
        await cardGuest.newPage(),
        shopPath,
        buyerFor(testInfo, `Hóspede Cartão ${testInfo.project.name}`),
        cardProduct,
        cardProduct.quantity,
      );
      return { pix, card };
    });

    await test.step("the stock page shows both sales' units gone", async () => {
      expect(await stockAt(browser, FLAT, [pixProduct.name, cardProduct.name])).toEqual({
        [pixProduct.name]: (stockBefore[pixProduct.name] ?? 0) - pixProduct.quantity,
        [cardProduct.name]: (stockBefore[cardProduct.name] ?? 0) - cardProduct.quantity,
      });
    });

    await test.step("/sales shows both as paid; the 'Pago' filter keeps them, in the URL; 'Limpar' resets", async () => {
      await page.goto("/sales");
      await expect(page.getByRole("heading", { level: 1, name: "Vendas" })).toBeVisible();
      for (const order of [pix, card]) {
        const sale = await findSale(page, order.id8);
        await expect(sale.getByText("Pago", { exact: true })).toBeVisible();
        await expect(sale).toContainText(formatCents(order.totalCents));
        await expect(sale).toContainText(FLAT);
      }
      await expect(await findSale(page, pix.id8)).toContainText("Pix");
      await expect(await findSale(page, card.id8)).toContainText("Cartão");
      // Each sale's money, named: the item line, gross, the provider's fee, Estadia's fee, net.
      const pixSale = await findSale(page, pix.id8);
      await expect(pixSale).toContainText(
        `${pixProduct.quantity} × ${formatCents(pixProduct.priceCents)} = ${formatCents(pix.totalCents)}`,
      );
      for (const label of ["Bruto", "Taxa do provedor", "Taxa Estadia"])
        await expect(pixSale.getByRole("term").filter({ hasText: label })).toHaveCount(1);
      await expect(pixSale).toContainText(`Líquido${formatCents(saleNet(pix.totalCents))}`);
      const totals = page.getByLabel("Totais do período");
      for (const label of ["Vendas brutas", "Taxa do provedor", "Taxa Estadia", "Reembolsos", "Líquido"])
        await expect(totals.getByRole("term").filter({ hasText: label })).toHaveCount(1);
      await expectNoSideScroll(page);

      const status = page.getByLabel("Status", { exact: true });
      await status.selectOption({ label: "Pago" });
      await page.getByRole("button", { name: "Filtrar", exact: true }).click();
      await expect(page).toHaveURL(/[?&]status=paid(&|$)/);
      await expect(status).toHaveValue("paid");
      for (const order of [pix, card])
        await expect((await findSale(page, order.id8)).getByText("Pago", { exact: true })).toBeVisible();
      // Only paid sales are listed.
      await expect(
        page.getByRole("list", { name: "Vendas" }).getByRole("article").filter({ hasNotText: "Pago" }),
      ).toHaveCount(0);
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.getByRole("link", { name: "Limpar", exact: true }).click();
      await expect(page).toHaveURL(/\/sales$/);
      await expect(status, "'Limpar' should put the Status filter back to 'Todos os status'").toHaveValue("");
      await findSale(page, pix.id8);
    });

    const pixNet = saleNet(pix.totalCents);
    const cardNet = saleNet(card.totalCents);
    await test.step("the wallet: 'Disponível' grew by the PIX sale net of its fee, 'A receber' by the card sale's", async () => {
      await expect
        .poll(() => walletFigures(page, FLAT))
        .toEqual({
          available: before.available + pixNet,
          pending: before.pending + cardNet,
          withdrawn: before.withdrawn,
        });
      await expect(page.getByRole("heading", { name: "Todos os imóveis" })).toBeVisible();
      await expectNoSideScroll(page);
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    await test.step("'Ver extrato': the PIX sale is a 'Venda' line with its gross, fees and a green net", async () => {
      await walletCard(page, FLAT).getByRole("link", { name: "Ver extrato" }).click();
      await expect(page).toHaveURL(/\/wallets\/[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { level: 1, name: "Extrato da carteira" })).toBeVisible();
      const sale = statementLine(page, `Venda #${pix.id8}`);
      await expect(sale).toHaveCount(1);
      await expect(sale).toContainText(`Bruto${formatCents(pix.totalCents)}`);
      await expect(sale).toContainText("Taxa do provedor");
      await expect(sale).toContainText("Taxa Estadia");
      const amount = sale.getByRole("definition").filter({ hasText: formatCents(pixNet) });
      await expect(amount).toHaveClass(/\btext-success\b/);
      await expect(sale).toContainText("Pago");
      // The card sale waits among the receivables, net of its fee.
      const receivable = page
        .getByRole("list", { name: "Valores a receber" })
        .getByRole("listitem")
        .filter({ hasText: `#${card.id8}` });
      await expect(receivable).toContainText(formatCents(cardNet));
      await expect(receivable).toContainText("Pendente");
      await expectNoSideScroll(page);
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    await test.step("enough available for the withdrawal (more PIX sales when not)", async () => {
      const topUp = productFor("topUp", testInfo);
      for (let i = 0; (await walletFigures(page, FLAT)).available < WITHDRAWAL_CENTS; i++) {
        expect(i, "three more PIX sales should be enough").toBeLessThan(3);
        const guest = await guestContext(browser, testInfo);
        try {
          await buyWithPix(
            browser,
            await guest.newPage(),
            shopPath,
            buyerFor(testInfo, `Hóspede Café ${testInfo.project.name}`),
            topUp,
            topUp.quantity,
          );
        } finally {
          await guest.close();
        }
      }
    });

    const beforeWithdrawal = await walletFigures(page, FLAT);
    await test.step("'Solicitar saque': more than available is refused at the amount field", async () => {
      await walletCard(page, FLAT).getByRole("link", { name: "Solicitar saque" }).click();
      await expect(page).toHaveURL(/\/withdrawals\?carteira=[0-9a-f-]{36}$/);
      const form = page.getByRole("region", { name: `Solicitar saque — ${FLAT}` });
      await expect(form).toContainText(`Disponível para saque: ${formatCents(beforeWithdrawal.available)}`);
      await form.getByLabel("Tipo da chave Pix", { exact: true }).selectOption({ label: "CPF" });
      await form.getByLabel("Chave Pix", { exact: true }).fill(CPF_KEY);
      const amount = form.getByLabel("Valor (R$)", { exact: true });
      await amount.fill(formatCents(beforeWithdrawal.available + 1).replace(/^R\$\s*/, ""));
      await form.getByRole("button", { name: "Continuar", exact: true }).click();
      const message = `Saldo insuficiente: você pode sacar até ${formatCents(beforeWithdrawal.available)}.`;
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(page.getByLabel("Valor (R$)", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Valor (R$)", { exact: true })).toHaveAccessibleDescription(message);
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    let withdrawal8 = "";
    await test.step("a valid amount to a CPF key: confirmation, then the statement says it is on its way", async () => {
      const form = page.getByRole("region", { name: `Solicitar saque — ${FLAT}` });
      await form.getByLabel("Valor (R$)", { exact: true }).fill("10,00");
      await form.getByLabel("Tipo da chave Pix", { exact: true }).selectOption({ label: "CPF" });
      await form.getByLabel("Chave Pix", { exact: true }).fill(CPF_KEY);
      await form.getByRole("button", { name: "Continuar", exact: true }).click();

      const review = page.getByRole("region", { name: `Confirme o saque — ${FLAT}` });
      await expect(review).toBeVisible();
      await expect(review).toContainText(`Valor do saque${formatCents(WITHDRAWAL_CENTS)}`);
      await expect(review).toContainText("Sem tarifa");
      await expect(review).toContainText(`Chave Pix (CPF)${CPF_KEY}`);
      expect(await accessibilityViolations(page)).toEqual([]);
      await review.getByRole("button", { name: "Confirmar saque" }).click();

      await expect(page).toHaveURL(/\/wallets\/[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { level: 1, name: "Extrato da carteira" })).toBeVisible();
      await expectToast(page, /^Saque solicitado: /);
      // Newest first: this withdrawal is the first one still on its way.
      const row = statementLine(page, /^Saque #/)
        .filter({ hasText: "Processando" })
        .first();
      await expect(row).toContainText(formatCents(-WITHDRAWAL_CENTS));
      withdrawal8 = /Saque #([0-9a-f]{8})/.exec(await row.innerText())?.[1] ?? "";
      expect(withdrawal8).toMatch(/^[0-9a-f]{8}$/);
    });

    await test.step("paid at the provider: the statement says 'Pago' and the wallet's 'Sacado' grew", async () => {
      const provider = await browser.newContext();
      try {
        const devPage = await provider.newPage();
        await devPage.goto("/dev/payments");
        const transfer = devPage
          .locator("li[data-transfer]")
          .filter({ hasText: `saque ${withdrawal8}` })
          .filter({ hasText: formatCents(WITHDRAWAL_CENTS) });
        await expect(transfer).toContainText("Aguardando");
        await transfer.getByRole("button", { name: "Pagar", exact: true }).click();
        await expect(devPage.getByRole("status")).toHaveText(/^Pagar: saque \S+ \(webhook 2\d\d\)$/);
      } finally {
        await provider.close();
      }
      // The provider's webhook is answered first and applied just after: reload until it shows.
      await expect(async () => {
        await page.reload();
        await expect(statementLine(page, `Saque #${withdrawal8}`)).toContainText("Pago", { timeout: 1_000 });
      }).toPass();
      await expect
        .poll(() => walletFigures(page, FLAT))
        .toEqual({
          available: beforeWithdrawal.available - WITHDRAWAL_CENTS,
          pending: beforeWithdrawal.pending,
          withdrawn: beforeWithdrawal.withdrawn + WITHDRAWAL_CENTS,
        });
      // /withdrawals (where walletFigures left the page) lists it as paid.
      const asked = page
        .getByRole("list", { name: "Saques solicitados" })
        .getByRole("listitem")
        .filter({ hasText: `#${withdrawal8}` });
      await expect(asked).toContainText(formatCents(WITHDRAWAL_CENTS));
      await expect(asked).toContainText("Pago");
    });

    await test.step("refund of the PIX sale: a reason, then the sale says 'Reembolsado' and the stock is back", async () => {
      const beforeRefund = await walletFigures(page, FLAT);
      await page.goto("/sales");
      await (await findSale(page, pix.id8)).getByRole("button", { name: "Reembolsar" }).click();
      const dialog = page.getByRole("dialog", { name: `Reembolsar o pedido #${pix.id8}` });
      await expect(dialog).toBeVisible();
      const reason = dialog.getByLabel("Motivo do reembolso", { exact: true });
      await expect(reason).toBeVisible();
      await reason.fill("Hóspede desistiu da compra");
      await dialog
        .getByRole("button", { name: `Reembolsar ${formatCents(pix.totalCents)}`, exact: true })
        .click();
      await expectToast(page, /^Pedido reembolsado/);
      await expect(dialog).toBeHidden();
      const sale = await findSale(page, pix.id8);
      await expect(sale.getByText("Reembolsado", { exact: true })).toBeVisible();
      await expect(sale.getByRole("button", { name: "Reembolsar" })).toHaveCount(0);

      expect(await stockAt(browser, FLAT, [pixProduct.name, cardProduct.name])).toEqual({
        [pixProduct.name]: stockBefore[pixProduct.name],
        [cardProduct.name]: (stockBefore[cardProduct.name] ?? 0) - cardProduct.quantity,
      });
      // The sale's net leaves the available balance.
      await expect
        .poll(() => walletFigures(page, FLAT))
        .toEqual({
          ...beforeRefund,
          available: beforeRefund.available - pixNet,
        });
      // And the guest's own page tells the truth.
      await pix.page.reload();
      await expect(pix.page.getByRole("heading", { level: 1, name: "Pedido reembolsado" })).toBeVisible();
    });
  } finally {
    await pixGuest.close();
    await cardGuest.close();
  }
});

test("the sales list loads more as it scrolls, and shows no 'Carregar mais vendas' when all rows fit", async ({
  browser,
  page,
}, testInfo) => {
  // Twenty-one identifications make twenty-one sales (each one replaces the last: 'Cancelado'), so the
  // organization has more than a page of them whatever else the suite does.
  test.setTimeout(180_000);
  const tag = `${testInfo.project.name} ${Date.now().toString(36)}`;
  const names = Array.from({ length: 21 }, (_, i) => `Rolagem ${tag} ${String(i + 1).padStart(2, "0")}`);
  const guest = await guestContext(browser, testInfo);
  try {
    await test.step("a guest identifies 21 times with another name: 21 sales", async () => {
      const guestPage = await guest.newPage();
      await cartWith(guestPage, await shopPathOf(browser, FLAT), "Café em cápsulas (10 un.)", 1);
      await chooseMethod(guestPage, METHOD.card);
      const identification = guestPage.url();
      const buyer = buyerFor(testInfo, names[0] ?? "");
      await identify(guestPage, buyer);
      for (const name of names.slice(1)) {
        await guestPage.goto(identification);
        const form = identificationForm(guestPage);
        await expect(form.email).toHaveValue(buyer.email);
        await form.fullName.fill(name);
        await form.submit.click();
        await expect(guestPage).toHaveURL(/\/credit_card\/payment$/);
      }
    });
  } finally {
    await guest.close();
  }

  await signInAsDemoHost(browser, page);
  await page.goto("/sales");
  const list = page.getByRole("list", { name: "Vendas" });
  const rows = list.getByRole("article");
  const more = page.getByRole("button", { name: "Carregar mais vendas" });

  await test.step("a first page of 20, then scrolling to its end loads more by itself", async () => {
    await expect(rows).toHaveCount(20);
    await expect(more).toBeVisible();
    await more.scrollIntoViewIfNeeded();
    await expect.poll(() => rows.count()).toBeGreaterThan(20);
  });

  await test.step("scrolling on reaches every one of the 21 sales, each once", async () => {
    await expect(async () => {
      if (await more.isVisible()) await more.scrollIntoViewIfNeeded();
      for (const name of names) await expect(rows.filter({ hasText: name })).toHaveCount(1, { timeout: 500 });
    }).toPass({ timeout: 30_000 });
    const ids = await list.getByRole("heading").allInnerTexts();
    expect(new Set(ids).size).toBe(ids.length);
  });

  await test.step("filtered down to fewer than 20 ('Reembolsado'), all rows show and nothing more is offered", async () => {
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Reembolsado" });
    await page.getByRole("button", { name: "Filtrar", exact: true }).click();
    await expect(page).toHaveURL(/[?&]status=refunded(&|$)/);
    const counted = page.getByLabel("Totais do período").getByText(/^\d+ vendas?\b/);
    await expect(counted).toBeVisible();
    const count = Number(/^\d+/.exec(await counted.innerText())?.[0]);
    expect(count).toBeLessThan(20);
    if (count === 0) await expect(page.getByText("Nenhuma venda encontrada")).toBeVisible();
    await expect(rows).toHaveCount(count);
    await expect(more).toHaveCount(0);
  });
});
