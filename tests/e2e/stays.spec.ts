import { execFileSync } from "node:child_process";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { addDays, formatDay, saoPauloDay } from "~/lib/dates";
import { airbnbCalendar } from "../support/ical-fixtures";
import { icalServer } from "../support/ical-server";
import { expectToast, linkIn, MAIL_SUBJECT, register, uniqueEmail, waitForMail } from "./support/accounts";
import { loosely } from "./support/profit";
import { createButton, missingTick, openStockPage } from "./support/restock";
import { inviteCleaningStaff } from "./support/team";

// Issue 23 end to end, through the screens only: a host imports a booking platform's calendar (served by the
// test), the agenda shows its stays and a same-day turnover, a restocking run is planned for the next check-in,
// the feed then fails (429) and nothing is lost; cleaning staff record a damage with two photos on a phone
// after the stay; the owner adds the amount and downloads the claim report, read back here. A fresh host per
// project, so each project's calendar and records are its own.

const PROPERTY = "Chalé das Estadias";
const PRODUCT = { name: "Café especial", price: "20,00" };

/** A small photo as a phone would send it. */
async function photo(name: string, color: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

/** The PDF's text as poppler reads it, spaces made one, and how many images it holds. */
function readPdf(file: string): { text: string; images: number } {
  const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  const list = execFileSync("pdfimages", ["-list", file], { encoding: "utf8" });
  // Two header lines, then one line per image.
  const images = list.trim().split("\n").slice(2).length;
  return { text: text.replace(/\s+/g, " "), images };
}

/** Today in São Paulo, and a day `days` from it (YYYY-MM-DD). */
const dayFromToday = (days: number) => addDays(saoPauloDay(new Date()), days);

async function syncNow(page: Page) {
  await page.getByRole("button", { name: "Sincronizar agora" }).click();
}

test("a host syncs a calendar and plans a run for the check-in; staff record a damage; the owner gets the claim", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = testInfo.project.name;
  const ended = {
    uid: `ended-${tag}@airbnb.com`,
    checkIn: dayFromToday(-3),
    checkOut: dayFromToday(0),
    code: "HMENDED01",
  };
  const next = {
    uid: `next-${tag}@airbnb.com`,
    checkIn: dayFromToday(0),
    checkOut: dayFromToday(4),
    code: "HMNEXT002",
  };
  const block = {
    uid: `block-${tag}@airbnb.com`,
    checkIn: dayFromToday(20),
    checkOut: dayFromToday(23),
    block: true,
  };
  // The platform's export, served from this machine (the e2e server lets loopback through, tests only).
  const feed = await icalServer();
  const path = "/calendar/ical/chale.ics";
  feed.serve(path, airbnbCalendar([ended, next, block]));
  const host = { name: "Beatriz Estadia", email: uniqueEmail(testInfo, "estadias"), password: "segredo-123" };
  const staff = { name: "Davi Limpeza", email: uniqueEmail(testInfo, "limpeza"), password: "conta-123" };

  try {
    await register(page, host);
    const confirmation = await waitForMail(page, host.email, MAIL_SUBJECT.confirmation);
    await page.goto(await linkIn(confirmation, "/api/auth/verify-email"));
    await expect(page).toHaveURL("/dashboard");

    const propertyId =
      await test.step("the owner creates the property with a product it lacks 4 of", async () => {
        await page.goto("/properties");
        await page.getByRole("button", { name: "Adicionar Imóvel" }).click();
        const dialog = page.getByRole("dialog", { name: "Adicionar Imóvel" });
        await dialog.getByLabel("Nome", { exact: true }).fill(PROPERTY);
        await dialog.getByLabel("Endereço", { exact: true }).fill("Estrada da Serra, 900");
        await dialog.getByRole("button", { name: "Salvar" }).click();
        await expectToast(page, "Imóvel criado com sucesso");
        await page.goto("/products");
        await page.getByRole("button", { name: "Novo produto", exact: true }).click();
        const product = page.getByRole("dialog", { name: "Adicionar Produto" });
        await product.getByLabel("Nome", { exact: true }).fill(PRODUCT.name);
        await product.getByLabel("Preço", { exact: true }).fill(PRODUCT.price);
        await product.getByRole("button", { name: "Salvar" }).click();
        await expectToast(page, "Produto criado com sucesso");
        await openStockPage(page, PROPERTY);
        const id = /\/properties\/([0-9a-f-]{36})\/products$/.exec(page.url())?.[1] ?? "";
        await page.getByRole("button", { name: "Adicionar produtos" }).first().click();
        const add = page.getByRole("dialog", { name: "Adicionar produtos" });
        await add.getByRole("checkbox", { name: new RegExp(PRODUCT.name) }).check();
        await add.getByRole("button", { name: "Adicionar", exact: true }).click();
        await expectToast(page, "Produto adicionado com sucesso");
        await page.getByLabel(`Quantidade esperada de ${PRODUCT.name}`, { exact: true }).fill("5");
        await page.getByRole("button", { name: "Salvar", exact: true }).click();
        await expectToast(page, "Quantidades atualizadas com sucesso");
        return id;
      });

    await test.step("the owner adds the calendar's address and synchronises it: stays and the block", async () => {
      await page.goto("/properties");
      await page.getByRole("link", { name: `Calendários de ${PROPERTY}`, exact: true }).click();
      await expect(page).toHaveURL(`/properties/${propertyId}/calendarios`);
      await expect(page.getByRole("heading", { level: 1, name: "Calendários" })).toBeVisible();
      await page.getByLabel("Endereço do calendário (iCal)").fill(feed.url(path));
      await page.getByRole("button", { name: "Adicionar calendário" }).click();
      await syncNow(page);
      await expectToast(page, "Calendário sincronizado: 3 novas, 0 alteradas, 0 canceladas.");
      const upcoming = page.getByRole("region", { name: "Próximas reservas e bloqueios" });
      await expect(upcoming.getByText(formatDay(next.checkIn)).first()).toBeVisible();
      await expect(upcoming.getByText(formatDay(next.checkOut)).first()).toBeVisible();
      await expect(upcoming.getByText("Bloqueio").first()).toBeVisible();
    });

    await test.step("the agenda shows the check-out, the check-in and a same-day turnover today", async () => {
      await page.goto("/agenda");
      await expect(page.getByRole("heading", { level: 1, name: "Agenda" })).toBeVisible();
      await expect(page.getByText("Troca no mesmo dia").first()).toBeVisible();
      await expect(page.getByText("Check-in").first()).toBeVisible();
      await expect(page.getByText("Check-out").first()).toBeVisible();
      await page.goto(`/properties/${propertyId}/agenda`);
      await expect(page.getByText("Troca no mesmo dia").first()).toBeVisible();
    });

    await test.step("a restocking run planned for the next check-in records 'Entregar até'", async () => {
      await page.goto("/replacements/create?checkin=7");
      await expect(page.getByText(`Próximo check-in: ${formatDay(next.checkIn)}`).first()).toBeVisible();
      await missingTick(page, PRODUCT.name, PROPERTY).check();
      await createButton(page).click();
      await expect(page).toHaveURL(/\/replacements\/[0-9a-f-]{36}$/);
      await expect(page.getByText(`Entregar até ${formatDay(next.checkIn)}`).first()).toBeVisible();
      await expect(page.getByText(/Atrasada/)).toHaveCount(0);
    });

    await test.step("the platform answers 429: the error is shown and the stays are kept", async () => {
      feed.serve(path, { status: 429, body: "Too Many Requests", headers: { "retry-after": "60" } });
      await page.goto(`/properties/${propertyId}/calendarios`);
      await syncNow(page);
      const alert = page.getByRole("alert").filter({ hasText: "Erro na última sincronização" });
      await expect(alert).toContainText("O calendário respondeu 429 (muitas requisições).");
      const upcoming = page.getByRole("region", { name: "Próximas reservas e bloqueios" });
      await expect(upcoming.getByText(formatDay(next.checkIn)).first()).toBeVisible();
    });

    const staffPage = await test.step("the owner invites cleaning staff", () =>
      inviteCleaningStaff(page, browser, baseURL, host.name, staff));
    let recordUrl = "";
    try {
      await test.step("on the phone, staff record the damage of the stay that just ended, with two photos", async () => {
        await staffPage.goto("/avarias/nova");
        await staffPage.getByLabel("Imóvel").selectOption({ label: PROPERTY });
        const stay = staffPage.getByLabel("Estadia");
        await expect(stay.locator("option:checked")).toContainText(formatDay(ended.checkIn));
        await staffPage.getByLabel("Título").fill("Mesa de vidro trincada");
        await staffPage
          .getByLabel("Descrição")
          .fill("O tampo da mesa da sala apareceu trincado após a saída.");
        await staffPage
          .getByLabel("Fotos")
          .setInputFiles([
            await photo("mesa-1.jpg", { r: 200, g: 30, b: 30 }),
            await photo("mesa-2.jpg", { r: 30, g: 30, b: 200 }),
          ]);
        await staffPage.getByRole("button", { name: "Registrar avaria" }).click();
        await expect(staffPage).toHaveURL(/\/avarias\/[0-9a-f-]{36}$/);
        recordUrl = new URL(staffPage.url()).pathname;
        await expect(
          staffPage.getByRole("heading", { level: 1, name: /Mesa de vidro trincada/ }),
        ).toBeVisible();
        await expect(staffPage.getByRole("img", { name: /^Foto \d da avaria$/ })).toHaveCount(2);
        // The photos show: /media serves them to the organization's members (ADR 0051).
        for (const img of await staffPage.getByRole("img", { name: /^Foto \d da avaria$/ }).all()) {
          await img.scrollIntoViewIfNeeded();
          await expect
            .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
            .toBeGreaterThan(0);
        }
        await expect(staffPage.getByText(/faltam 14 dias/).first()).toBeVisible();
        // Amounts are the owner's and manager's.
        await expect(staffPage.getByRole("link", { name: /Baixar relatório/ })).toHaveCount(0);
        await expect(staffPage.getByLabel(/Valor/)).toHaveCount(0);
      });
    } finally {
      await staffPage.context().close();
    }

    await test.step("the owner adds the amount and downloads the claim report", async () => {
      await page.goto("/avarias");
      await page.getByRole("link", { name: /Mesa de vidro trincada/ }).click();
      await expect(page).toHaveURL(recordUrl);
      await page.getByLabel("Descrição do item 1", { exact: true }).fill("Tampo de vidro temperado");
      await page.getByLabel("Valor estimado do item 1", { exact: true }).fill("350,00");
      await page.getByRole("button", { name: "Salvar itens" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Itens salvos" })).toBeVisible();
      await expect(page.getByText(loosely("Total: R$ 350,00"))).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Baixar relatório (PDF)" }).click(),
      ]);
      const pdf = readPdf(await download.path());
      expect(pdf.text).toContain("Relatório de avaria");
      expect(pdf.text).toContain(PROPERTY);
      expect(pdf.text).toContain(formatDay(ended.checkIn));
      expect(pdf.text).toContain(formatDay(ended.checkOut));
      expect(pdf.text).toContain("HMENDED01");
      expect(pdf.text).toMatch(loosely("R$ 350,00"));
      expect(pdf.images).toBe(2);
    });
  } finally {
    await feed.close();
  }
});
