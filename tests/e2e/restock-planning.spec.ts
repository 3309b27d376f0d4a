import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { addDays, formatDay, saoPauloDay } from "~/lib/dates";
import { airbnbCalendar } from "../support/ical-fixtures";
import { icalServer } from "../support/ical-server";
import { expectToast, linkIn, MAIL_SUBJECT, register, uniqueEmail, waitForMail } from "./support/accounts";
import { openStockPage } from "./support/restock";

// Issue 48 end to end, through the screens only: a host with two properties imports a booking platform's
// calendar for each (two feeds served by the test), plans the next 7 days' restocking, creates the runs (one
// per check-in day) and reads a run's picking list PDF back. A fresh host per project.

const PRODUCT = { name: "Água com gás", price: "6,00" };
/** Each property: its stock of the product, its expected quantity (the par level) and its next check-in. */
const PLACES = [
  { name: "Casa Azul", current: "1", par: "5", inDays: 1, feed: "/calendar/ical/azul.ics" },
  { name: "Casa Verde", current: "2", par: "4", inDays: 3, feed: "/calendar/ical/verde.ics" },
];

const dayFromToday = (days: number) => addDays(saoPauloDay(new Date()), days);

/** A PDF's text as poppler reads it, spaces made one. */
function pdfText(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "estadia-plan-")), "lista.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(
    /\s+/g,
    " ",
  );
}

