import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { formatCents } from "~/lib/money";
import type { Buyer } from "./support/checkout";
import { guestAddress } from "./support/checkout";
import { buyWithCard, findSale, shopPathOf, signInAsDemoHost } from "./support/money";

// Issue 24 (LGPD) end to end: a guest buys at 'Casa da Praia' (the demo's beach house; an uncounted product,
// so no stock or wallet figure another spec compares moves), asks from the receipt's link for their data to
// be erased, and the owner sees it on 'Dados de hóspedes' with its deadline; the owner finds the guest by
// email, downloads the JSON export (it holds the order), anonymizes, and /sales then shows the sale without
// the guest's name and email, with the same total. Each project uses a guest email of its own.

const BEACH = "Casa da Praia";
const PRODUCT = { name: "Café em cápsulas (10 un.)", priceCents: 2490 };

test("the owner exports and anonymizes a guest who asked for it from the receipt's link", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const buyer: Buyer = {
    fullName: `Hóspede Privado ${testInfo.project.name}`,
    cpf: "529.982.247-25",
    email: `lgpd-${testInfo.project.name}-${Date.now().toString(36)}@example.com`,
    phone: "(41) 99876-5432",
  };
  const shopPath = await shopPathOf(browser, BEACH);
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const guest = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    locale: "pt-BR",
    extraHTTPHeaders: guestAddress(),
  });
  try {
    const guestPage = await guest.newPage();
    const order = await buyWithCard(guestPage, shopPath, buyer, PRODUCT, 1);

    await test.step("the guest asks, from the receipt's link, for their data to be erased", async () => {
      let link = "";
      await expect(async () => {
        await guestPage.goto("/dev/outbox");
        const receipt = guestPage
          .getByRole("listitem")
          .filter({ has: guestPage.getByText(buyer.email, { exact: true }) })
          .filter({ hasText: order.id8 });
        link =
          (await receipt
            .getByRole("link", { name: /\/meus-dados\// })
            .first()
            .getAttribute("href")) ?? "";
        expect(link).toMatch(/\/meus-dados\/[0-9a-f-]{36}\.[\w-]+$/);
      }).toPass({ timeout: 15_000 });
      await guestPage.goto(new URL(link).pathname);
      await expect(guestPage.getByText(`Pedido ${order.id8} em ${BEACH}`)).toBeVisible();
      await guestPage.getByLabel("Seu e-mail").fill("outra-pessoa@example.com");
      await guestPage.getByRole("radio", { name: /Apagar meus dados/ }).check();
      await guestPage.getByRole("button", { name: "Enviar pedido" }).click();
      await expect(guestPage.getByRole("alert")).toContainText("Este não é o e-mail deste pedido");
      await guestPage.getByLabel("Seu e-mail").fill(buyer.email.toUpperCase());
      await guestPage.getByRole("radio", { name: /Apagar meus dados/ }).check();
      await guestPage.getByRole("button", { name: "Enviar pedido" }).click();
      await expect(guestPage.getByRole("heading", { level: 1, name: "Pedido recebido" })).toBeVisible();
      await expect(guestPage.getByText("Ele responde em até 15 dias.")).toBeVisible();
    });

    await signInAsDemoHost(browser, page);
    await page.goto("/sales");
    const sale = await findSale(page, order.id8);
    await expect(sale).toContainText(buyer.fullName);
    await expect(sale).toContainText(formatCents(order.totalCents));

    await test.step("the owner sees the request with its deadline and finds the guest by email", async () => {
      await page.goto("/hospedes");
      const request = page.getByRole("listitem").filter({ hasText: `Pedido ${order.id8}` });
      await expect(request).toContainText("Apagar os dados · pedido do hóspede");
      await expect(request).toContainText(/Prazo: \d\d\/\d\d\/\d{4} \(faltam 15 dias\)/);
      await page.getByLabel("E-mail, telefone ou CPF").fill(buyer.email);
      await page.getByRole("button", { name: "Buscar" }).click();
      await expect(page.getByRole("row").filter({ hasText: order.id8 })).toBeVisible();
      await expect(page.getByText(buyer.fullName, { exact: true })).toBeVisible();
    });

    await test.step("the JSON export holds the guest's order", async () => {
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Exportar JSON" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^dados-hospede-[\d-]+\.json$/);
      const exported = JSON.parse(readFileSync((await download.path()) ?? "", "utf8")) as {
        orders: { shortId: string; totalCents: number; buyer: { email: string } }[];
      };
      expect(exported.orders).toHaveLength(1);
      expect(exported.orders[0]).toMatchObject({
        shortId: order.id8,
        totalCents: order.totalCents,
        buyer: { email: buyer.email },
      });
    });

    await test.step("'Anonimizar', confirmed, erases the guest and answers their request", async () => {
      await page
        .getByRole("region", { name: "Hóspede encontrado" })
        .getByRole("link", { name: "Anonimizar" })
        .click();
      const confirm = page.getByRole("alertdialog", { name: "Confirmar anonimização" });
      await confirm.getByRole("button", { name: "Sim, anonimizar" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: "Dados anonimizados em 1 pedido." }),
      ).toBeVisible();
      await expect(
        page.getByText("Nenhum pedido desta organização tem esse e-mail, telefone ou CPF."),
      ).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: `Pedido ${order.id8}` })).toHaveCount(0);
    });

    await test.step("/sales shows the sale without the guest, with the same total", async () => {
      await page.goto("/sales");
      const after = await findSale(page, order.id8);
      await expect(after).toContainText("Hóspede anonimizado");
      await expect(after).not.toContainText(buyer.fullName);
      await expect(after).not.toContainText(buyer.email);
      await expect(after).toContainText(formatCents(order.totalCents));
    });
  } finally {
    await guest.close();
  }
});
