// Sessions and the doors around them, against the built app: cookie flags (plain and https), the
// cross-origin guard, confirmation before the first sign-in, global sign-out, the back-office guard,
// safe redirects, and the better-auth endpoints that must stay closed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  Browser,
  CONFIRMATION_SUBJECT,
  cookieAttributes,
  createConfirmedAccount,
  linkIn,
  mailCountAfterPause,
  SESSION_COOKIE,
  signIn,
  uniqueEmail,
  waitForMails,
} from "../support/accounts";
import { PRODUCTION_PAYMENTS, type RunningServer, removeDir, startServer } from "../support/server-process";

const PUBLIC_HOST = "estadia.example";
const PUBLIC_ORIGIN = `https://${PUBLIC_HOST}`;
const CROSS_ORIGIN_REFUSED = "Envio recusado: o formulário não veio do site do Estadia.";
const EVIL = "https://evil.example";

// The developer's setup (APP_URL left to its http://localhost default) and a production-like one behind https.
let local: RunningServer;
let https: RunningServer;
// One confirmed host for the tests that only sign in (sign-up is limited to 10 an hour per address).
let host: Account & { browser: Browser };

beforeAll(async () => {
  [local, https] = await Promise.all([
    startServer(),
    startServer({
      APP_URL: PUBLIC_ORIGIN,
      APP_ENV: "production",
      AUTH_SECRET: "a-test-secret-that-is-long-enough-0123456789",
      ...PRODUCTION_PAYMENTS,
    }),
  ]);
  host = await createConfirmedAccount(local, { label: "shared" });
});

afterAll(async () => {
  for (const server of [local, https]) {
    if (!server) continue;
    await server.stop();
    removeDir(server.dataDir);
  }
});

function sessionCookieOf(setCookies: string[]) {
  const line = setCookies.find((c) => c.split("=")[0]?.endsWith(SESSION_COOKIE));
  return line ? cookieAttributes(line) : undefined;
}

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Lax and for the whole site, and not Secure-only over plain http", async () => {
    const page = await signIn(new Browser(local), host.email, host.password);
    expect(page.status).toBe(302);
    expect(page.location).toBe("/dashboard");
    const cookie = sessionCookieOf(page.setCookies);
    expect(cookie?.name).toBe(SESSION_COOKIE);
    expect(cookie?.value).not.toBe("");
    expect(cookie?.attrs.has("httponly")).toBe(true);
    expect(cookie?.attrs.get("samesite")?.toLowerCase()).toBe("lax");
    expect(cookie?.attrs.get("path")).toBe("/");
    expect(cookie?.attrs.has("secure")).toBe(false);
    expect(page.setCookies).toContain("estadia_flash=login-ok; Path=/; Max-Age=60; SameSite=Lax");
  });

  it("is Secure, with the __Secure- prefix, when APP_URL is https", async () => {
    // Through the proxy, but without an Origin header (as curl posts): browsers' posts hit the bug below.
    const viaProxy = () => new Browser(https, { origin: null, host: PUBLIC_HOST, forwardedProto: "https" });
    const secureHost = await createConfirmedAccount(https, { label: "secure-cookie", browser: viaProxy() });
    const [mail] = await waitForMails(https, secureHost.email, CONFIRMATION_SUBJECT);
    expect(mail && linkIn(mail).startsWith(`${PUBLIC_ORIGIN}/api/auth/verify-email?token=`)).toBe(true);

    const page = await signIn(viaProxy(), secureHost.email, secureHost.password);
    expect(page.status).toBe(302);
    expect(page.location).toBe("/dashboard");
    const cookie = sessionCookieOf(page.setCookies);
    expect(cookie?.name).toBe(`__Secure-${SESSION_COOKIE}`);
    expect(cookie?.attrs.has("secure")).toBe(true);
    expect(cookie?.attrs.has("httponly")).toBe(true);
    expect(cookie?.attrs.get("samesite")?.toLowerCase()).toBe("lax");
    expect(cookie?.attrs.get("path")).toBe("/");
    expect(page.setCookies).toContain("estadia_flash=login-ok; Path=/; Max-Age=60; SameSite=Lax; Secure");
  });

  // Express trusts X-Forwarded-Proto from a private-network proxy, so React Router sees the public https URL.
  it("accepts a browser's sign-in posted through the https proxy", async () => {
    const browser = new Browser(https, { origin: PUBLIC_ORIGIN, host: PUBLIC_HOST, forwardedProto: "https" });
    const page = await signIn(browser, uniqueEmail("proxy"), "qualquer-senha");
    expect(page.status).toBe(401); // the password check ran (and found no such account)
    expect(page.body).toContain("E-mail ou senha incorretos.");
  });
});

