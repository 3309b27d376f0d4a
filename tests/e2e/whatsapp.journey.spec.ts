// Issue 50 end to end, through the screens, on a server of its own with WhatsApp configured to the Cloud
// API fake it mounts in development (/dev/whatsapp; /dev/outbox shows what reached each phone): the owner
// confirms a number with the code the fake received and chooses stock alerts and damage deadlines; a stock
// alert and a damage deadline reach them; a cleaner confirms theirs and receives a run due today, and never
// anything about money; a guest who ticked 'Recibir el comprobante por WhatsApp' gets the receipt in
// Spanish. Meta's statuses (sent by the fake, signed) show as 'Entregue' on each member's page.

import { spawn } from "node:child_process";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { addDays, formatDay, saoPauloDay } from "~/lib/dates";
import { parseBrCode } from "~/lib/pix-brcode";
import { freePort } from "../support/free-port";
import { type RunningServer, removeDir, startServer, tempDataDir } from "../support/server-process";
import { DEMO_HOST, expectToast, linkIn, submitLogin, waitForMail } from "./support/accounts";
import { guestAddress } from "./support/checkout";
import { createButton, missingTick, openStockPage } from "./support/restock";

const PROPERTY = "Casa da Praia";
const OWNER_PHONE = { typed: "(48) 99111-2222", shown: "+55 48 99111-2222" };
const STAFF_PHONE = { typed: "(48) 99333-4444", shown: "+55 48 99333-4444" };
const GUEST_PHONE = { typed: "(11) 98888-7777", shown: "+55 11 98888-7777" };

let server: RunningServer;
let baseURL = "";

test.describe.configure({ timeout: 300_000 });

/** `npm run seed` into this data folder, as the shared e2e server gets it (playwright.config.ts). */
function seed(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", "scripts/seed.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr?.on("data", (d) => {
      errors += d;
    });
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`seed exited ${code}: ${errors}`)),
    );
  });
}

test.beforeAll(async () => {
  // The demo data (pictures included) takes a while on a busy machine.
  test.setTimeout(180_000);
  const [port, dataDir] = [await freePort(), tempDataDir()];
  baseURL = `http://localhost:${port}`;
  await seed(dataDir);
  // A developer's setup (README, WhatsApp): any values, and the API at the server's own fake.
  server = await startServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    WHATSAPP_TOKEN: "dev-token",
    WHATSAPP_PHONE_NUMBER_ID: "dev",
    WHATSAPP_APP_SECRET: "dev-secret",
    WHATSAPP_VERIFY_TOKEN: "dev-verify",
    WHATSAPP_API_URL: `${baseURL}/dev/whatsapp`,
  });
});

test.afterAll(async () => {
  if (!server) return;
  await server.stop();
  removeDir(server.dataDir);
});

async function person(
  browser: Browser,
  options: { locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: guestAddress(), ...options });
  return { context, page: await context.newPage() };
}

/** The texts of the WhatsApp messages /dev/outbox shows for this number, newest first. */
async function whatsappTexts(page: Page, shown: string): Promise<string[]> {
  await page.goto("/dev/outbox");
  return page
    .getByRole("list", { name: "Mensagens de WhatsApp" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: `WhatsApp para ${shown}`, exact: true }) })
    .allInnerTexts();
}

/** Waits until a WhatsApp message to this number says `pattern`; its text. */
async function waitForWhatsApp(page: Page, shown: string, pattern: RegExp): Promise<string> {
  let found = "";
  await expect(async () => {
    found = (await whatsappTexts(page, shown)).find((text) => pattern.test(text)) ?? "";
    expect(found, `a WhatsApp message to ${shown} saying ${pattern}`).not.toBe("");
  }).toPass({ timeout: 20_000 });
  return found;
}

