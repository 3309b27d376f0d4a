import { expect, test } from "@playwright/test";
import { DEMO_HOST, signIn } from "./support/accounts";
import { openStockPage } from "./support/restock";

// Issue 46: a count typed where the phone has no signal is kept in the page's own storage and sent when the
// connection is back (ADR 0055). The numbers counted are the system's own, so the demo stock does not move.
test("a count concluded without a connection is kept on the phone and sent when the connection is back", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO_HOST.email, DEMO_HOST.password);
  await openStockPage(page, "Casa da Praia");
  await page.getByRole("link", { name: "Fazer conferência" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Conferência" })).toBeVisible();
  const first = page.getByRole("list", { name: "Produtos a conferir" }).getByRole("spinbutton").first();
  const system = await first.inputValue();

  await test.step("what is typed survives a reload", async () => {
    await first.fill("99");
    await page.reload();
    await expect(first).toHaveValue("99");
    await first.fill(system);
  });

  await test.step("offline, 'Concluir' keeps it; back online, it is sent and recorded", async () => {
    await context.setOffline(true);
    await page.getByRole("button", { name: "Concluir conferência" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Sem conexão" })).toBeVisible();
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((k) => k.startsWith("estadia:conferencia:")),
      ),
    ).toHaveLength(1);
    await context.setOffline(false);
    const summary = page.getByRole("status").filter({ hasText: "Conferência concluída" });
    await expect(summary).toBeVisible();
    await expect(summary).toContainText("produtos conferidos");
    await expect
      .poll(() =>
        page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("estadia:conferencia:"))),
      )
      .toEqual([]);
  });
});