describe("a form posted from another site", () => {
  it("is refused with 403 and creates no account", async () => {
    const email = uniqueEmail("csrf");
    const password = "senha-csrf-1";
    const forged = new Browser(local, { origin: EVIL });
    const signup = await forged.post("/auth", { intent: "signup", name: "Eva Forjada", email, password });
    expect(signup.status).toBe(403);
    expect(signup.body).toBe(CROSS_ORIGIN_REFUSED);
    expect(signup.setCookies).toEqual([]);

    // A browser that sends no Origin but says the request is cross-site gets the same answer.
    const noOrigin = await fetch(`${local.url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      body: new URLSearchParams({ intent: "signup", name: "Eva Forjada", email, password }).toString(),
      redirect: "manual",
    });
    expect(noOrigin.status).toBe(403);
    expect(await noOrigin.text()).toBe(CROSS_ORIGIN_REFUSED);

    expect(await mailCountAfterPause(local, email)).toBe(0);
    const later = await signIn(new Browser(local), email, password);
    expect(later.status).toBe(401);
    expect(later.body).toContain("E-mail ou senha incorretos.");
  });

  it("does not sign anybody in, even with the right password", async () => {
    const page = await signIn(new Browser(local, { origin: EVIL }), host.email, host.password);
    expect(page.status).toBe(403);
    expect(sessionCookieOf(page.setCookies)).toBeUndefined();
  });
});

describe("a new account", () => {
  it("cannot sign in before confirming; a resent link confirms it and signs the host in", async () => {
    const account = { name: "Rita Nova", email: uniqueEmail("unconfirmed"), password: "senha-nova-1" };
    const browser = new Browser(local);
    const signup = await browser.post("/auth", { intent: "signup", ...account });
    expect(signup.status).toBe(200);
    expect(signup.body).toContain(
      "Conta criada com sucesso! Verifique seu e-mail para confirmar o registro.",
    );
    await waitForMails(local, account.email, CONFIRMATION_SUBJECT);

    const early = await signIn(browser, account.email, account.password);
    expect(early.status).toBe(403);
    expect(early.body).toContain("Confirme seu e-mail antes de entrar");
    expect(browser.sessionToken).toBeUndefined();

    const resend = await browser.post("/auth", { intent: "resend", email: account.email });
    expect(resend.status).toBe(200);
    const [newest] = await waitForMails(local, account.email, CONFIRMATION_SUBJECT, 2);
    if (!newest) throw new Error("no second confirmation mail");
    const link = linkIn(newest);
    expect(link).toMatch(
      new RegExp(`^http://localhost:${local.port}/api/auth/verify-email\\?token=[^&]+&callbackURL=`),
    );

    const confirmed = await browser.get(link);
    expect(confirmed.status).toBe(302);
    const landing = new URL(confirmed.location ?? "", local.url);
    expect(`${landing.pathname}${landing.search}`).toBe("/auth?confirmado=1");
    expect(sessionCookieOf(confirmed.setCookies)?.value).toBeTruthy();

    const auth = await browser.get(`${landing.pathname}${landing.search}`);
    expect(auth.status).toBe(302);
    expect(auth.location).toBe("/dashboard");
    expect(auth.setCookies.join("\n")).toContain("estadia_flash=email-confirmed");
    expect((await browser.get("/dashboard")).status).toBe(200);

    // And from now on the password works on its own.
    expect((await signIn(new Browser(local), account.email, account.password)).status).toBe(302);
  });

  it("gets the same answer when the address already has an account, and no second account", async () => {
    const owner = await createConfirmedAccount(local, { label: "taken" });
    const again = await new Browser(local).post("/auth", {
      intent: "signup",
      name: "Outra Pessoa",
      email: owner.email,
      password: "outra-senha-1",
    });
    expect(again.status).toBe(200);
    expect(again.body).toContain("Conta criada com sucesso! Verifique seu e-mail para confirmar o registro.");
    expect((await signIn(new Browser(local), owner.email, "outra-senha-1")).status).toBe(401);
    expect((await signIn(new Browser(local), owner.email, owner.password)).status).toBe(302);
  });
});

describe("signing out", () => {
  it("ends the sessions of every browser of the user", async () => {
    // Its own account: signing out ends every session of the user.
    const user = await createConfirmedAccount(local, { label: "sign-out" });
    const laptop = user.browser;
    const phone = new Browser(local);
    expect((await signIn(phone, user.email, user.password)).status).toBe(302);
    expect((await laptop.get("/dashboard")).status).toBe(200);
    expect((await phone.get("/dashboard")).status).toBe(200);
    const laptopToken = laptop.sessionToken;

    const out = await laptop.post("/sign-out", {});
    expect(out.status).toBe(302);
    expect(out.location).toBe("/");
    expect(laptop.sessionToken).toBeUndefined(); // the cookie was cleared

    const phoneAfter = await phone.get("/dashboard");
    expect(phoneAfter.status).toBe(302);
    expect(phoneAfter.location).toBe("/auth");
    // Replaying the laptop's old cookie does not work either.
    const replay = new Browser(local);
    replay.cookies.set(SESSION_COOKIE, laptopToken ?? "");
    expect((await replay.get("/dashboard")).status).toBe(302);
  });
});

