import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { expectToast } from "./support/accounts";
import { asDemoHost } from "./support/checkout";
import {
  accessibilityViolations,
  cardFigures,
  createButton,
  missingCard,
  missingTick,
  nextStepButton,
  openStockPage,
  stockFigures,
} from "./support/restock";

// Phone and desktop run at once against the same demo data, while checkout.spec.ts and shop.spec.ts buy and
// count at 'Casa da Praia'. Each project restocks products no other test changes the current quantity of,
// and that no other test needs low: 'Vinho tinto' and 'Repelente' are only held there by unpaid orders
// (which leave the current quantity alone), 'Água mineral 500 ml' only goes into a cart. 'Cerveja
// artesanal' (sold out) and 'Granola' (6) stay as shop.spec.ts expects them. Seeded by
// app/domain/demo/seed-catalog.server.ts: 6 of 8 at 'Casa da Praia', 'Vinho tinto' 0 of 4 at 'Apartamento Centro'.
type Line = { product: string; property: string };
type Journey = {
  /** Ticked with 'Marcar todos' on this group of 'Por produto', or one card at a time. */
  group?: string;
  lines: Line[];
};
const JOURNEYS: Record<"phone" | "desktop", Journey> = {
  phone: {
    group: "Vinho tinto",
    lines: [
      { product: "Vinho tinto", property: "Apartamento Centro" },
      { product: "Vinho tinto", property: "Casa da Praia" },
    ],
  },
  desktop: {
    lines: [
      { product: "Água mineral 500 ml", property: "Casa da Praia" },
      { product: "Repelente", property: "Casa da Praia" },
    ],
  },
};

const journeyFor = (testInfo: TestInfo) => JOURNEYS[testInfo.project.name === "phone" ? "phone" : "desktop"];

/** /replacements/create once its script runs: with nothing ticked, the floating button is not there. */
async function openCreate(page: Page) {
  await page.goto("/replacements/create");
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar uma reposição" })).toBeVisible();
  await expect(createButton(page)).toBeHidden();
}

