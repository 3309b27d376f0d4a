// Issue 48's orders before arrival in a real browser: the owner marks a product 'Disponível sob encomenda',
// adds a direct booking and copies the stay's shop link from its page; the guest opens it in English before
// check-in, orders that product and pays by Pix through the sandbox; the run for the turnover shows it as
// 'Pedido do hóspede'; its delivery marks it delivered and the guest's email arrives.
import { expect, test } from "@playwright/test";
import { parseBrCode } from "../../app/lib/pix-brcode";
import { waitForMail } from "./support/accounts";
import { asDemoHost, guestAddress, sandboxChargeId, settleCharge } from "./support/checkout";
import { nextStepButton } from "./support/restock";

/** A São Paulo calendar day `days` from today, as YYYY-MM-DD. */
function dayFromNow(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(at);
}
const ptDay = (day: string) => day.split("-").reverse().join("/");

test("a guest orders 'sob encomenda' before arrival in English, pays by Pix; the run brings it and the guest is told", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const product = `Espumante ${tag}`;
  const guestEmail = `lucy-${tag}@example.com`;
  // One offset for both days: read twice, the clock could cross a multiple of 20 ms and put check-out first.
  const offset = Date.now() % 20;
  const checkIn = dayFromNow(45 + offset);
  const checkOut = dayFromNow(48 + offset);

  const link = await asDemoHost(browser, async (page) => {
    await test.step("the owner marks a product 'Disponível sob encomenda'", async () => {
      await page.goto("/products");
      await page.getByRole("button", { name: "Novo produto" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Adicionar Produto" });
      await dialog.getByLabel("Nome", { exact: true }).fill(product);
      await dialog.getByLabel("Preço", { exact: true }).fill("89,90");
      await dialog.getByLabel("Disponível sob encomenda (não fica no imóvel)").check();
      await dialog.getByRole("button", { name: "Salvar" }).click();
      await expect(dialog).toBeHidden();
      const card = page
        .getByRole("list", { name: "Produtos" })
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: product }) });
      await expect(card).toContainText("Sob encomenda");
    });

    return test.step("adds a direct booking at Casa da Praia and copies the stay's shop link", async () => {
      await page.goto("/properties");
      await page.getByRole("link", { name: "Gerenciar produtos de Casa da Praia" }).click();
      await expect(page).toHaveURL(/\/properties\/[0-9a-f-]{36}\/products$/);
      const propertyId = /\/properties\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? "";
      await page.goto(`/properties/${propertyId}/calendarios`);
      await page.getByLabel("Check-in", { exact: true }).fill(checkIn);
      await page.getByLabel("Check-out", { exact: true }).fill(checkOut);
      await page.getByRole("button", { name: "Adicionar reserva direta" }).click();
      await expect(page.getByText(`${ptDay(checkIn)} → ${ptDay(checkOut)}`)).toBeVisible();

      await page.goto(`/agenda?mes=${checkIn.slice(0, 7)}&imovel=${propertyId}`);
      const day = page.getByRole("listitem", { name: ptDay(checkIn), exact: true });
      await expect(day.getByRole("button", { name: "Copiar link da loja" })).toBeVisible();
      await day.getByRole("link", { name: "Casa da Praia" }).click();
      await expect(page).toHaveURL(/\/estadias\/[0-9a-f-]{36}$/);
      const input = page.getByLabel("Link da loja para esta estadia", { exact: true });
      await expect(input).toHaveValue(/\/e\/[0-9a-f]{32}$/);
      return input.inputValue();
    });
  });

  const guest = await browser.newContext({
    locale: "en-US",
    extraHTTPHeaders: { ...guestAddress(), "Accept-Language": "en-US,en;q=0.9" },
  });
  const page = await guest.newPage();
  let chargeId = "";
  await test.step("the guest opens the link in English before check-in and orders it", async () => {
    await page.goto(new URL(link).pathname);
    await expect(
      page.getByRole("heading", { name: "Order before you arrive — we deliver before your check-in" }),
    ).toBeVisible();
    const item = page.getByRole("listitem").filter({ hasText: product });
    await expect(item).toContainText("Made to order");
    await item.getByRole("button", { name: `Add ${product}`, exact: true }).click();
    await page.getByRole("link", { name: /Continue/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await page.getByRole("radio", { name: "Pix", exact: true }).check();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByLabel("Full name", { exact: true }).fill("Lucy Smith");
    await page.getByLabel("Email", { exact: true }).fill(guestEmail);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    const code = page.getByRole("textbox", { name: "Pix copy-and-paste code" });
    await expect(code).toBeVisible({ timeout: 10_000 });
    chargeId = sandboxChargeId(parseBrCode(await code.inputValue())?.txid ?? null);
  });

  await test.step("paid by Pix through the sandbox", async () => {
    await settleCharge(browser, chargeId, "89,90", "Aprovar");
    await expect(page.getByRole("heading", { level: 1, name: "Payment confirmed!" })).toBeVisible({
      timeout: 20_000,
    });
  });

  await asDemoHost(browser, async (owner) => {
    await test.step("the run for the turnover shows it as 'Pedido do hóspede'", async () => {
      // Other journeys may start runs of the demo host meanwhile: the one with this product, newest first.
      await owner.goto("/replacements");
      const runs = await owner
        .locator('a[href^="/replacements/"]')
        .evaluateAll((links) =>
          links.map((a) => a.getAttribute("href") ?? "").filter((href) => /\/[0-9a-f-]{36}$/.test(href)),
        );
      const line = owner.getByRole("listitem").filter({ hasText: product }).last();
      for (const href of [...new Set(runs)]) {
        await owner.goto(href);
        if ((await line.count()) > 0) break;
      }
      await expect(line).toContainText("Pedido do hóspede");
    });

    await test.step("its delivery marks the order delivered and the guest's email arrives", async () => {
      for (const step of ["Produtos separados", "Em trânsito", "Entregue"]) {
        await nextStepButton(owner, step).click();
        await expect(nextStepButton(owner, step)).toBeHidden();
      }
      const mail = await waitForMail(owner, guestEmail, "Your order has arrived at Casa da Praia");
      await expect(mail).toContainText(product);
    });
  });
  await guest.close();
});
