// Issue 24: the checkout's scripts speak the guest's language. The cart is made in pt-BR (the shop has its
// own journeys), then the PT / EN / ES switch, without JavaScript of its own, turns the checkout into Spanish
// or English: the identification's checks in the browser, the PIX countdown and copy confirmation, the card
// form's checks and a refusal by reason, and the success page.
import { expect, type Page, test } from "@playwright/test";
import { parseBrCode } from "../../app/lib/pix-brcode";
import {
  type Buyer,
  cartWith,
  chooseMethod,
  demoShopPath,
  guestAddress,
  METHOD,
  sandboxChargeId,
  settleCharge,
} from "./support/checkout";

// Not counted at 'Casa da Praia' (no stock limit): any test may buy it.
const PRODUCT = "Café em cápsulas (10 un.)";

function buyer(label: string): Buyer {
  return {
    fullName: "Lucía Fernández",
    cpf: "",
    email: `${label}-${Date.now().toString(36)}@example.com`,
    phone: "",
  };
}

/** The switch's link for a language, in the page's header. */
async function switchTo(page: Page, name: "English" | "Español") {
  await page.getByRole("link", { name, exact: true }).click();
}

test("in Spanish: checks in the browser, the PIX countdown and copy, then the success page", async ({
  browser,
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setExtraHTTPHeaders(guestAddress());
  await cartWith(page, await demoShopPath(browser), PRODUCT, 1);
  await chooseMethod(page, METHOD.pix);
  await switchTo(page, "Español");
  await expect(page.getByRole("heading", { level: 1, name: "Tus datos" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  await test.step("the LGPD notice names the host and links to the privacy notice", async () => {
    const notice = page.getByRole("region", { name: "Privacidad" });
    await expect(notice).toContainText("el anfitrión, solo para esta compra y su recibo");
    await expect(notice.getByRole("link", { name: "Aviso de privacidad" })).toHaveAttribute(
      "href",
      "/privacidade",
    );
  });

  await test.step("a wrong CPF and no contact are caught in the browser, in Spanish", async () => {
    await page.getByLabel("Nombre completo", { exact: true }).fill("Lucía Fernández");
    await page.getByLabel("CPF (documento brasileño, opcional)", { exact: true }).fill("11111111112");
    await page.getByRole("button", { name: "Continuar al pago" }).click();
    await expect(page.getByText("CPF no válido", { exact: true })).toBeVisible();
    await expect(
      page.getByText("Indica al menos un medio de contacto (correo o teléfono)", { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/pix$/);
  });

  const who = buyer("es");
  await test.step("corrected, the order goes on to payment", async () => {
    await page.getByLabel("CPF (documento brasileño, opcional)", { exact: true }).fill("");
    await page.getByLabel("Correo electrónico", { exact: true }).fill(who.email);
    await page.getByRole("button", { name: "Continuar al pago" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Pago" })).toBeVisible();
  });

  let chargeId = "";
  await test.step("the PIX step counts down and copies in Spanish", async () => {
    const code = page.getByRole("textbox", { name: "Código Pix para copiar y pegar" });
    await expect(code).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText(/^Vence en \d{2}:\d{2}$/)).toBeVisible();
    await page.getByRole("button", { name: "Copiar código" }).click();
    await expect(page.getByRole("status").filter({ hasText: "¡Código copiado!" })).toBeVisible();
    chargeId = sandboxChargeId(parseBrCode(await code.inputValue())?.txid ?? null);
  });

  await test.step("paid, the success page is in Spanish", async () => {
    await settleCharge(browser, chargeId, "24,90", "Aprovar");
    await expect(page.getByRole("heading", { level: 1, name: "¡Pago confirmado!" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole("link", { name: "Volver a la tienda" })).toBeVisible();
  });
});

test("in English: the card form's checks and a refusal by reason", async ({ browser, page }) => {
  test.setTimeout(60_000);
  await page.setExtraHTTPHeaders(guestAddress());
  await cartWith(page, await demoShopPath(browser), PRODUCT, 1);
  await chooseMethod(page, METHOD.card);
  await switchTo(page, "English");
  const who = buyer("en");
  await page.getByLabel("Full name", { exact: true }).fill(who.fullName);
  await page.getByLabel("Email", { exact: true }).fill(who.email);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();

  const cardForm = page.getByRole("region", { name: "Pay by credit card" });
  const pay = cardForm.getByRole("button", { name: "Pay now" });
  await test.step("an empty form shows the four required-field messages in English", async () => {
    await pay.click();
    for (const text of [
      "Card number is required",
      "Name on card is required",
      "Expiry date is required",
      "CVV is required",
    ])
      await expect(cardForm.getByText(text, { exact: true })).toBeVisible();
  });

  await test.step("a card without funds says so, and what to do, once", async () => {
    await cardForm.getByLabel("Card number", { exact: true }).fill("5031433215406351");
    await cardForm.getByLabel("Name on card", { exact: true }).fill("FUND");
    await cardForm.getByLabel("Expiry date", { exact: true }).fill("1130");
    await cardForm.getByLabel("CVV", { exact: true }).fill("123");
    await pay.click();
    const refusal = "Not enough balance or credit limit. Try another card or pay with Pix.";
    await expect(cardForm.getByRole("alert").filter({ hasText: refusal })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText(refusal)).toHaveCount(1);
    await expect(page).toHaveURL(/\/credit_card\/payment$/);
  });
});