test("the host restocks missing products: a run from ticked cards, moved to 'Entregue', fills the stock", async ({
  browser,
}, testInfo) => {
  // Sign-in, the create page, four steps of a run, two stock pages and the list.
  test.setTimeout(120_000);
  const journey = journeyFor(testInfo);

  await asDemoHost(browser, async (page) => {
    const before = new Map<Line, Awaited<ReturnType<typeof cardFigures>>>();

    await test.step("the create page shows the missing products; nothing ticked, no floating button", async () => {
      await openCreate(page);
      for (const line of journey.lines) {
        const card = missingCard(page, line.product, line.property);
        await expect(card).toBeVisible();
        const figures = await cardFigures(card);
        expect(figures.current).toBeLessThan(figures.expected);
        expect(figures.toRestock).toBe(figures.expected - figures.current);
        before.set(line, figures);
      }
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    await test.step("ticking shows 'Criar reposição' with the count; unticking hides it again", async () => {
      const [first] = journey.lines;
      if (!first) throw new Error("no line");
      const tick = missingTick(page, first.product, first.property);
      await tick.check();
      await expect(createButton(page)).toBeVisible();
      await expect(createButton(page)).toHaveText("Criar reposição (1)");
      await tick.uncheck();
      await expect(createButton(page)).toBeHidden();
    });

    await test.step("'Selecionar todos' ticks every card with something to take, and unticks them", async () => {
      const all = page.getByRole("checkbox", { name: "Selecionar todos", exact: true });
      await all.check();
      const cards = page.getByRole("checkbox", { name: /^Repor / });
      const enabled = await cards.evaluateAll(
        (boxes) => boxes.filter((b) => !(b as HTMLInputElement).disabled).length,
      );
      expect(enabled).toBeGreaterThan(1);
      await expect(createButton(page)).toHaveText(`Criar reposição (${enabled})`);
      await all.uncheck();
      await expect(createButton(page)).toBeHidden();
    });

    await test.step(
      journey.group ? `'Marcar todos' ticks the group '${journey.group}'` : "two cards ticked one by one",
      async () => {
        if (journey.group) {
          await page
            .getByRole("navigation", { name: "Agrupar" })
            .getByRole("link", { name: "Por produto" })
            .click();
          await expect(page).toHaveURL(/\?agrupar=product$/);
          const group = page.getByRole("region", { name: journey.group, exact: true });
          await expect(group.getByRole("heading", { level: 2, name: journey.group })).toBeVisible();
          await group.getByRole("checkbox", { name: "Marcar todos" }).check();
          await expect(group.getByRole("checkbox", { name: /^Repor / })).toHaveCount(journey.lines.length);
        } else {
          for (const line of journey.lines) await missingTick(page, line.product, line.property).check();
        }
        for (const line of journey.lines)
          await expect(missingTick(page, line.product, line.property)).toBeChecked();
        await expect(createButton(page)).toHaveText(`Criar reposição (${journey.lines.length})`);
      },
    );

    let runName = "";
    await test.step("'Criar reposição' opens the run with the toast", async () => {
      await createButton(page).click();
      await expect(page).toHaveURL(/\/replacements\/[0-9a-f-]{36}$/);
      await expectToast(page, "Reposição iniciada com sucesso");
      // Numbered per organization: this host's first run.
      const heading = page.getByRole("heading", { level: 1, name: /^Reposição #\d+$/ });
      await expect(heading).toBeVisible();
      runName = (await heading.textContent()) ?? "";
      await expect(page.getByText("Em processamento", { exact: true })).toBeVisible();
      // By product while separating: each product's card with its total for this run.
      const totals = new Map<string, number>();
      for (const line of journey.lines)
        totals.set(line.product, (totals.get(line.product) ?? 0) + (before.get(line)?.toRestock ?? 0));
      for (const [product, total] of totals) {
        const card = page
          .getByRole("listitem")
          .filter({ has: page.getByRole("heading", { level: 2, name: product }) });
        await expect(card).toContainText(`Total: ${total}`);
      }
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    await test.step("the floating button moves it along: separated, in transit, delivered", async () => {
      const steps = [
        ["Produtos separados", "Separado"],
        ["Em trânsito", "Em trânsito"],
        ["Entregue", "Entregue"],
      ] as const;
      for (const [button, label] of steps) {
        await nextStepButton(page, button).click();
        await expectToast(page, `Status atualizado para: ${label}`);
        await expect(nextStepButton(page, button)).toBeHidden();
      }
      await expect(nextStepButton(page)).toHaveCount(0);
      await expect(page.getByText("Todos os produtos foram entregues.")).toBeVisible();
      await expect(page.getByText("Entregue", { exact: true })).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    await test.step("each property's stock page shows the products at their expected quantity", async () => {
      for (const property of new Set(journey.lines.map((l) => l.property))) {
        await openStockPage(page, property);
        for (const line of journey.lines.filter((l) => l.property === property)) {
          const seen = before.get(line);
          const now = await stockFigures(page, line.product);
          expect(now, `${line.product} at ${property}`).toEqual({
            current: (seen?.current ?? 0) + (seen?.toRestock ?? 0),
            expected: seen?.expected,
          });
          expect(now.current).toBe(now.expected);
        }
      }
    });

    await test.step("the list shows the run as 'Entregue', and the products are no longer offered", async () => {
      await page.goto("/replacements");
      await expect(page.getByRole("heading", { level: 1, name: "Reposições" })).toBeVisible();
      const row = page
        .getByRole("row")
        .filter({ has: page.getByRole("link", { name: runName, exact: true }) });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Entregue");
      const products = new Set(journey.lines.map((l) => l.product)).size;
      const properties = new Set(journey.lines.map((l) => l.property)).size;
      await expect(row).toContainText(
        `${products === 1 ? "1 produto" : `${products} produtos`} · ${properties === 1 ? "1 imóvel" : `${properties} imóveis`}`,
      );

      await openCreate(page);
      for (const line of journey.lines)
        await expect(missingTick(page, line.product, line.property)).toHaveCount(0);
    });
  });
});
