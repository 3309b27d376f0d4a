import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type Request, type TestInfo, test } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { formatCents } from "../../app/lib/money";
import { parseBrCode } from "../../app/lib/pix-brcode";
import {
  ADULT_CONFIRMATION,
  type Buyer,
  cartWith,
  chooseMethod,
  currentStock,
  demoShopPath,
  guestAddress,
  identificationForm,
  identify,
  METHOD,
  pixPanel,
  sandboxChargeId,
  settleCharge,
} from "./support/checkout";

// Phone and desktop run at once against the same shop: each test buys products no other test (nor the
// other project, nor shop.spec.ts, which uses 'Água mineral' and 'Granola') buys, so held and sold stock
// never mixes up. Prices from app/domain/demo/seed-catalog.server.ts; 6 units of each at 'Casa da Praia'.
const PRODUCTS = {
  pix: { phone: ["Chocolate ao leite", 990], desktop: ["Pão de queijo congelado", 1800] },
  card: { phone: ["Refrigerante lata", 650], desktop: ["Kit escova e pasta de dente", 1200] },
  back: { phone: ["Protetor solar FPS 50", 3990], desktop: ["Repelente", 2990] },
  // 'Vinho tinto' is for adults only (18+): the buyer ticks the confirmation.
  axe: { phone: ["Água com gás 500 ml", 500], desktop: ["Vinho tinto", 5990] },
  // The demo's only 18+ product with stock; each project holds one unit and never pays it.
  adults: { phone: ["Vinho tinto", 5990], desktop: ["Vinho tinto", 5990] },
  // Not counted (no stock limit): both projects may buy it.
  noJs: { phone: ["Café em cápsulas (10 un.)", 2490], desktop: ["Café em cápsulas (10 un.)", 2490] },
} as const;

function productFor(journey: keyof typeof PRODUCTS, testInfo: TestInfo) {
  const [name, priceCents] = PRODUCTS[journey][testInfo.project.name === "phone" ? "phone" : "desktop"];
  return { name, priceCents };
}

function buyerFor(testInfo: TestInfo, label: string): Buyer {
  return {
    fullName: "Maria da Silva Souza",
    cpf: "529.982.247-25",
    email: `${label}-${testInfo.project.name}-${Date.now().toString(36)}@example.com`,
    phone: "(48) 99876-5432",
  };
}

/** axe's findings on the page as it is now (none expected); toasts fading in or out are not this page's. */
async function accessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('section[aria-label="Notificações"]').analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

/** 'Resumo da compra' and its total. */
function purchaseSummary(page: Page) {
  return page.getByRole("complementary", { name: "Resumo da compra" });
}

/** Reads the QR code off the screen: a screenshot of the image, decoded as a phone's camera would. */
async function decodeQr(page: Page): Promise<string> {
  const png = PNG.sync.read(await pixPanel(page).qr.screenshot());
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!found) throw new Error(`no QR code found in the ${png.width}x${png.height} screenshot`);
  return found.data;
}

/** Waits for the PIX charge (the page asks for it on its own), checks the QR against the code and the total. */
async function expectPixCharge(page: Page, totalCents: number) {
  const { qr, code } = pixPanel(page);
  await expect(page.getByRole("heading", { level: 2, name: "Pagamento via Pix" })).toBeVisible();
  await expect(qr).toBeVisible({ timeout: 10_000 });
  const copyPaste = await code.inputValue();
  expect(await decodeQr(page)).toBe(copyPaste);
  const parsed = parseBrCode(copyPaste);
  expect(parsed, `not a valid BR Code: ${copyPaste}`).not.toBeNull();
  expect(parsed?.amountCents).toBe(totalCents);
  return { code: copyPaste, chargeId: sandboxChargeId(parsed?.txid ?? null) };
}

