import { expect, test } from "@playwright/test";
import { expectToast, registerConfirmedHost, signIn, uniqueEmail } from "./support/accounts";

// A 390 px phone (the narrowest common one): a property card puts its QR code and poster actions in the
// first screen, with a small thumbnail beside the name instead of a big placeholder. (Without a connected
// account a notice above the cards asks to connect before printing: that comes first, on purpose.)
test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

// The viewport is set above, so both projects check the same phone-width layout.
test("on a phone, a property's QR and poster actions are in the first screen", async ({ page }, testInfo) => {
  const host = {
    name: "Tereza Celular",
    email: uniqueEmail(testInfo, "cartao-celular"),
    password: "segredo-123",
  };
  await registerConfirmedHost(page, host);
  await signIn(page, host.email, host.password);
  // A host ready to print: the account is connected, so the properties page has no notice above the cards.
  await page.goto("/recebimentos");
  await page.getByRole("button", { name: "Conectar conta de teste" }).click();
  await expectToast(page, "Conta conectada. Seus imóveis já podem receber pagamentos.");
  await page.goto("/properties");
  await page.getByRole("button", { name: "Adicionar Imóvel" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Adicionar Imóvel" });
  await dialog.getByLabel("Nome", { exact: true }).fill("Chalé do Morro");
  await dialog.getByLabel("Endereço", { exact: true }).fill("Rua das Flores, 10");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog).toHaveCount(0);

  await page.reload();
  await page.evaluate(() => window.scrollTo(0, 0));
  const card = page.getByRole("list", { name: "Imóveis" }).getByRole("listitem");
  await expect(card).toHaveCount(1);
  // No photo: a thumbnail-sized stand-in beside the name, not a banner.
  const thumb = await card.getByTestId("property-thumb").boundingBox();
  expect(thumb?.height ?? 999).toBeLessThanOrEqual(64);
  const viewport = page.viewportSize()?.height ?? 0;
  for (const name of [
    "QR Code de Chalé do Morro em PNG",
    "Cartaz de Chalé do Morro em PDF",
    "Cartaz de Chalé do Morro em PNG",
  ]) {
    const box = await card.getByRole(name.startsWith("QR") ? "link" : "button", { name }).boundingBox();
    expect(box, name).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0), name).toBeLessThanOrEqual(viewport);
  }
});
