import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, type TestInfo, test } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import sharp from "sharp";
import { expectToast, registerConfirmedHost, signIn, toasts, uniqueEmail } from "./support/accounts";

// Each journey registers a host and walks whole screens: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

// A fresh host per test: no templates yet, so the empty state and the list belong to this test only.
async function freshHost(page: Page, testInfo: TestInfo, label: string) {
  const host = { name: "Tereza Cartazes", email: uniqueEmail(testInfo, label), password: "segredo-123" };
  await registerConfirmedHost(page, host);
  await signIn(page, host.email, host.password);
}

/** axe's findings on the page as it is now (none expected); toasts fading in or out are not this page's. */
async function accessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('section[aria-label="Notificações"]').analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

/** Sees a toast with its description, then waits for it to leave, so the next identical one is new. */
async function seeToast(page: Page, title: string, description: string) {
  const toast = toasts(page).getByRole("status").filter({ hasText: title });
  await expect(toast.first()).toContainText(description);
  await expect(toast).toHaveCount(0, { timeout: 15_000 });
}

const slider = (page: Page, name: string) => page.getByRole("slider", { name, exact: true });
const numberBox = (page: Page, name: string) => page.getByRole("spinbutton", { name: `${name} em pixels` });

/** Moves a Radix slider with the keyboard, as a host without a mouse would. */
async function press(thumb: Locator, keys: string[]) {
  await thumb.focus();
  for (const key of keys) await thumb.press(key);
}

const times = (n: number, key: string) => Array.from({ length: n }, () => key);

/** The template's card values as the list shows them: X, Y and size in px. */
async function expectCard(card: Locator, x: number, y: number, size: number) {
  for (const [label, value] of [
    ["Posição X", x],
    ["Posição Y", y],
    ["Tamanho", size],
  ] as const) {
    await expect(card.getByRole("term").filter({ hasText: label })).toBeVisible();
    await expect(
      card.getByRole("definition").nth(["Posição X", "Posição Y", "Tamanho"].indexOf(label)),
    ).toHaveText(`${value} px`);
  }
}

/** Where the preview draws the QR tile, in px of the 500-px-wide frame, and what the drawn code says. */
async function previewOfQr(page: Page) {
  const frame = page.getByRole("img", { name: /^Pré-visualização do cartaz/ });
  const code = page.getByTestId("qr-preview-code");
  const [f, c] = [await frame.boundingBox(), await code.boundingBox()];
  if (!f || !c) throw new Error("no preview");
  const k = 500 / f.width;
  const png = PNG.sync.read(await frame.screenshot());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { x: (c.x - f.x) * k, y: (c.y - f.y) * k, size: c.width * k, text: decoded?.data };
}