test("a guest pays with PIX: checked identification, a readable QR code, confirmation by itself and stock sold", async ({
  browser,
  page,
}, testInfo) => {
  // Sign-in, shop, three checkout steps, up to 20 s of the page's own polling, the stock page twice.
  test.setTimeout(120_000);
  const product = productFor("pix", testInfo);
  const totalCents = product.priceCents * 2;
  const total = formatCents(totalCents);
  const stockBefore = await currentStock(browser, product.name);
  await page.setExtraHTTPHeaders(guestAddress());
  const shopPath = await demoShopPath(browser);

  await test.step("two units in the cart, Pix on the summary", async () => {
    await cartWith(page, shopPath, product.name, 2);
    await chooseMethod(page, METHOD.pix);
    await expect(purchaseSummary(page)).toContainText(`2 x ${formatCents(product.priceCents)}`);
    await expect(purchaseSummary(page)).toContainText(new RegExp(`Total\\s*${total.replace("$", "\\$")}`));
  });

  const form = identificationForm(page);
  await test.step("an empty form shows both messages at once", async () => {
    await form.submit.click();
    await expect(page.getByText("Nome completo é obrigatório")).toBeVisible();
    await expect(
      page.getByText("Informe pelo menos um método de contato (e-mail ou telefone)"),
    ).toBeVisible();
    await expect(form.fullName).toHaveAttribute("aria-invalid", "true");
    await expect(form.fullName).toBeFocused();
    await expect(page).toHaveURL(/\/pix$/);
  });

  await test.step("a bad email is refused at its field", async () => {
    await form.fullName.fill("Maria da Silva Souza");
    await form.email.fill("maria@exemplo");
    await form.submit.click();
    await expect(page.getByText("E-mail inválido")).toBeVisible();
    await expect(page.getByText("Nome completo é obrigatório")).toBeHidden();
    await expect(form.email).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/pix$/);
  });

  await test.step("CPF and phone are masked as typed; valid data leads to the payment step", async () => {
    await form.cpf.fill("52998224725");
    await expect(form.cpf).toHaveValue("529.982.247-25");
    await form.phone.fill("48998765432");
    await expect(form.phone).toHaveValue("(48) 99876-5432");
    await form.email.fill(buyerFor(testInfo, "pix").email);
    await form.submit.click();
    await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}\/pix\/payment$/);
    await expect(page.getByRole("heading", { level: 1, name: "Pagamento" })).toBeVisible();
  });

  let chargeId = "";
  await test.step("the QR code reads as the 'copia e cola' code, a BR Code for the order's total", async () => {
    ({ chargeId } = await expectPixCharge(page, totalCents));
    await expect(purchaseSummary(page)).toContainText(total);
    await expect(
      page.getByRole("status").filter({ hasText: "Aguardando confirmação do pagamento..." }),
    ).toBeVisible();
    await expect(page.getByText(/^Expira em \d{2}:\d{2}$/)).toBeVisible();
    await page.getByRole("button", { name: "Copiar código" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Código copiado!" })).toBeVisible();
  });

  await test.step("approved at the provider, the guest's page reaches the confirmation by itself", async () => {
    await settleCharge(browser, chargeId, total, "Aprovar");
    // The page polls every 10 s; no reload here.
    await expect(page.getByRole("heading", { level: 1, name: "Pagamento confirmado!" })).toBeVisible({
      timeout: 25_000,
    });
    await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}\/success$/);
    await expect(page.getByRole("link", { name: "Voltar para a loja" })).toHaveAttribute("href", shopPath);
    await expect(purchaseSummary(page)).toContainText(total);
  });

  await test.step("the host's stock page shows the two units sold", async () => {
    expect(await currentStock(browser, product.name)).toBe(stockBefore - 2);
  });
});

type SentRequest = { url: string; method: string; body: string; request: Request };

