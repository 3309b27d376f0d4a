// Password recovery against the built app on PostgreSQL (the expired-link case edits the token's row):
// no account enumeration, one mail per request, single-use and expiring links, and what a reset ends.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetLinkKey } from "~/platform/auth/reset-links.server";
import {
  Browser,
  createConfirmedAccount,
  mailCountAfterPause,
  mailsTo,
  RECOVERY_SUBJECT,
  requestResetLink,
  signIn,
  submitNewPassword,
  uniqueEmail,
  uniqueIp,
  waitForMails,
} from "../support/accounts";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { type RunningServer, removeDir, startServer } from "../support/server-process";

const WRONG_CREDENTIALS = "E-mail ou senha incorretos.";
const RESET_LINK_USED = "estadia_flash=reset-link-used";

const available = await postgresAvailable();

describe.runIf(available)("password recovery", () => {
  let database: ThrowawayDatabase;
  let server: RunningServer;
  let appUrl: string;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    // Every browser gets its own forwarded address, so the per-address limits (10 sign-ups and 10
    // recovery requests an hour) never decide a test here; accounts-throttling tests those.
    server = await startServer({ DATABASE_URL: database.url, TRUSTED_IP_HEADER: "x-forwarded-for" });
    appUrl = `http://localhost:${server.port}`; // APP_URL's default: every emailed link starts with it
  });

  afterAll(async () => {
    await server?.stop();
    if (server) removeDir(server.dataDir);
    await database?.drop();
  });

  const client = () => new Browser(server, { ip: uniqueIp() });

  async function sql(text: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return await client.query(text, values);
    } finally {
      await client.end();
    }
  }

  /** What a caller can observe of an answer to the recovery form. */
  async function askForLink(email: string) {
    const page = await client().post("/auth", { intent: "recover", email });
    return { status: page.status, location: page.location, setCookies: page.setCookies, body: page.body };
  }

  it("answers an unknown address exactly like a known one, and mails only the known one", async () => {
    const host = await createConfirmedAccount(server, { label: "known", ip: uniqueIp() });
    const unknown = uniqueEmail("unknown");

    const forUnknown = await askForLink(unknown);
    const forKnown = await askForLink(host.email);

    expect(forKnown).toEqual(forUnknown);
    expect(forKnown.status).toBe(302);
    expect(forKnown.location).toBe("/auth");
    expect(forKnown.setCookies).toEqual(["estadia_flash=recovery-sent; Path=/; Max-Age=60; SameSite=Lax"]);

    const [mail] = await waitForMails(server, host.email, RECOVERY_SUBJECT);
    expect(mail?.to).toBe(host.email);
    expect(mail?.text).toMatch(
      new RegExp(`${appUrl}/api/auth/reset-password/[A-Za-z0-9_-]+\\?callbackURL=%2Freset-password`),
    );
    // Asked for first: had it been mailed, it would be in the outbox by now.
    expect(await mailCountAfterPause(server, unknown, 500)).toBe(0);
    expect(mailsTo(server, host.email, RECOVERY_SUBJECT)).toHaveLength(1);
  });

  it("opens the reset form from the link once: a second use changes nothing", async () => {
    const host = await createConfirmedAccount(server, { label: "once", ip: uniqueIp() });
    const browser = client();
    const { link, token } = await requestResetLink(server, browser, host.email);

    const opened = await browser.get(link);
    expect(opened.status).toBe(302);
    expect(opened.location).toBe(`${appUrl}/reset-password?token=${token}`);
    const form = await browser.get(`/reset-password?token=${token}`);
    expect(form.status).toBe(200);
    expect(form.body).toContain("Redefinir Senha");
    expect(form.body).toContain(`value="${token}"`);

    await submitNewPassword(browser, token, "primeira-nova-1");
    expect((await signIn(client(), host.email, "primeira-nova-1")).status).toBe(302);

    const reused = await submitNewPassword(client(), token, "segunda-nova-2");
    expect(reused.status).toBe(302);
    expect(reused.location).toBe("/auth?view=recuperar");
    expect(reused.setCookies.join("\n")).toContain(RESET_LINK_USED);
    expect((await signIn(client(), host.email, "segunda-nova-2")).status).toBe(401);
    expect((await signIn(client(), host.email, "primeira-nova-1")).status).toBe(302);

    // The link itself and the form behind it refuse the spent token.
    const linkAgain = await client().get(link);
    expect(linkAgain.status).toBe(302);
    expect(linkAgain.location).toBe(`${appUrl}/reset-password?error=INVALID_TOKEN`);
    const formAgain = await client().get(`/reset-password?token=${token}`);
    expect(formAgain.status).toBe(302);
    expect(formAgain.location).toBe("/auth?view=recuperar");
  });

  it("refuses a confirmation that differs, keeping the password and the link", async () => {
    const host = await createConfirmedAccount(server, { label: "mismatch", ip: uniqueIp() });
    const browser = client();
    const { token } = await requestResetLink(server, browser, host.email);

    const refused = await submitNewPassword(browser, token, "nova-senha-1", "nova-senha-2");
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("As senhas não coincidem");
    expect((await signIn(client(), host.email, "nova-senha-1")).status).toBe(401);
    expect((await signIn(client(), host.email, host.password)).status).toBe(302);
    // The link was not spent by the refused attempt.
    expect((await browser.get(`/reset-password?token=${token}`)).status).toBe(200);
  });

  // Post/redirect/get: the success page has no token in its URL, so a reload cannot meet the spent token.
  it("answers a successful reset with the success page", async () => {
    const host = await createConfirmedAccount(server, { label: "success-page", ip: uniqueIp() });
    const browser = client();
    const { token } = await requestResetLink(server, browser, host.email);
    const done = await submitNewPassword(browser, token, "senha-nova-789");
    expect({ status: done.status, location: done.location }).toEqual({
      status: 302,
      location: "/reset-password?concluido=1",
    });
    expect(done.setCookies.join("\n")).not.toContain(RESET_LINK_USED);
    const page = await browser.get("/reset-password?concluido=1");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Senha atualizada com sucesso!");
    expect(page.body).toContain('content="2;url=/auth"');
  });

  it("changes the password: the old one is refused, the new one works", async () => {
    const host = await createConfirmedAccount(server, { label: "changed", ip: uniqueIp() });
    const browser = client();
    const { token } = await requestResetLink(server, browser, host.email);
    await submitNewPassword(browser, token, "senha-trocada-9");

    const old = await signIn(client(), host.email, host.password);
    expect(old.status).toBe(401);
    expect(old.body).toContain(WRONG_CREDENTIALS);
    const fresh = client();
    const signedIn = await signIn(fresh, host.email, "senha-trocada-9");
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/dashboard");
    expect((await fresh.get("/dashboard")).status).toBe(200);
  });

  it("ends every session the account had before the reset", async () => {
    const host = await createConfirmedAccount(server, { label: "sessions", ip: uniqueIp() });
    const laptop = host.browser; // signed in by the confirmation link
    const phone = client();
    expect((await signIn(phone, host.email, host.password)).status).toBe(302);
    for (const browser of [laptop, phone]) expect((await browser.get("/dashboard")).status).toBe(200);

    const someoneElse = client();
    const { token } = await requestResetLink(server, someoneElse, host.email);
    await submitNewPassword(someoneElse, token, "senha-depois-1");
    expect((await signIn(client(), host.email, "senha-depois-1")).status).toBe(302);

    for (const browser of [laptop, phone]) {
      expect(browser.sessionToken).toBeDefined(); // the cookie is still there; the server no longer honours it
      const page = await browser.get("/dashboard");
      expect(page.status).toBe(302);
      expect(page.location).toBe("/auth");
    }
  });

  it("refuses an expired link, and the password stays", async () => {
    const host = await createConfirmedAccount(server, { label: "expired", ip: uniqueIp() });
    const browser = client();
    const { link, token } = await requestResetLink(server, browser, host.email);
    const expired = await sql(
      "update verification set expires_at = now() - interval '1 minute' where identifier = $1",
      [await resetLinkKey(`reset-password:${token}`)],
    );
    expect(expired.rowCount).toBe(1);

    const opened = await browser.get(link);
    expect(opened.status).toBe(302);
    expect(opened.location).toBe(`${appUrl}/reset-password?error=INVALID_TOKEN`);
    const form = await browser.get(`/reset-password?token=${token}`);
    expect(form.status).toBe(302);
    expect(form.location).toBe("/auth?view=recuperar");
    expect(form.setCookies.join("\n")).toContain(RESET_LINK_USED);

    const posted = await submitNewPassword(browser, token, "tarde-demais-1");
    expect(posted.status).toBe(302);
    expect(posted.location).toBe("/auth?view=recuperar");
    expect((await signIn(client(), host.email, "tarde-demais-1")).status).toBe(401);
    expect((await signIn(client(), host.email, host.password)).status).toBe(302);
  });

  // Issue 15: a copy of an older recovery email (a shared inbox, a forwarded message) changed the
  // password again after the owner had reset it with the newer one.
  it("leaves no older link working once a newer one is asked for, and none at all after a reset", async () => {
    const host = await createConfirmedAccount(server, { label: "two-links", ip: uniqueIp() });
    const owner = client();
    const older = await requestResetLink(server, owner, host.email);
    const newer = await requestResetLink(server, owner, host.email);
    expect(newer.token).not.toBe(older.token);

    const olderOpened = await client().get(older.link);
    expect(olderOpened.location).toBe(`${appUrl}/reset-password?error=INVALID_TOKEN`);

    const done = await submitNewPassword(owner, newer.token, "senha-da-dona-1");
    expect(done.location).toBe("/reset-password?concluido=1");
    const intruder = await submitNewPassword(client(), older.token, "senha-do-intruso-1");
    expect(intruder.status).toBe(302);
    expect(intruder.location).toBe("/auth?view=recuperar");
    expect(intruder.setCookies.join("\n")).toContain(RESET_LINK_USED);
    expect((await signIn(client(), host.email, "senha-do-intruso-1")).status).toBe(401);
    expect((await signIn(client(), host.email, "senha-da-dona-1")).status).toBe(302);
  });

  it("keeps reset links in the database only as hashes", async () => {
    const host = await createConfirmedAccount(server, { label: "hashed", ip: uniqueIp() });
    const { token } = await requestResetLink(server, client(), host.email);
    const { rows } = await sql("select identifier, value from verification");
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.map((r) => r.identifier)).toContain(await resetLinkKey(`reset-password:${token}`));
  });
});
