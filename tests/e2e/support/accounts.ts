// Shared steps of the account journeys (tests/e2e/accounts-*.spec.ts).
import { randomBytes } from "node:crypto";
import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";

/** Seeded by scripts/seed.ts before the e2e server starts (playwright.config.ts). */
export const DEMO_HOST = { name: "Anfitrião Demo", email: "demo@estadia.dev", password: "estadia123" };

export const MAIL_SUBJECT = {
  confirmation: "Confirme seu e-mail no Estadia",
  recovery: "Redefinir sua senha no Estadia",
} as const;

/**
 * An address no other test (nor the other project, nor an earlier run) uses, so the per-account throttles
 * and the outbox lookups never mix tests up.
 */
export function uniqueEmail(testInfo: TestInfo, label: string): string {
  const suffix = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
  return `${label}-${testInfo.project.name}-${suffix}@example.com`;
}

const rand = () => Math.floor(Math.random() * 250) + 1;

/** The toast region ('Notificações'). */
export function toasts(page: Page): Locator {
  return page.getByRole("region", { name: /^Notificações/ });
}

export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(toasts(page).getByText(text).first()).toBeVisible();
}

/** The login form's fields. `exact` keeps 'Senha' from matching the 'Mostrar senha' toggle. */
export function loginForm(page: Page) {
  const panel = page.getByRole("tabpanel", { name: "Login" });
  return {
    panel,
    email: panel.getByLabel("E-mail", { exact: true }),
    password: panel.getByLabel("Senha", { exact: true }),
    submit: panel.getByRole("button", { name: "Entrar", exact: true }),
  };
}

export function signupForm(page: Page) {
  const panel = page.getByRole("tabpanel", { name: "Criar conta" });
  return {
    panel,
    name: panel.getByLabel("Nome Completo", { exact: true }),
    email: panel.getByLabel("E-mail", { exact: true }),
    password: panel.getByLabel("Senha", { exact: true }),
    submit: panel.getByRole("button", { name: "Criar conta", exact: true }),
  };
}

/** Fills and sends the login form on /auth (the page must already be showing it). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/** Signs in from /auth and waits for the landing page (the dashboard unless `redirectTo` says otherwise). */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  landing = "/dashboard",
): Promise<void> {
  await page.goto("/auth");
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(landing);
}

/** Registers through the 'Criar conta' tab and waits for the success toast. */
export async function register(page: Page, host: { name: string; email: string; password: string }) {
  // The e2e server trusts this header for the client IP (playwright.config.ts): each registration comes
  // from its own address, so the sign-up limit per IP does not turn the suite's many hosts away.
  await page.setExtraHTTPHeaders({ "x-e2e-client-ip": `10.${rand()}.${rand()}.${rand()}` });
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Criar conta" }).click();
  const form = signupForm(page);
  await form.name.fill(host.name);
  await form.email.fill(host.email);
  await form.password.fill(host.password);
  await form.submit.click();
  await expectToast(page, "Conta criada com sucesso! Verifique seu e-mail para confirmar o registro.");
}

/** The outbox entries with this subject sent to this address (the page must be on /dev/outbox). */
function mailsTo(page: Page, to: string, subject: string): Locator {
  return page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2, name: subject, exact: true }) })
    .filter({ has: page.getByText(to, { exact: true }) });
}

/**
 * Opens /dev/outbox and reloads until `count` mails with this subject to this address are there (mail is
 * written after the answer, asynchronously). Returns the newest one.
 */
export async function waitForMail(page: Page, to: string, subject: string, count = 1): Promise<Locator> {
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(mailsTo(page, to, subject)).toHaveCount(count, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  // Newest first.
  return mailsTo(page, to, subject).first();
}

/** How many outbox mails (any subject) went to this address; loads /dev/outbox. */
export async function mailCountTo(page: Page, to: string): Promise<number> {
  await page.goto("/dev/outbox");
  await expect(page.getByRole("heading", { level: 1, name: "Caixa de saída" })).toBeVisible();
  return page
    .getByRole("listitem")
    .filter({ has: page.getByText(to, { exact: true }) })
    .count();
}

/** The link in a mail's body whose address contains `pathPart`. */
export async function linkIn(mail: Locator, pathPart: string): Promise<string> {
  const link = mail.getByRole("link", { name: pathPart });
  await expect(link).toHaveCount(1);
  const href = await link.getAttribute("href");
  expect(href).toContain(pathPart);
  return href ?? "";
}

/** Registers, confirms through the emailed link (which signs in) and signs out again by dropping cookies. */
export async function registerConfirmedHost(
  page: Page,
  host: { name: string; email: string; password: string },
) {
  await register(page, host);
  const mail = await waitForMail(page, host.email, MAIL_SUBJECT.confirmation);
  await page.goto(await linkIn(mail, "/api/auth/verify-email"));
  await expect(page).toHaveURL("/dashboard");
  await page.context().clearCookies();
}