test("a guest pays by card: required fields, a refusal that keeps the form, then approval; the card goes only to the provider", async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const product = productFor("card", testInfo);
  const sent: SentRequest[] = [];
  page.on("request", (request) => {
    sent.push({ url: request.url(), method: request.method(), body: request.postData() ?? "", request });
  });
  await page.setExtraHTTPHeaders(guestAddress());
  await cartWith(page, await demoShopPath(browser), product.name, 1);
  await chooseMethod(page, METHOD.card);
  await identify(page, buyerFor(testInfo, "cartao"));
  await expect(page).toHaveURL(/\/credit_card\/payment$/);

  const cardForm = page.getByRole("region", { name: "Pagamento com cartão de crédito" });
  const number = cardForm.getByLabel("Número do cartão", { exact: true });
  const holder = cardForm.getByLabel("Nome no cartão", { exact: true });
  const expiry = cardForm.getByLabel("Validade", { exact: true });
  const cvv = cardForm.getByLabel("CVV", { exact: true });
  const pay = cardForm.getByRole("button", { name: "Finalizar pagamento" });
  const processing = page.getByRole("dialog", { name: "Processando pagamento" });

  await test.step("an empty form shows the four required-field messages", async () => {
    await pay.click();
    for (const text of [
      "Número do cartão é obrigatório",
      "Nome no cartão é obrigatório",
      "Data de expiração é obrigatória",
      "CVV é obrigatório",
    ])
      await expect(cardForm.getByText(text, { exact: true })).toBeVisible();
    // Like the identification step, the first field in error takes the focus.
    await expect(number, "the first field in error should have the focus").toBeFocused();
    await expect(processing).toBeHidden();
  });

  await test.step("the number and validity are masked as typed", async () => {
    await number.fill("5031433215406351");
    await expect(number).toHaveValue("5031 4332 1540 6351");
    await expiry.fill("1130");
    await expect(expiry).toHaveValue("11/30");
    await cvv.fill("123");
    await holder.fill("OTHE");
  });

  await test.step("'Processando pagamento' shows while the charge is on its way", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/credit_card/charge", async (route) => {
      await held;
      await route.continue();
    });
    await pay.click();
    await expect(processing).toBeVisible();
    release();
    await expect(processing).toBeHidden({ timeout: 10_000 });
    await page.unroute("**/credit_card/charge");
  });

  await test.step("a refused card says why and what to do, once; the page stays on payment", async () => {
    const refusal = "O cartão foi recusado. Tente outro cartão ou pague com Pix.";
    await expect(cardForm.getByRole("alert").filter({ hasText: refusal })).toBeVisible();
    // Not repeated in a toast.
    await expect(page.getByText(refusal)).toHaveCount(1);
    await expect(page).toHaveURL(/\/credit_card\/payment$/);
    await expect(pay).toBeEnabled();
    await expect(number).toBeEditable();
    await expect(number).toHaveValue("5031 4332 1540 6351");
  });

  await test.step("the same guest pays with another name on the card, without identifying again", async () => {
    await holder.fill("APRO");
    await pay.click();
    await expect(page.getByRole("heading", { level: 1, name: "Pagamento confirmado!" })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}\/success$/);
    await expect(purchaseSummary(page)).toContainText(formatCents(product.priceCents));
  });

  await test.step("only the provider's tokenize endpoint ever received the card number", async () => {
    const path = (s: SentRequest) => new URL(s.url).pathname;
    const tokenize = sent.filter((s) => path(s) === "/sandbox/v1/card_tokens");
    expect(tokenize.map((s) => s.method)).toEqual(["POST", "POST"]);
    // The recorder does see card data where it goes.
    expect(tokenize[0]?.body).toContain("5031433215406351");

    const carriesCard = (text: string) =>
      ["5031433215406351", "5031 4332", "5031+4332", "5031%204332"].some((digits) => text.includes(digits));
    const leaks = sent
      .filter((s) => path(s) !== "/sandbox/v1/card_tokens")
      .filter((s) => carriesCard(s.body) || carriesCard(s.url))
      .map((s) => `${s.method} ${s.url}`);
    expect(leaks).toEqual([]);

    const charges = sent.filter((s) => path(s).endsWith("/credit_card/charge"));
    expect(charges).toHaveLength(2);
    for (const charge of charges) {
      const body = charge.request.postDataBuffer() ?? Buffer.alloc(0);
      const fields = await new Response(new Uint8Array(body), {
        headers: { "content-type": (await charge.request.allHeaders())["content-type"] ?? "" },
      }).formData();
      const token = String(fields.get("token") ?? "");
      expect(token).not.toBe("");
      expect(carriesCard(token)).toBe(false);
      // No other field holds anything shaped like a card number (the token is random hex, digits and all).
      const others = [...fields.entries()].filter(([name]) => name !== "token").map(([, v]) => String(v));
      expect(others.filter((v) => /\d{12,}/.test(v.replace(/\s/g, "")))).toEqual([]);
      expect([...fields.keys()].sort()).toEqual(["intent", "issuerId", "paymentMethodId", "token"]);
    }
  });
});