async function addProperty(page: Page, name: string) {
  await page.goto("/properties");
  await page.getByRole("button", { name: "Adicionar Imóvel" }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar Imóvel" });
  await dialog.getByLabel("Nome", { exact: true }).fill(name);
  await dialog.getByLabel("Endereço", { exact: true }).fill("Rua das Flores, 10");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expectToast(page, "Imóvel criado com sucesso");
}

async function stockIt(page: Page, place: (typeof PLACES)[number]) {
  await openStockPage(page, place.name);
  await page.getByRole("button", { name: "Adicionar produtos" }).first().click();
  const add = page.getByRole("dialog", { name: "Adicionar produtos" });
  await add.getByRole("checkbox", { name: new RegExp(PRODUCT.name) }).check();
  await add.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expectToast(page, "Produto adicionado com sucesso");
  await page.getByLabel(`Quantidade atual de ${PRODUCT.name}`, { exact: true }).fill(place.current);
  await page.getByLabel(`Quantidade esperada de ${PRODUCT.name}`, { exact: true }).fill(place.par);
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expectToast(page, "Quantidades atualizadas com sucesso");
}

async function importCalendar(page: Page, place: (typeof PLACES)[number], url: string) {
  await page.goto("/properties");
  await page.getByRole("link", { name: `Calendários de ${place.name}`, exact: true }).click();
  await page.getByLabel("Endereço do calendário (iCal)").fill(url);
  await page.getByRole("button", { name: "Adicionar calendário" }).click();
  await page.getByRole("button", { name: "Sincronizar agora" }).click();
  await expectToast(page, /^Calendário sincronizado:/);
}

test("a host plans the next 7 days from two calendars, creates the runs and reads a picking list", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = testInfo.project.name;
  const feed = await icalServer();
  for (const place of PLACES) {
    const checkIn = dayFromToday(place.inDays);
    feed.serve(
      place.feed,
      airbnbCalendar([{ uid: `${place.feed}-${tag}@airbnb.com`, checkIn, checkOut: addDays(checkIn, 3) }]),
    );
  }
  const host = { name: "Renata Planeja", email: uniqueEmail(testInfo, "planeja"), password: "segredo-123" };
  try {
    await register(page, host);
    const confirmation = await waitForMail(page, host.email, MAIL_SUBJECT.confirmation);
    await page.goto(await linkIn(confirmation, "/api/auth/verify-email"));
    await expect(page).toHaveURL("/dashboard");

    await test.step("two properties hold the product below its expected quantity, each with its calendar", async () => {
      for (const place of PLACES) await addProperty(page, place.name);
      await page.goto("/products");
      await page.getByRole("button", { name: "Novo produto", exact: true }).click();
      const product = page.getByRole("dialog", { name: "Adicionar Produto" });
      await product.getByLabel("Nome", { exact: true }).fill(PRODUCT.name);
      await product.getByLabel("Preço", { exact: true }).fill(PRODUCT.price);
      await product.getByRole("button", { name: "Salvar" }).click();
      await expectToast(page, "Produto criado com sucesso");
      for (const place of PLACES) {
        await stockIt(page, place);
        await importCalendar(page, place, feed.url(place.feed));
      }
    });

    await test.step("the plan lists both properties by deadline, with what to bring up to the par level", async () => {
      await page.goto("/replacements");
      await page.getByRole("link", { name: "Planejar reposições" }).click();
      await expect(page).toHaveURL("/replacements/planejar");
      await expect(page.getByRole("heading", { level: 1, name: "Planejar reposições" })).toBeVisible();
      await expect(page.getByText(/Hóspedes estimados: 2 por estadia/)).toBeVisible();
      const sections = page.getByRole("region").filter({ has: page.getByRole("table") });
      const azul = page.getByRole("region", { name: "Casa Azul" });
      const verde = page.getByRole("region", { name: "Casa Verde" });
      await expect(azul).toContainText(`check-in em ${formatDay(dayFromToday(1))}`);
      await expect(verde).toContainText(`check-in em ${formatDay(dayFromToday(3))}`);
      // Visit order: Casa Azul's check-in comes first.
      await expect(sections.first()).toHaveAccessibleName("Casa Azul");
      // No history yet: nothing forecast; bring 5 − 1 and 4 − 2.
      await expect(azul.getByRole("row").nth(1).getByRole("cell")).toHaveText([
        /^Água com gás.*sem histórico/,
        "5",
        "1",
        "0 (não incluído)",
        "4",
      ]);
      await expect(verde.getByRole("row").nth(1).getByRole("cell")).toHaveText([
        /^Água com gás.*sem histórico/,
        "4",
        "2",
        "0 (não incluído)",
        "2",
      ]);
    });

    await test.step("'Criar reposições' makes one run per check-in day; planning again has nothing left", async () => {
      await page.getByRole("button", { name: "Criar reposições" }).click();
      await expect(page).toHaveURL("/replacements");
      await expectToast(page, "Reposições criadas a partir do planejamento");
      await expect(page.getByRole("link", { name: /^Reposição #\d$/ })).toHaveCount(2);
      await page.goto("/replacements/planejar");
      await expect(page.getByRole("button", { name: "Criar reposições" })).toBeDisabled();
    });

    await test.step("the first run's picking list has Casa Azul's line, due at its check-in", async () => {
      await page.goto("/replacements");
      await page.getByRole("link", { name: "Reposição #1", exact: true }).click();
      await expect(page).toHaveURL(/\/replacements\/[0-9a-f-]{36}$/);
      await expect(page.getByText(`Entregar até ${formatDay(dayFromToday(1))}`).first()).toBeVisible();
      const href = (await page.getByRole("link", { name: "Lista para imprimir" }).getAttribute("href")) ?? "";
      const response = await page.request.get(href);
      expect(response.status()).toBe(200);
      const text = pdfText(await response.body());
      expect(text).toContain("Reposição #1");
      expect(text).toContain("Casa Azul");
      expect(text).toContain(PRODUCT.name);
      expect(text).not.toContain("Casa Verde");
      // To pack: Casa Azul's kit, then what to buy for it.
      const kits = pdfText(await (await page.request.get(`${href.split("?")[0]}?agrupar=imovel`)).body());
      expect(kits).toMatch(new RegExp(`Kit Casa Azul [^·]+· Total: \\d+ unidades \\d+ ${PRODUCT.name}`));
      expect(kits).toContain("Totais para a compra");
    });
  } finally {
    await feed.close();
  }
});
