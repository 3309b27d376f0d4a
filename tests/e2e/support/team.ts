// A second person in a journey: a phone of their own, and cleaning staff joining a host's team by email.
import { type Browser, devices, expect, type Page } from "@playwright/test";
import { linkIn, waitForMail } from "./accounts";
import { guestAddress } from "./checkout";

/** Another person's phone (Pixel 7 whatever the project), coming from an address of its own. */
export async function phone(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const { defaultBrowserType: _, ...device } = devices["Pixel 7"];
  const context = await browser.newContext({ ...device, baseURL, extraHTTPHeaders: guestAddress() });
  return context.newPage();
}

/**
 * The owner (signed in on `page`) invites `staff` as 'Equipe de limpeza'; staff accept from the email on a
 * phone of their own and land on 'Hoje' (issue 49). Returns staff's page (close its context when done).
 */
export async function inviteCleaningStaff(
  page: Page,
  browser: Browser,
  baseURL: string | undefined,
  hostName: string,
  staff: { name: string; email: string; password: string },
): Promise<Page> {
  await page.goto("/team");
  await page.getByLabel("E-mail", { exact: true }).fill(staff.email);
  await page.getByLabel("Papel", { exact: true }).selectOption({ label: "Equipe de limpeza" });
  await page.getByRole("button", { name: "Enviar convite" }).click();
  await expect(page.getByRole("status").getByText("Convite enviado.")).toBeVisible();
  const staffPage = await phone(browser, baseURL);
  const mail = await waitForMail(staffPage, staff.email, `Convite para a equipe de ${hostName} no Estadia`);
  await staffPage.goto(await linkIn(mail, "/convite?token="));
  await staffPage.getByLabel("Nome completo").fill(staff.name);
  await staffPage.getByLabel("Senha", { exact: true }).fill(staff.password);
  await staffPage.getByRole("button", { name: "Criar conta e entrar" }).click();
  await expect(staffPage).toHaveURL("/hoje");
  return staffPage;
}