test("a card whose bank asks for 3-D Secure: refused in the bank's frame, then confirmed there and paid", async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const product = productFor("noJs", testInfo);
  await page.setExtraHTTPHeaders(guestAddress());
  await cartWith(page, await demoShopPath(browser), product.name, 1);
  await chooseMethod(page, METHOD.card);
  await identify(page, buyerFor(testInfo, "3ds"));
  const cardForm = page.getByRole("region", { name: "Pagamento com cartão de crédito" });
  const payWith3ds = async () => {
    await cardForm.getByLabel("Número do cartão", { exact: true }).fill("5031433215406351");
    await cardForm.getByLabel("Nome no cartão", { exact: true }).fill("3DS");
    await cardForm.getByLabel("Validade", { exact: true }).fill("1130");
    await cardForm.getByLabel("CVV", { exact: true }).fill("123");
    await cardForm.getByRole("button", { name: "Finalizar pagamento" }).click();
  };
  const challenge = page.getByRole("dialog", { name: "Confirme a compra com o seu banco" });
  const bank = page.frameLocator('iframe[name="card-challenge"]');

  await test.step("the bank's page opens on the card step; refused there, the guest reads why", async () => {
    await payWith3ds();
    await expect(challenge).toBeVisible({ timeout: 10_000 });
    await expect(bank.getByRole("heading", { name: /^Confirme a compra de R\$/ })).toBeVisible();
    await bank.getByRole("button", { name: "Recusar" }).click();
    await expect(challenge).toBeHidden({ timeout: 10_000 });
    await expect(
      cardForm
        .getByRole("alert")
        .filter({ hasText: "O banco não confirmou a compra na verificação de segurança." }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/credit_card\/payment$/);
  });

  await test.step("tried again and confirmed at the bank: paid", async () => {
    await payWith3ds();
    await expect(challenge).toBeVisible({ timeout: 10_000 });
    await bank.getByRole("button", { name: "Confirmar compra" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Pagamento confirmado!" })).toBeVisible({
      timeout: 15_000,
    });
  });
});

test("going back from the payment step shows the identification already filled in", async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const product = productFor("back", testInfo);
  const buyer = buyerFor(testInfo, "voltar");
  await page.setExtraHTTPHeaders(guestAddress());
  await cartWith(page, await demoShopPath(browser), product.name, 1);
  await chooseMethod(page, METHOD.pix);
  await identify(page, buyer);
  const { code } = await expectPixCharge(page, product.priceCents);

  await page.getByRole("link", { name: "Voltar à identificação" }).click();
  await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}\/pix$/);
  await expect(page.getByRole("heading", { level: 1, name: "Identificação" })).toBeVisible();
  const form = identificationForm(page);
  await expect(form.fullName).toHaveValue(buyer.fullName);
  await expect(form.cpf).toHaveValue(buyer.cpf);
  await expect(form.email).toHaveValue(buyer.email);
  await expect(form.phone).toHaveValue(buyer.phone);

  // Nothing changed: the same order and the same charge.
  await form.submit.click();
  await expect(page).toHaveURL(/\/pix\/payment$/);
  await expect(pixPanel(page).code).toHaveValue(code);
});

test("a guest who asks to be remembered finds the next purchase's form filled in, and forgets it in one tap", async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const product = productFor("noJs", testInfo);
  const buyer = buyerFor(testInfo, "lembrar");
  const shop = await demoShopPath(browser);
  await page.setExtraHTTPHeaders(guestAddress());
  const form = identificationForm(page);
  const remember = page.getByRole("checkbox", { name: "Lembrar meus dados neste aparelho" });

  await test.step("first purchase: the guest ticks 'Lembrar meus dados neste aparelho'", async () => {
    await cartWith(page, shop, product.name, 1);
    await chooseMethod(page, METHOD.pix);
    await expect(remember).not.toBeChecked();
    await form.fullName.fill(buyer.fullName);
    await form.cpf.fill(buyer.cpf);
    await form.email.fill(buyer.email);
    await form.phone.fill(buyer.phone);
    await remember.check();
    await form.submit.click();
    await expect(page.getByRole("heading", { level: 1, name: "Pagamento" })).toBeVisible();
  });

  // Later, a new cart on the same browser: its storage stays, the cart and its order do not.
  const { origins } = await page.context().storageState();
  const later = await browser.newContext({
    ...testInfo.project.use,
    storageState: { cookies: [], origins },
    extraHTTPHeaders: guestAddress(),
  });
  try {
    const next = await later.newPage();
    const again = identificationForm(next);
    await test.step("the next purchase on this device finds the form filled in", async () => {
      await cartWith(next, shop, product.name, 1);
      await chooseMethod(next, METHOD.pix);
      await expect(next.getByText("Preenchido com os dados lembrados neste aparelho.")).toBeVisible();
      await expect(again.fullName).toHaveValue(buyer.fullName);
      await expect(again.cpf).toHaveValue(buyer.cpf);
      await expect(again.email).toHaveValue(buyer.email);
      await expect(again.phone).toHaveValue(buyer.phone);
    });

    await test.step("'Esquecer meus dados' empties the form and takes them off the device", async () => {
      await next.getByRole("button", { name: "Esquecer meus dados" }).click();
      await expect(again.fullName).toHaveValue("");
      await expect(again.email).toHaveValue("");
      await expect(
        next.getByRole("checkbox", { name: "Lembrar meus dados neste aparelho" }),
      ).not.toBeChecked();
      expect(await next.evaluate(() => localStorage.getItem("estadia.comprador"))).toBeNull();
      await next.reload();
      await expect(again.fullName).toHaveValue("");
    });
  } finally {
    await later.close();
  }
});