/** Opens 'Notificações' from the avatar menu, as a member finds it. */
async function openNotifications(page: Page) {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Menu da conta" }).click();
  await page.getByRole("menuitem", { name: "Notificações" }).click();
  await expect(page).toHaveURL("/notificacoes");
  await expect(page.getByRole("heading", { level: 1, name: "Notificações" })).toBeVisible();
}

/** Confirms `phone` with the code the fake received, then chooses `events` on WhatsApp, with no quiet hours. */
async function optIn(page: Page, phone: { typed: string; shown: string }, events: string[]) {
  await openNotifications(page);
  await page.getByLabel("Número do WhatsApp").fill(phone.typed);
  await page.getByRole("button", { name: "Enviar código" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Enviamos um código para ${phone.shown} no WhatsApp.` }),
  ).toBeVisible();
  const message = await waitForWhatsApp(page, phone.shown, /é seu código de verificação/);
  const code = /\*(\d{6})\*/.exec(message)?.[1] ?? "";
  await page.goto("/notificacoes");
  await page.getByLabel("Código recebido").fill(code);
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "WhatsApp confirmado." })).toBeVisible();
  await expect(page.getByText(phone.shown).first()).toBeVisible();
  for (const event of events) await page.getByRole("checkbox", { name: `${event} no WhatsApp` }).check();
  await page.getByLabel("Não enviar a partir de").fill("");
  await page.getByLabel("até", { exact: true }).fill("");
  await page.getByRole("button", { name: "Salvar preferências" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Preferências salvas." })).toBeVisible();
}

/** A member's 'Mensagens recentes' line for this event says it was delivered (the fake's signed webhooks). */
async function expectDelivered(page: Page, label: string) {
  await expect(async () => {
    await page.goto("/notificacoes");
    const line = page
      .getByRole("list", { name: "Mensagens recentes" })
      .getByRole("listitem")
      .filter({ hasText: label })
      .first();
    await expect(line).toContainText("Entregue", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

async function runNoticesNow(page: Page) {
  await page.goto("/dev/outbox");
  await page.getByRole("button", { name: "Enviar os avisos agora" }).click();
  await expect(page.getByText(/^Avisos enviados:/)).toBeVisible();
}

const today = () => saoPauloDay(new Date());

test("members opt in with a code, hear their events on WhatsApp, staff never about money; a guest gets the receipt in Spanish", async ({
  browser,
}) => {
  const owner = await person(browser);
  const page = owner.page;
  let staff: Awaited<ReturnType<typeof person>> | undefined;
  try {
    await page.goto("/auth");
    await submitLogin(page, DEMO_HOST.email, DEMO_HOST.password);
    await expect(page).toHaveURL("/dashboard");

    await test.step("the owner confirms a number with the code that reached it, and chooses two events", async () => {
      await optIn(page, OWNER_PHONE, ["Estoque baixo", "Prazo de reclamação de avaria"]);
      await expectDelivered(page, "Código de confirmação");
    });

    await test.step("a product falls to its alert level; two direct stays", async () => {
      await openStockPage(page, PROPERTY);
      const id = /\/properties\/([0-9a-f-]{36})\/products$/.exec(page.url())?.[1] ?? "";
      await page.getByLabel("Quantidade atual de Água mineral 500 ml", { exact: true }).fill("1");
      await page
        .getByLabel("Motivo da baixa de Água mineral 500 ml")
        .selectOption({ label: "Consumido sem pagar" });
      await page.getByRole("button", { name: "Salvar", exact: true }).click();
      await expect(page.getByLabel("Quantidade atual de Água mineral 500 ml", { exact: true })).toHaveValue(
        "1",
      );

      await page.goto(`/properties/${id}/calendarios`);
      for (const [checkIn, checkOut] of [
        [addDays(today(), -14), addDays(today(), -12)],
        [today(), addDays(today(), 3)],
      ] as const) {
        await page.getByLabel("Check-in", { exact: true }).fill(checkIn);
        await page.getByLabel("Check-out", { exact: true }).fill(checkOut);
        await page.getByRole("button", { name: "Adicionar reserva direta" }).click();
        await expectToast(page, "Reserva direta adicionada.");
      }
    });

    await test.step("the owner records a damage of the stay that ended 12 days ago: 2 days left to claim", async () => {
      await page.goto("/avarias/nova");
      await page.getByLabel("Imóvel").selectOption({ label: PROPERTY });
      await expect(page.getByLabel("Estadia").locator("option:checked")).toContainText(
        formatDay(addDays(today(), -14)),
      );
      await page.getByLabel("Título").fill("Espelho do banheiro quebrado");
      await page.getByLabel("Descrição").fill("O espelho apareceu rachado depois da saída.");
      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#999999" } })
        .jpeg()
        .toBuffer();
      await page
        .getByLabel("Fotos")
        .setInputFiles({ name: "espelho.jpg", mimeType: "image/jpeg", buffer: photo });
      await page.getByRole("button", { name: "Registrar avaria" }).click();
      await expect(page).toHaveURL(/\/avarias\/[0-9a-f-]{36}$/);
      await expect(page.getByText(/faltam 2 dias/).first()).toBeVisible();
    });

    staff =
      await test.step("the owner invites a cleaner, who confirms a number and is offered runs and turnovers only", async () => {
        const cleaner = {
          name: "Rosa Limpeza",
          email: `rosa-${Date.now().toString(36)}@example.com`,
          password: "limpeza-123",
        };
        await page.goto("/team");
        await page.getByLabel("E-mail", { exact: true }).fill(cleaner.email);
        await page.getByLabel("Papel", { exact: true }).selectOption({ label: "Equipe de limpeza" });
        await page.getByRole("button", { name: "Enviar convite" }).click();
        await expect(page.getByRole("status").getByText("Convite enviado.")).toBeVisible();
        const them = await person(browser);
        const mail = await waitForMail(
          them.page,
          cleaner.email,
          "Convite para a equipe de Estadia Demo no Estadia",
        );
        await them.page.goto(await linkIn(mail, "/convite?token="));
        await them.page.getByLabel("Nome completo").fill(cleaner.name);
        await them.page.getByLabel("Senha", { exact: true }).fill(cleaner.password);
        await them.page.getByRole("button", { name: "Criar conta e entrar" }).click();
        // Making the account hashes its password: slow on a busy machine.
        await expect(them.page).toHaveURL("/hoje", { timeout: 20_000 });

        await openNotifications(them.page);
        const events = them.page.getByRole("list", { name: "Avisos" }).getByRole("listitem");
        // Runs and the day's turnovers: a cleaner's work, never money.
        await expect(events).toHaveCount(2);
        await expect(events.nth(0)).toContainText("Reposição para hoje ou atrasada");
        await expect(events.nth(1)).toContainText("Trocas de hóspede de hoje");
        for (const money of [
          "Resumo de vendas do dia",
          "Saque pago ou recusado",
          "Consumo não pago",
          "Conta de recebimento",
        ])
          await expect(them.page.getByText(money)).toHaveCount(0);
        await optIn(them.page, STAFF_PHONE, ["Reposição para hoje ou atrasada"]);
        return them;
      });

    await test.step("the owner plans a run for today's check-in", async () => {
      await page.goto("/replacements/create");
      await missingTick(page, "Água mineral 500 ml", PROPERTY).check();
      await createButton(page).click();
      await expect(page).toHaveURL(/\/replacements\/[0-9a-f-]{36}$/);
      await expect(page.getByText(`Entregar até ${formatDay(today())}`).first()).toBeVisible();
    });

    await test.step("the notices go: the stock alert and the damage deadline reach the owner on WhatsApp", async () => {
      await runNoticesNow(page);
      const stock = await waitForWhatsApp(page, OWNER_PHONE.shown, /^Estoque baixo \(/m);
      expect(stock).toContain(`${PROPERTY}: Água mineral 500 ml (1 de 8)`);
      const damage = await waitForWhatsApp(page, OWNER_PHONE.shown, /prazo para reclamar a avaria/);
      expect(damage).toContain(
        `"Espelho do banheiro quebrado" de ${PROPERTY} termina em ${formatDay(addDays(today(), 2))} (faltam 2 dias)`,
      );
      await expectDelivered(page, "Estoque baixo");
      await expectDelivered(page, "Prazo de reclamação de avaria");
    });

    await test.step("the cleaner receives the run, and nothing about money", async () => {
      if (!staff) throw new Error("no cleaner");
      const run = await waitForWhatsApp(staff.page, STAFF_PHONE.shown, /deve ser entregue hoje/);
      expect(run).toContain(`deve ser entregue hoje, ${formatDay(today())}, em ${PROPERTY}`);
      const all = await whatsappTexts(staff.page, STAFF_PHONE.shown);
      expect(all).toHaveLength(2);
      for (const text of all) expect(text).not.toMatch(/R\$/);
      await expectDelivered(staff.page, "Reposição para hoje ou atrasada");
    });
  } finally {
    await staff?.context.close();
  }

  await test.step("a Spanish-speaking guest asks for the receipt on WhatsApp and gets it in Spanish", async () => {
    await page.goto("/properties");
    const shopPath =
      (await page
        .getByRole("link", { name: new RegExp(PROPERTY) })
        .first()
        .getAttribute("href")) ?? "";
    expect(shopPath).toMatch(/^\/i\//);
    const guest = await person(browser, { locale: "es-AR" });
    try {
      const g = guest.page;
      await g.goto(shopPath);
      await g.getByRole("button", { name: "Agregar Granola", exact: true }).click();
      const bar = g.getByRole("link", { name: /Continuar/ });
      await expect(g.getByRole("main")).not.toHaveAttribute("aria-busy", "true");
      await bar.click();
      await g.getByRole("radio", { name: "Pix" }).check();
      await g.getByRole("button", { name: "Continuar" }).click();
      await expect(g.getByRole("heading", { level: 1, name: "Tus datos" })).toBeVisible();
      await g.getByLabel("Nombre completo", { exact: true }).fill("Lucía Fernández");
      await g.getByLabel("Teléfono", { exact: true }).fill(GUEST_PHONE.typed);
      await g.getByRole("checkbox", { name: "Recibir el comprobante por WhatsApp" }).check();
      await g.getByRole("button", { name: "Continuar al pago" }).click();
      await expect(g.getByRole("heading", { level: 1, name: "Pago" })).toBeVisible();
      const code = g.getByRole("textbox", { name: "Código Pix para copiar y pegar" });
      await expect(code).toBeVisible({ timeout: 10_000 });
      const chargeId = /^SBX(\d+)$/.exec(parseBrCode(await code.inputValue())?.txid ?? "")?.[1] ?? "";

      await page.goto("/dev/payments");
      const charge = page.locator(`li[data-charge="${chargeId}"]`);
      await charge.getByRole("button", { name: "Aprovar", exact: true }).click();
      await expect(page.getByRole("status")).toHaveText(
        new RegExp(`^Aprovar: ${chargeId} \\(webhook 2\\d\\d\\)$`),
      );
      await expect(g.getByRole("heading", { level: 1, name: "¡Pago confirmado!" })).toBeVisible({
        timeout: 20_000,
      });

      const receipt = await waitForWhatsApp(page, GUEST_PHONE.shown, /^¡Hola, Lucía!/m);
      expect(receipt).toMatch(
        /El pago del pedido [0-9a-f]{8} en Casa da Praia está confirmado: R\$\s?16,50, el /,
      );
      expect(receipt).toContain("estadia_comprovante (es)");
    } finally {
      await guest.context.close();
    }
  });
  await owner.context.close();
});