const background = () =>
  sharp({ create: { width: 1000, height: 750, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();

test("a host creates a QR template with a background and moved sliders, edits it and deletes it", async ({
  page,
}, testInfo) => {
  await freshHost(page, testInfo, "templates");
  await page.goto("/qr-templates");
  await expect(page.getByRole("heading", { level: 1, name: "Gerenciar Templates de QR Code" })).toBeVisible();
  await expect(page.getByText("Nenhum template encontrado")).toBeVisible();

  await expect(page.getByText("Um template é a imagem de fundo dos cartazes")).toBeVisible();

  await test.step("'Criar Primeiro Template' (spec) opens the form with the code centred at a size that scans", async () => {
    await page.getByRole("link", { name: "Criar Primeiro Template", exact: true }).click();
    await expect(page).toHaveURL("/qr-templates/new");
    await expect(page.getByRole("heading", { level: 1, name: "Novo Template" })).toBeVisible();
    for (const [name, value, min, max] of [
      ["Posição X", "159", "0", "500"],
      ["Posição Y", "159", "0", "500"],
      ["Tamanho", "182", "50", "300"],
    ] as const) {
      await expect(slider(page, name)).toHaveAttribute("aria-valuenow", value);
      await expect(slider(page, name)).toHaveAttribute("aria-valuemin", min);
      await expect(slider(page, name)).toHaveAttribute("aria-valuemax", max);
      await expect(numberBox(page, name)).toHaveValue(value);
    }
  });

  await test.step("without an image the save is refused with the spec's error and the field's message", async () => {
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(toasts(page).getByRole("alert").filter({ hasText: "Erro" })).toContainText(
      "Não foi possível criar o template",
    );
    await expect(page.getByText("Escolha a imagem de fundo do template.")).toBeVisible();
    await expect(page.getByText("Dê um nome ao template.")).toBeVisible();
  });

  await test.step("the preview draws a real QR code where the moved sliders put it", async () => {
    await page.getByLabel("Imagem de fundo").setInputFiles({
      name: "fundo.png",
      mimeType: "image/png",
      buffer: await background(),
    });
    await expect(page.getByTestId("qr-preview").locator("image")).toHaveAttribute("href", /^blob:/);
    // The picked 4:3 image re-centres the code (its height is 375 of 500).
    await expect(numberBox(page, "Posição Y")).toHaveValue("97");
    await expect(numberBox(page, "Tamanho")).toHaveValue("182");
    // Home goes to the minimum, Page Up moves 10 px, an arrow 1 px.
    await press(slider(page, "Posição X"), ["Home", ...times(12, "PageUp"), ...times(3, "ArrowRight")]);
    await press(slider(page, "Posição Y"), ["Home", ...times(8, "PageUp"), "ArrowUp"]);
    await press(slider(page, "Tamanho"), ["Home", ...times(10, "PageUp"), "ArrowLeft", "ArrowLeft"]);
    await expect(numberBox(page, "Posição X")).toHaveValue("123");
    await expect(numberBox(page, "Posição Y")).toHaveValue("81");
    await expect(numberBox(page, "Tamanho")).toHaveValue("148");
    await expect(slider(page, "Tamanho")).toHaveAttribute("aria-valuetext", "148 px");

    const preview = await previewOfQr(page);
    expect(Math.abs(preview.x - 123)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(preview.y - 81)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(preview.size - 148)).toBeLessThanOrEqual(1.5);
    expect(preview.text).toMatch(/\/i\/[A-Za-z0-9_-]{22}$/);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  const card = page.getByRole("list", { name: "Templates" }).getByRole("listitem");
  await test.step("'Salvar' creates it: 'Template criado', and its card shows the image and the values", async () => {
    await page.getByLabel("Nome", { exact: true }).fill("Cartaz da sala");
    await page.getByRole("button", { name: "Salvar" }).click();
    await seeToast(page, "Template criado", "Template de QR Code criado com sucesso");
    await expect(page).toHaveURL("/qr-templates");
    await expect(card).toHaveCount(1);
    await expectCard(card, 123, 81, 148);
    // The card draws the QR code on the background's thumbnail, where the template puts it.
    await expect(card.locator("svg image")).toHaveAttribute("href", /^\/media\/.+-thumb\.webp$/);
    await expect(card.getByTestId("qr-preview-code")).toBeVisible();
    await expect(card.getByRole("heading", { name: "Cartaz da sala" })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  await test.step("'Usar como padrão' makes it the posters' default, said on its card", async () => {
    await expect(card).not.toContainText("Padrão dos cartazes");
    await card.getByRole("button", { name: /^Usar como padrão/ }).click();
    await expect(toasts(page).getByRole("status").filter({ hasText: "agora é o padrão" })).toContainText(
      "'Cartaz da sala' agora é o padrão dos cartazes.",
    );
    await expect(card).toContainText("Padrão dos cartazes");
    await expect(card.getByRole("button", { name: /^Usar como padrão/ })).toHaveCount(0);
  });

  await test.step("'Editar' opens the saved values over the saved image; a change is saved", async () => {
    await card.getByRole("link", { name: /^Editar/ }).click();
    await expect(page).toHaveURL(/\/qr-templates\/edit\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Editar Template" })).toBeVisible();
    await expect(slider(page, "Posição X")).toHaveAttribute("aria-valuenow", "123");
    await expect(slider(page, "Posição Y")).toHaveAttribute("aria-valuenow", "81");
    await expect(slider(page, "Tamanho")).toHaveAttribute("aria-valuenow", "148");
    await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Cartaz da sala");
    await expect(page.getByTestId("qr-preview").locator("image")).toHaveAttribute(
      "href",
      /^\/media\/.+\.webp$/,
    );

    await press(slider(page, "Posição Y"), ["Home"]);
    await press(slider(page, "Tamanho"), ["ArrowRight", "ArrowRight"]);
    // A number typed in the box moves the slider too.
    await numberBox(page, "Posição X").fill("200");
    await expect(slider(page, "Posição X")).toHaveAttribute("aria-valuenow", "200");
    const preview = await previewOfQr(page);
    expect(Math.abs(preview.x - 200)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(preview.y)).toBeLessThanOrEqual(1.5);
    await page.getByRole("button", { name: "Salvar" }).click();
    await seeToast(page, "Template atualizado", "Template de QR Code atualizado com sucesso");
    await expect(page).toHaveURL("/qr-templates");
    await expectCard(card, 200, 0, 150);
  });

  await test.step("'Cancelar' goes back to the list without saving", async () => {
    await page.getByRole("link", { name: "Novo Template" }).click();
    await expect(page).toHaveURL("/qr-templates/new");
    await press(slider(page, "Tamanho"), ["End"]);
    await page.getByRole("link", { name: "Cancelar" }).click();
    await expect(page).toHaveURL("/qr-templates");
    await expect(card).toHaveCount(1);
    await expectCard(card, 200, 0, 150);
  });

  await test.step("'Excluir' asks in 'Excluir Template', then 'Template excluído' and the empty list", async () => {
    await card.getByRole("button", { name: /^Excluir/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "Excluir Template" });
    await expect(confirm).toContainText(
      "Tem certeza que deseja excluir este template? Esta ação não pode ser desfeita.",
    );
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await expect(card).toHaveCount(1);

    await card.getByRole("button", { name: /^Excluir/ }).click();
    await page
      .getByRole("alertdialog", { name: "Excluir Template" })
      .getByRole("button", { name: "Excluir" })
      .click();
    await seeToast(page, "Template excluído", "Template de QR Code excluído com sucesso");
    await expect(page.getByText("Nenhum template encontrado")).toBeVisible();
    await page.reload();
    await expect(page.getByText("Nenhum template encontrado")).toBeVisible();
  });
});

test("a host downloads a property's QR code and poster, then gives it a new link that retires the old one", async ({
  page,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL ?? "";
  await freshHost(page, testInfo, "novo-link");
  await page.goto("/properties");
  await page.getByRole("button", { name: "Adicionar Imóvel" }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar Imóvel" });
  await dialog.getByLabel("Nome", { exact: true }).fill("Chalé da Serra");
  await dialog.getByLabel("Endereço", { exact: true }).fill("Estrada da Serra, 5");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expectToast(page, "Imóvel criado com sucesso");
  const card = page.getByRole("list", { name: "Imóveis" }).getByRole("listitem");
  const oldLink = (await card.getByTestId("guest-link").textContent()) ?? "";
  expect(oldLink).toMatch(/\/i\/[A-Za-z0-9_-]{22}$/);

  await test.step("the card's PNG is the QR code of the shop address", async () => {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("link", { name: "QR Code de Chalé da Serra em PNG" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("qr-code-chale-da-serra.png");
    const png = PNG.sync.read(
      await sharp(await download.path())
        .ensureAlpha()
        .png()
        .toBuffer(),
    );
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(oldLink);
  });

  await test.step("the poster PNG (default template: the host has none) carries the same code", async () => {
    await expect(page.getByLabel("Template")).toHaveValue("padrao");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("button", { name: "Cartaz de Chalé da Serra em PNG" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("cartaz-chale-da-serra.png");
    const png = PNG.sync.read(
      await sharp(await download.path())
        .ensureAlpha()
        .png()
        .toBuffer(),
    );
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(oldLink);
  });

  await test.step("'Gerar novo link' warns first; then the card shows a new link and the old one is gone", async () => {
    await card.getByRole("button", { name: "Gerar novo link para Chalé da Serra" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("os cartazes já impressos");
    await confirm.getByRole("button", { name: "Gerar novo link" }).click();
    await expectToast(page, "Novo link gerado");
    await expect(card.getByTestId("guest-link")).not.toHaveText(oldLink);
    const newLink = (await card.getByTestId("guest-link").textContent()) ?? "";
    expect(newLink).toMatch(new RegExp(`^${baseURL}/i/[A-Za-z0-9_-]{22}$`));

    const guest = await page.context().browser()?.newContext();
    const phone = await guest?.newPage();
    if (!phone) throw new Error("no guest page");
    // The shop is cached for a second or two: the old address stops answering within that.
    await expect(async () => {
      const res = await phone.goto(oldLink);
      expect(res?.status()).toBe(404);
    }).toPass({ timeout: 10_000 });
    await expect(phone.getByRole("heading", { name: "Imóvel não encontrado" })).toBeVisible();
    await phone.goto(newLink);
    await expect(phone.getByRole("heading", { level: 1, name: "Chalé da Serra" })).toBeVisible();
    await guest?.close();
  });
});

test("before JavaScript loads, the template form posts with its number boxes and a card prints its poster", async ({
  page,
  browser,
}, testInfo) => {
  await freshHost(page, testInfo, "sem-js");
  const context = await browser.newContext({
    ...testInfo.project.use,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await context.newPage();
  try {
    await test.step("the number boxes carry the values (the sliders need the script)", async () => {
      await noScript.goto("/qr-templates/new");
      await expect(numberBox(noScript, "Tamanho")).toHaveValue("182");
      await noScript.getByLabel("Nome", { exact: true }).fill("Sem script");
      await noScript.getByLabel("Imagem de fundo").setInputFiles({
        name: "fundo.png",
        mimeType: "image/png",
        buffer: await background(),
      });
      await numberBox(noScript, "Posição X").fill("40");
      await numberBox(noScript, "Posição Y").fill("60");
      await numberBox(noScript, "Tamanho").fill("250");
      await noScript.getByRole("button", { name: "Salvar" }).click();
      await expect(noScript).toHaveURL("/qr-templates");
      const card = noScript.getByRole("list", { name: "Templates" }).getByRole("listitem");
      await expectCard(card, 40, 60, 250);
      // 'Usar como padrão' is a plain form too.
      await card.getByRole("button", { name: /^Usar como padrão/ }).click();
      await expect(card).toContainText("Padrão dos cartazes");
    });

    await test.step("a property's 'Cartaz PNG' submits the page's template choice to its own address", async () => {
      await noScript.goto("/properties");
      await expect(noScript.getByText("Nenhum imóvel cadastrado")).toBeVisible();
      // Properties are added in a modal, which needs the script: this one is made with it.
      await page.goto("/properties");
      await page.getByRole("button", { name: "Adicionar Imóvel" }).click();
      const dialog = page.getByRole("dialog", { name: "Adicionar Imóvel" });
      await dialog.getByLabel("Nome", { exact: true }).fill("Sítio Sem Script");
      await dialog.getByLabel("Endereço", { exact: true }).fill("Estrada Velha, 9");
      await dialog.getByRole("button", { name: "Salvar" }).click();
      await expectToast(page, "Imóvel criado com sucesso");

      await noScript.reload();
      const card = noScript.getByRole("list", { name: "Imóveis" }).getByRole("listitem");
      const link = (await card.getByTestId("guest-link").textContent()) ?? "";
      // The host's default template is chosen; the poster is drawn on it.
      await expect(noScript.getByLabel("Template")).not.toHaveValue("padrao");
      const [download] = await Promise.all([
        noScript.waitForEvent("download"),
        card.getByRole("button", { name: "Cartaz de Sítio Sem Script em PNG" }).click(),
      ]);
      const png = PNG.sync.read(
        await sharp(await download.path())
          .ensureAlpha()
          .png()
          .toBuffer(),
      );
      expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(link);
      // The blue background of the template fills the poster's width.
      const { data, info } = await sharp(await download.path())
        .extract({ left: 0, top: 5, width: png.width, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      // (Re-encoded as WebP on upload: a shade or two off.)
      [0x33, 0x66, 0xcc].forEach((channel, i) => {
        expect(Math.abs((data[i] ?? 0) - channel)).toBeLessThanOrEqual(8);
      });
      expect(info.width).toBe(png.width);
    });
  } finally {
    await context.close();
  }
});