test("the identification and PIX payment pages have no accessibility violations", async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const product = productFor("axe", testInfo);
  await page.setExtraHTTPHeaders(guestAddress());
  await cartWith(page, await demoShopPath(browser), product.name, 1);
  await chooseMethod(page, METHOD.pix);
  expect(await accessibilityViolations(page)).toEqual([]);

  // With the messages shown at their fields.
  await identificationForm(page).submit.click();
  await expect(page.getByText("Nome completo é obrigatório")).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await identify(page, buyerFor(testInfo, "a11y"), { adult: product.name === "Vinho tinto" });
  await expectPixCharge(page, product.priceCents);
  expect(await accessibilityViolations(page)).toEqual([]);
});

test("an 18+ product needs the buyer's confirmation; the PIX step puts the amount and the code to copy first", async ({
  browser,
  page,
  context,
}, testInfo) => {
  test.setTimeout(60_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const product = productFor("adults", testInfo);
  const shopPath = await demoShopPath(browser);
  await page.setExtraHTTPHeaders(guestAddress());

  await test.step("the shop marks the product 18+ and says minors may not buy", async () => {
    await page.goto(shopPath);
    await expect(page.getByText("Venda proibida para menores de 18 anos.")).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 3, name: `${product.name} Produto para maiores de 18 anos` }),
    ).toBeVisible();
  });

  await cartWith(page, shopPath, product.name, 1);
  await chooseMethod(page, METHOD.pix);
  const buyer = buyerFor(testInfo, "maiores");

  await test.step("without ticking the confirmation, the server refuses at the checkbox", async () => {
    const form = identificationForm(page);
    await form.fullName.fill(buyer.fullName);
    await form.email.fill(buyer.email);
    await form.submit.click();
    const adult = page.getByRole("checkbox", { name: ADULT_CONFIRMATION });
    await expect(
      page.getByText("Para comprar produtos para maiores de 18 anos, confirme que você tem 18 anos ou mais."),
    ).toBeVisible();
    await expect(adult).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/pix$/);
    await expect(form.fullName).toHaveValue(buyer.fullName);
  });

  await test.step("ticked, the order goes on to payment", async () => {
    await identify(page, buyer, { adult: true });
  });

  await test.step("the amount, then the code and 'Copiar código', then the QR Code for another device", async () => {
    const { code } = await expectPixCharge(page, product.priceCents);
    const total = page.getByText(`Total: ${formatCents(product.priceCents)}`, { exact: true });
    const copy = page.getByRole("button", { name: "Copiar código" });
    const howTo = page.getByText("Abra o app do seu banco, escolha Pix Copia e Cola e cole o código.");
    const otherDevice = page.getByText("Pagando de outro aparelho? Escaneie o QR Code.");
    const tops = [];
    for (const part of [total, pixPanel(page).code, copy, howTo, otherDevice, pixPanel(page).qr]) {
      await expect(part).toBeVisible();
      tops.push((await part.boundingBox())?.y ?? Number.NaN);
    }
    expect(tops).toEqual([...tops].sort((a, b) => a - b));

    await copy.click();
    await expect(page.getByRole("status").filter({ hasText: "Código copiado!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a guest pays with PIX through plain forms and a reload", async ({ browser, page }, testInfo) => {
    test.setTimeout(60_000);
    const product = productFor("noJs", testInfo);
    await page.setExtraHTTPHeaders(guestAddress());
    await cartWith(page, await demoShopPath(browser), product.name, 1);
    await chooseMethod(page, METHOD.pix);

    // The server checks the form itself.
    const form = identificationForm(page);
    await form.submit.click();
    await expect(page.getByText("Nome completo é obrigatório")).toBeVisible();
    await expect(
      page.getByText("Informe pelo menos um método de contato (e-mail ou telefone)"),
    ).toBeVisible();
    await identify(page, buyerFor(testInfo, "sem-js"));

    await expect(page.getByText("Gerando QR Code para pagamento...")).toBeVisible();
    await page.getByRole("button", { name: "Gerar QR Code" }).click();
    await expect(page).toHaveURL(/\/pix\/payment$/);
    const { chargeId } = await expectPixCharge(page, product.priceCents);

    await settleCharge(browser, chargeId, formatCents(product.priceCents), "Aprovar");
    // The page also refreshes itself every 10 s; a reload may cross that refresh, so it is retried.
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Pagamento confirmado!" })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}\/success$/);
  });
});
