import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { formatCents } from "../../app/lib/money";
import {
  buyWithPix,
  findSale,
  guestContext,
  parseCents,
  saleNet,
  shopPathOf,
  signInAsDemoHost,
  takeLock,
  walletCard,
  walletFigures,
} from "./support/money";

// A paid PIX sale contested by the payer's bank (ADR 0061, 0062): held 'Em disputa' on the wallet, not
// withdrawable, its evidence pack downloaded and read back, then lost and reversed on the statement.

// The beach house: no other journey compares its wallet's figures (money.spec.ts holds the flat's), and there
// 'Café em cápsulas' is not counted, so buying it never runs another journey's stock out.
const HOUSE = "Casa da Praia";
const PRODUCT = { name: "Café em cápsulas (10 un.)", priceCents: 2490 };
const CPF_KEY = "529.982.247-25";

const test = base.extend<{ houseDisputes: undefined }>({
  // The phone and desktop runs each hold one dispute on the house's wallet: one at a time.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies destructured.
  houseDisputes: async ({}, use) => {
    const release = await takeLock("disputes-casa-da-praia", 240_000);
    try {
      await use(undefined);
    } finally {
      release();
    }
  },
});

test.use({ actionTimeout: 15_000 });

/** The 'Em disputa' figure of a property's wallet card on /withdrawals (0 when none is held). */
async function heldOn(page: Page, property: string): Promise<number> {
  await page.goto("/withdrawals");
  const card = walletCard(page, property);
  const terms = await card.getByRole("term").allInnerTexts();
  const at = terms.findIndex((t) => t.trim() === "Em disputa");
  return at < 0 ? 0 : parseCents((await card.getByRole("definition").allInnerTexts())[at] ?? "");
}

/** Plays the payer's bank on /dev/payments for a charge: a dispute step's button, and its status line. */
async function disputeStep(page: Page, chargeId: string, step: "Abrir contestação" | "Contestação perdida") {
  await page.goto("/dev/payments");
  await page
    .locator(`li[data-charge="${chargeId}"]`)
    .getByRole("button", { name: step, exact: true })
    .click();
  await expect(page.getByRole("status")).toHaveText(
    new RegExp(`^${step}: ${chargeId} \\(webhook 2\\d\\d\\)$`),
  );
}

test("a contested PIX sale: held on the wallet and not withdrawable, its evidence pack read back, then lost and reversed", async ({
  browser,
  page,
  houseDisputes: _lock,
}, testInfo) => {
  test.setTimeout(300_000);
  await signInAsDemoHost(browser, page);
  const guest = await guestContext(browser, testInfo);
  try {
    const shopPath = await shopPathOf(browser, HOUSE);
    const buy = async (label: string) =>
      buyWithPix(
        browser,
        await guest.newPage(),
        shopPath,
        {
          fullName: "Joana Contesta",
          cpf: CPF_KEY,
          email: `${label}-${testInfo.project.name}-${Date.now().toString(36)}@example.com`,
          phone: "(48) 99876-5432",
        },
        PRODUCT,
        1,
      );
    // One sale kept (enough available for the withdrawal form), one contested.
    await buy("mantida");
    const sale = await buy("contestada");
    const net = saleNet(sale.totalCents);
    const chargeId = sale.chargeId ?? "";

    await test.step("the bank contests it: the wallet holds its net 'Em disputa', out of 'Disponível'", async () => {
      await disputeStep(page, chargeId, "Abrir contestação");
      // Other journeys sell at the house meanwhile: only the held figure is this sale's alone.
      await expect(async () => {
        expect(await heldOn(page, HOUSE)).toBe(net);
      }).toPass({ timeout: 15_000 });
    });

    await test.step("a withdrawal of the held money is refused at the amount", async () => {
      const { available } = await walletFigures(page, HOUSE);
      expect(available).toBeGreaterThanOrEqual(1_000);
      await walletCard(page, HOUSE).getByRole("link", { name: "Solicitar saque" }).click();
      const form = page.getByRole("region", { name: `Solicitar saque — ${HOUSE}` });
      await form.getByLabel("Tipo da chave Pix", { exact: true }).selectOption({ label: "CPF" });
      await form.getByLabel("Chave Pix", { exact: true }).fill(CPF_KEY);
      await form
        .getByLabel("Valor (R$)", { exact: true })
        .fill(formatCents(available + net).replace(/^R\$\s*/, ""));
      await form.getByRole("button", { name: "Continuar", exact: true }).click();
      await expect(page.getByText(/^Saldo insuficiente: você pode sacar até R\$/)).toBeVisible();
      await expect(page.getByLabel("Valor (R$)", { exact: true })).toHaveAttribute("aria-invalid", "true");
    });

    await test.step("Vendas: 'Em disputa', the day to send the evidence by, and the pack read back", async () => {
      await page.goto("/sales");
      const card = await findSale(page, sale.id8);
      await expect(card).toContainText("Em disputa");
      await expect(card).toContainText("Envie as provas ao provedor até");
      const download = page.waitForEvent("download");
      await card.getByRole("link", { name: "Dossiê da contestação (PDF)" }).click();
      const file = path.join(mkdtempSync(path.join(tmpdir(), "estadia-dispute-")), "dossie.pdf");
      await (await download).saveAs(file);
      const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
      expect(text).toContain("Dossiê de contestação");
      expect(text).toContain(`#${sale.id8}`);
      expect(text).toContain(HOUSE);
      expect(text).toContain(chargeId);
    });

    await test.step("lost: the statement shows the reversal and the sale says so", async () => {
      await disputeStep(page, chargeId, "Contestação perdida");
      await page.goto("/withdrawals");
      await walletCard(page, HOUSE).getByRole("link", { name: "Ver extrato" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Extrato da carteira" })).toBeVisible();
      await expect(async () => {
        await page.reload();
        await expect(page.getByText("Estorno por contestação").first()).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 15_000 });
      await page.goto("/sales");
      await expect(await findSale(page, sale.id8)).toContainText("Estornada por contestação");
    });
  } finally {
    await guest.close();
  }
});
