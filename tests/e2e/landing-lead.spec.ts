// The landing sign-up form in a real browser: it lands on registration with the name and email filled in,
// the lead is stored, and a bad email is explained without leaving the page.
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";
import { type RunningServer, removeDir, startServer } from "../support/server-process";
import { signupForm, uniqueEmail } from "./support/accounts";
import { hydrated } from "./support/landing";

test("a visitor leaves their details and lands on registration with them filled in", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "lead");
  await page.goto("/");
  await page.getByRole("main").getByRole("link", { name: "Comece Agora" }).click();
  const form = page.getByRole("region", { name: "Comece grátis hoje" });
  await form.getByLabel("Nome completo").fill("Lúcia Prado");
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Telefone (WhatsApp)").fill("(71) 98888-1234");
  await form.getByLabel("Quantos imóveis você tem?").fill("4");
  await form.getByRole("button", { name: "Criar minha conta grátis" }).click();

  await expect(page).toHaveURL(/\/auth\?tab=criar-conta&/);
  await expect(page.getByRole("tab", { name: "Criar conta" })).toHaveAttribute("aria-selected", "true");
  const registration = signupForm(page);
  await expect(registration.name).toHaveValue("Lúcia Prado");
  await expect(registration.email).toHaveValue(email);
});

test("an invalid email is explained in the page's language, and focus goes to the field", async ({
  page,
}) => {
  await page.goto("/es#registro");
  // Until hydration the post would be a plain one (a full page answer, tested without JavaScript below).
  await hydrated(page);
  const form = page.getByRole("region", { name: "Empieza gratis hoy" });
  const email = form.getByLabel("Correo electrónico");
  await email.fill("maria-sin-arroba");
  await form.getByRole("button", { name: "Crear mi cuenta gratis" }).click();
  await expect(
    form.getByText("Ingresa un correo electrónico válido, como nombre@ejemplo.com."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/es#registro$/);
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toBeFocused();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form is a plain post: a bad email comes back explained, a good one goes on to registration", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "lead-nojs");
    await page.goto("/en#sign-up");
    let form = page.getByRole("region", { name: "Start free today" });
    await form.getByLabel("Full name").fill("Noah Silva");
    await form.getByLabel("Email").fill("noah-at-example");
    await form.getByRole("button", { name: "Create my free account" }).click();

    await expect(page).toHaveURL("/leads?lang=en");
    await expect(page).toHaveTitle("Start free | Estadia");
    await expect(page.getByText("Enter a valid email address, like name@example.com.")).toBeVisible();
    form = page.getByRole("main");
    await expect(form.getByLabel("Full name")).toHaveValue("Noah Silva");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Create my free account" }).click();

    await expect(page).toHaveURL(/\/auth\?tab=criar-conta&/);
    await expect(signupForm(page).name).toHaveValue("Noah Silva");
    await expect(signupForm(page).email).toHaveValue(email);
  });
});

test.describe("on a server of its own", () => {
  let server: RunningServer;

  test.beforeEach(async () => {
    server = await startServer({ LOG_LEVEL: "warn" });
  });

  test.afterEach(async () => {
    if (!server) return;
    await server.stop();
    removeDir(server.dataDir);
  });

  test("the lead is stored with its language", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "lead-stored");
    // The app's own origin (APP_URL defaults to http://localhost:<port>), so the same-origin check passes.
    await page.goto(`http://localhost:${server.port}/en#sign-up`);
    const form = page.getByRole("region", { name: "Start free today" });
    await form.getByLabel("Full name").fill("Tom Reyes");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("How many properties do you have?").fill("2");
    await form.getByRole("button", { name: "Create my free account" }).click();
    await expect(page).toHaveURL(/\/auth\?tab=criar-conta&/);
    await expect(signupForm(page).email).toHaveValue(email);

    // PGlite belongs to the running app; read it once the app has stopped.
    await server.stop();
    const db = await PGlite.create(path.join(server.dataDir, "db"));
    try {
      const { rows } = await db.query<{ full_name: string; properties_count: string; language: string }>(
        "select full_name, properties_count, language from leads where email = $1",
        [email],
      );
      expect(rows).toEqual([{ full_name: "Tom Reyes", properties_count: "2", language: "en" }]);
    } finally {
      await db.close();
    }
  });
});