describe("the back office", () => {
  const pages = ["/dashboard", "/sales", "/properties", "/products", "/inventory", "/withdrawals"];

  it.each(pages)(
    "sends a signed-out visitor of %s to the sign-in page, remembering the page",
    async (path) => {
      const page = await new Browser(local).get(path);
      expect(page.status).toBe(302);
      expect(page.location).toBe(
        path === "/dashboard" ? "/auth" : `/auth?redirectTo=${encodeURIComponent(path)}`,
      );
    },
  );

  it("opens every page to a signed-in host, and /auth sends them on to the dashboard", async () => {
    for (const path of pages) {
      const page = await host.browser.get(path);
      expect(page.status, path).toBe(200);
    }
    const auth = await host.browser.get("/auth");
    expect(auth.status).toBe(302);
    expect(auth.location).toBe("/dashboard");
  });

  it("brings the host back to the page asked for after signing in", async () => {
    const page = await signIn(new Browser(local), host.email, host.password, {
      redirectTo: "/sales?pagina=2",
    });
    expect(page.status).toBe(302);
    expect(page.location).toBe("/sales?pagina=2");
  });

  it.each([EVIL, "//evil.example", "/\\evil.example", "https:evil.example"])(
    "sends the host to the dashboard instead of redirectTo=%s",
    async (redirectTo) => {
      const page = await signIn(new Browser(local), host.email, host.password, { redirectTo });
      expect(page.status).toBe(302);
      expect(page.location).toBe("/dashboard");
    },
  );
});

// Issue 15: text that starts with one slash but that a browser may follow to another site.
const DISGUISED_ELSEWHERE = [
  "/..//evil.example/phish",
  "/.%2e//evil.example/phish",
  "/%2e%2e//evil.example",
  "/%2F%2Fevil.example",
  "/%5Cevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/a/..//evil.example",
];

describe("the return path after signing in", () => {
  /** Where a browser goes with a Location header the app sent: must be this site. */
  const origin = (location: string | null) => new URL(location ?? "", local.url).origin;

  it.each(DISGUISED_ELSEWHERE)(
    "keeps a signed-in host on this site when /auth is asked for redirectTo=%j",
    async (redirectTo) => {
      const page = await host.browser.get(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
      expect(page.status).toBe(302);
      expect(origin(page.location)).toBe(local.url);
      expect(page.location).toBe("/dashboard");
    },
  );

  it.each(DISGUISED_ELSEWHERE)(
    "keeps a host who signs in with redirectTo=%j on this site",
    async (redirectTo) => {
      const page = await signIn(new Browser(local), host.email, host.password, { redirectTo });
      expect(page.status).toBe(302);
      expect(origin(page.location)).toBe(local.url);
      expect(page.location).toBe("/dashboard");
    },
  );

  it("sends a session that ended during a data request to sign in for the page, not for its data", async () => {
    // What React Router's script asks for when the host moves to Produtos after the session has ended.
    const res = await fetch(`${local.url}/products.data?_routes=routes%2Fbackoffice%2Fproducts`);
    const body = await res.text();
    expect(body).toContain('"/auth?redirectTo=%2Fproducts"');
    expect(body).not.toContain(".data");
    const page = await signIn(new Browser(local), host.email, host.password, {
      redirectTo: "/products.data",
    });
    expect(page.location).toBe("/products");
  });
});

describe("the doors that must stay closed", () => {
  it.each([
    ["POST", "/api/auth/sign-in/email"],
    ["POST", "/api/auth/sign-up/email"],
    ["POST", "/api/auth/sign-out"],
    ["POST", "/api/auth/request-password-reset"],
    ["GET", "/api/auth/get-session"],
    ["GET", "/api/auth/list-sessions"],
  ])("answers 404 to better-auth's %s %s", async (method, path) => {
    const res = await fetch(`${local.url}${path}`, {
      method,
      headers: {
        origin: local.url,
        cookie: `${SESSION_COOKIE}=${host.browser.sessionToken}`,
        ...(method === "POST" ? { "content-type": "application/json" } : {}),
      },
      body: method === "POST" ? JSON.stringify({ email: host.email, password: host.password }) : undefined,
      redirect: "manual",
    });
    expect(res.status).toBe(404);
    expect(res.headers.getSetCookie()).toEqual([]);
    await res.body?.cancel();
  });

  it("shows the dev outbox in development only", async () => {
    const dev = await new Browser(local).get("/dev/outbox");
    expect(dev.status).toBe(200);
    expect(dev.body).toContain(CONFIRMATION_SUBJECT); // accounts were made above: their mail is listed
    const production = await new Browser(https).get("/dev/outbox");
    expect(production.status).toBe(404);
    expect(production.body).not.toContain(CONFIRMATION_SUBJECT);
  });
});
