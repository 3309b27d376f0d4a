// The account doors' throttles, seen from outside: what a caller gets once a limit is reached, which
// bucket a request counts against, and that the limit holds under concurrent requests on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Browser,
  CONFIRMATION_SUBJECT,
  createConfirmedAccount,
  mailCountAfterPause,
  mailsTo,
  RECOVERY_SUBJECT,
  requestResetLink,
  roomInWindow,
  signIn,
  submitNewPassword,
  TOO_MANY,
  uniqueEmail,
  uniqueIp,
  waitForMails,
} from "../support/accounts";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { type RunningServer, removeDir, startServer } from "../support/server-process";

const WRONG_CREDENTIALS = "E-mail ou senha incorretos.";
const EXISTING_ACCOUNT_SUBJECT = "Você já tem uma conta no Estadia";
const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 60 * 60;
// A throttle test waits for a fresh window when the current one is about to end (see roomInWindow).
const ROOM = 60;
const SLOW = 150_000;

const pgAvailable = await postgresAvailable();

// Behind a proxy that sets X-Forwarded-For: each test plays its own clients with their own addresses.
let proxied: RunningServer;
// The peer address is the client (no TRUSTED_IP_HEADER), on PostgreSQL.
let direct: RunningServer | undefined;
let database: ThrowawayDatabase | undefined;

beforeAll(async () => {
  database = pgAvailable ? await createThrowawayDatabase() : undefined;
  [proxied, direct] = await Promise.all([
    startServer({ TRUSTED_IP_HEADER: "x-forwarded-for" }),
    database ? startServer({ DATABASE_URL: database.url }) : Promise.resolve(undefined),
  ]);
});

afterAll(async () => {
  for (const server of [proxied, direct]) {
    if (!server) continue;
    await server.stop();
    removeDir(server.dataDir);
  }
  await database?.drop();
});

describe("sign-in per account", () => {
  it(
    "refuses the 11th attempt on an account after 10 wrong passwords, even with the right one, and only that account",
    async () => {
      await roomInWindow(FIFTEEN_MINUTES, ROOM);
      const victim = await createConfirmedAccount(proxied, { label: "victim", ip: uniqueIp() });
      const neighbour = await createConfirmedAccount(proxied, { label: "neighbour", ip: uniqueIp() });
      const attacker = new Browser(proxied, { ip: uniqueIp() });

      for (let i = 1; i <= 10; i++) {
        const page = await signIn(attacker, victim.email, `chute-${i}`);
        expect(page.status, `attempt ${i}`).toBe(401);
        expect(page.body).toContain(WRONG_CREDENTIALS);
      }
      const right = await signIn(attacker, victim.email, victim.password);
      expect(right.status).toBe(429);
      expect(right.body).toMatch(TOO_MANY);
      // Retry-After carries in seconds the wait the page gives in minutes.
      const seconds = Number(right.retryAfter);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(FIFTEEN_MINUTES);
      const minutes = Math.ceil(seconds / 60);
      expect(right.body).toContain(`Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`);
      expect(attacker.sessionToken).toBeUndefined();

      // The lock is on the account: the owner's own address does not get them in either...
      const owner = new Browser(proxied, { ip: uniqueIp() });
      const ownerTry = await signIn(owner, victim.email.toUpperCase(), victim.password);
      expect(ownerTry.status).toBe(429);
      expect(owner.sessionToken).toBeUndefined();

      // ...while another account signs in from the attacker's address.
      const other = await signIn(attacker, neighbour.email, neighbour.password);
      expect(other.status).toBe(302);
      expect(other.location).toBe("/dashboard");
      expect(attacker.sessionToken).toBeDefined();
    },
    SLOW,
  );

  it(
    "gives back the attempts that proved the password",
    async () => {
      await roomInWindow(FIFTEEN_MINUTES, ROOM);
      const host = await createConfirmedAccount(proxied, { label: "given-back", ip: uniqueIp() });
      const ip = uniqueIp();
      // A fresh browser each time: a signed-in one is sent on to the dashboard whatever it posts.
      const attempt = (password: string) => signIn(new Browser(proxied, { ip }), host.email, password);
      for (let i = 1; i <= 9; i++) expect((await attempt(`errada-${i}`)).status).toBe(401);
      expect((await attempt(host.password)).status).toBe(302);
      // Had the success counted, this would be attempt 11.
      expect((await attempt("errada-10")).status).toBe(401);
      expect((await attempt(host.password)).status).toBe(429);
    },
    SLOW,
  );

  it(
    "lets the locked-out owner in at once after resetting the password",
    async () => {
      await roomInWindow(FIFTEEN_MINUTES, ROOM);
      const host = await createConfirmedAccount(proxied, { label: "locked", ip: uniqueIp() });
      const attacker = new Browser(proxied, { ip: uniqueIp() });
      for (let i = 1; i <= 10; i++) await signIn(attacker, host.email, `chute-${i}`);
      const owner = new Browser(proxied, { ip: uniqueIp() });
      expect((await signIn(owner, host.email, host.password)).status).toBe(429);

      const { token } = await requestResetLink(proxied, owner, host.email);
      await submitNewPassword(owner, token, "senha-nova-456");

      const back = await signIn(owner, host.email, "senha-nova-456");
      expect(back.status).toBe(302);
      expect(back.location).toBe("/dashboard");
      expect(owner.sessionToken).toBeDefined();
    },
    SLOW,
  );
});

describe("sign-in from a browser the account signed in from before", () => {
  it(
    "lets the owner in with the right password while the account is locked for everyone else",
    async () => {
      await roomInWindow(FIFTEEN_MINUTES, ROOM);
      const host = await createConfirmedAccount(proxied, { label: "known-device", ip: uniqueIp() });
      const laptop = new Browser(proxied, { ip: uniqueIp() });
      expect((await signIn(laptop, host.email, host.password)).status).toBe(302);
      expect(laptop.cookies.has("estadia_known_device")).toBe(true);
      // Signed out: the session ends, the browser stays one the account has used.
      expect((await laptop.post("/sign-out", {})).location).toBe("/");
      expect(laptop.sessionToken).toBeUndefined();

      const attacker = new Browser(proxied, { ip: uniqueIp() });
      for (let i = 1; i <= 10; i++) await signIn(attacker, host.email, `chute-${i}`);
      expect((await signIn(attacker, host.email, host.password)).status).toBe(429);
      expect((await signIn(new Browser(proxied, { ip: uniqueIp() }), host.email, host.password)).status).toBe(
        429,
      );

      const back = await signIn(laptop, host.email, host.password);
      expect(back.status).toBe(302);
      expect(back.location).toBe("/dashboard");
      expect((await laptop.get("/dashboard")).status).toBe(200);
    },
    SLOW,
  );

  it(
    "gives that browser 10 failures of its own, after which it waits like anyone else",
    async () => {
      await roomInWindow(FIFTEEN_MINUTES, ROOM);
      const host = await createConfirmedAccount(proxied, { label: "known-typos", ip: uniqueIp() });
      const phone = new Browser(proxied, { ip: uniqueIp() });
      expect((await signIn(phone, host.email, host.password)).status).toBe(302);
      await phone.post("/sign-out", {});
      for (let i = 1; i <= 10; i++) expect((await signIn(phone, host.email, `errada-${i}`)).status).toBe(401);
      expect((await signIn(phone, host.email, host.password)).status).toBe(429);
      // Its failures were its own: the account is not locked for another browser.
      expect((await signIn(new Browser(proxied, { ip: uniqueIp() }), host.email, host.password)).status).toBe(
        302,
      );
    },
    SLOW,
  );
});

describe("sign-in per client address", () => {
  it(
    "refuses an address after 50 failed sign-ins on any accounts, and only that address",
    async () => {
      await roomInWindow(FIFTEEN_MINUTES, ROOM);
      const busy = uniqueIp();
      const spraying = new Browser(proxied, { ip: busy });
      // Ten at a time: the order does not matter, every one of the 50 is within the limit.
      for (let batch = 0; batch < 5; batch++) {
        const pages = await Promise.all(
          Array.from({ length: 10 }, () => signIn(spraying, uniqueEmail("spray"), "senha-qualquer")),
        );
        expect(pages.map((p) => p.status)).toEqual(Array(10).fill(401));
      }
      const next = await signIn(spraying, uniqueEmail("spray"), "senha-qualquer");
      expect(next.status).toBe(429);
      expect(next.body).toMatch(TOO_MANY);

      // The proxy appends the real address last; what the client put in front does not matter.
      const disguised = await signIn(
        new Browser(proxied),
        uniqueEmail("spray"),
        "senha-qualquer",
        {},
        {
          "x-forwarded-for": `${uniqueIp()}, ${busy}`,
        },
      );
      expect(disguised.status).toBe(429);

      const elsewhere = await signIn(new Browser(proxied, { ip: uniqueIp() }), uniqueEmail("spray"), "x");
      expect(elsewhere.status).toBe(401);
      expect(elsewhere.body).toContain(WRONG_CREDENTIALS);
    },
    SLOW,
  );
});

describe("sign-up per client address", () => {
  it(
    "refuses the 11th sign-up from one address within the hour, creating nothing",
    async () => {
      await roomInWindow(HOUR, ROOM);
      const browser = new Browser(proxied, { ip: uniqueIp() });
      const signUp = (email: string) =>
        browser.post("/auth", { intent: "signup", name: "Ana Limite", email, password: "senha-123" });
      for (let i = 1; i <= 10; i++) {
        const page = await signUp(uniqueEmail("signup"));
        expect(page.status, `sign-up ${i}`).toBe(200);
        expect(page.body).toContain("Conta criada com sucesso!");
      }
      const refusedEmail = uniqueEmail("signup-refused");
      const refused = await signUp(refusedEmail);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatch(TOO_MANY);
      expect(refused.body).not.toContain("Conta criada com sucesso!");

      const elsewhereEmail = uniqueEmail("signup-elsewhere");
      const elsewhere = await new Browser(proxied, { ip: uniqueIp() }).post("/auth", {
        intent: "signup",
        name: "Ana Limite",
        email: elsewhereEmail,
        password: "senha-123",
      });
      expect(elsewhere.status).toBe(200);
      await waitForMails(proxied, elsewhereEmail, CONFIRMATION_SUBJECT);
      expect(await mailCountAfterPause(proxied, refusedEmail, 500)).toBe(0);
    },
    SLOW,
  );
});

describe("sign-up of an address that already has an account", () => {
  it(
    "answers every attempt alike but tells the address's owner at most 5 times in the hour",
    async () => {
      await roomInWindow(HOUR, ROOM);
      const host = await createConfirmedAccount(proxied, { label: "existing", ip: uniqueIp() });
      const answers = [];
      for (let i = 1; i <= 8; i++) {
        // Each from its own address, as a flood spread over many clients would come.
        const page = await new Browser(proxied, { ip: uniqueIp() }).post("/auth", {
          intent: "signup",
          name: "Outra Pessoa",
          email: host.email,
          password: "qualquer-123",
        });
        answers.push({ status: page.status, created: page.body.includes("Conta criada com sucesso!") });
      }
      expect(answers).toEqual(Array.from({ length: 8 }, () => ({ status: 200, created: true })));
      await waitForMails(proxied, host.email, EXISTING_ACCOUNT_SUBJECT, 5);
      await mailCountAfterPause(proxied, host.email, 1_000);
      expect(mailsTo(proxied, host.email, EXISTING_ACCOUNT_SUBJECT)).toHaveLength(5);
    },
    SLOW,
  );
});

describe("recovery", () => {
  it(
    "refuses the 11th request from one address within the hour and sends nothing for it",
    async () => {
      await roomInWindow(HOUR, ROOM);
      const host = await createConfirmedAccount(proxied, { label: "recovery-ip", ip: uniqueIp() });
      const browser = new Browser(proxied, { ip: uniqueIp() });
      for (let i = 1; i <= 10; i++) {
        const page = await browser.post("/auth", { intent: "recover", email: uniqueEmail("nobody") });
        expect(page.status, `request ${i}`).toBe(302);
        expect(page.location).toBe("/auth");
      }
      const refused = await browser.post("/auth", { intent: "recover", email: host.email });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatch(TOO_MANY);

      const elsewhere = await new Browser(proxied, { ip: uniqueIp() }).post("/auth", {
        intent: "recover",
        email: host.email,
      });
      expect(elsewhere.status).toBe(302);
      expect(elsewhere.location).toBe("/auth");
      // One link: the one asked for from elsewhere.
      await waitForMails(proxied, host.email, RECOVERY_SUBJECT);
      await mailCountAfterPause(proxied, host.email, 500);
      expect(mailsTo(proxied, host.email, RECOVERY_SUBJECT)).toHaveLength(1);
    },
    SLOW,
  );

  it(
    "answers the 6th request for one address alike but mails only 5 links in the hour",
    async () => {
      await roomInWindow(HOUR, ROOM);
      const host = await createConfirmedAccount(proxied, { label: "recovery-address", ip: uniqueIp() });
      const answers = [];
      for (let i = 1; i <= 6; i++) {
        const page = await new Browser(proxied, { ip: uniqueIp() }).post("/auth", {
          intent: "recover",
          email: host.email,
        });
        answers.push({ status: page.status, location: page.location, setCookies: page.setCookies });
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0]).toMatchObject({ status: 302, location: "/auth" });
      await waitForMails(proxied, host.email, RECOVERY_SUBJECT, 5);
      await mailCountAfterPause(proxied, host.email, 1_000);
      expect(mailsTo(proxied, host.email, RECOVERY_SUBJECT)).toHaveLength(5);
    },
    SLOW,
  );
});

describe.runIf(pgAvailable)("on PostgreSQL, with the TCP peer as the client", () => {
  it(
    "lets exactly 10 of 30 simultaneous wrong passwords for one account through to the password check",
    async () => {
      const server = direct as RunningServer;
      await roomInWindow(FIFTEEN_MINUTES, ROOM);
      const host = await createConfirmedAccount(server, { label: "burst" });
      const pages = await Promise.all(
        Array.from({ length: 30 }, (_, i) => signIn(new Browser(server), host.email, `rajada-${i}`)),
      );
      const statuses = pages.map((p) => p.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      // And the account stays locked for the right password too.
      expect((await signIn(new Browser(server), host.email, host.password)).status).toBe(429);
    },
    SLOW,
  );

  it(
    "does not give a fresh bucket to a request with a forged X-Forwarded-For",
    async () => {
      const server = direct as RunningServer;
      await roomInWindow(FIFTEEN_MINUTES, ROOM);
      // Every attempt claims another address; all come from 127.0.0.1, whose 50 attempts this uses up
      // (fewer if the test above already spent some of them).
      let failed = 0;
      let refused: Awaited<ReturnType<typeof signIn>> | undefined;
      while (!refused && failed <= 50) {
        const page = await signIn(new Browser(server, { ip: uniqueIp() }), uniqueEmail("forged"), "x");
        if (page.status === 429) refused = page;
        else {
          expect(page.status).toBe(401);
          failed++;
        }
      }
      expect(refused?.body).toMatch(TOO_MANY);
      expect(failed).toBeLessThanOrEqual(50);
      const again = await signIn(new Browser(server, { ip: uniqueIp() }), uniqueEmail("forged"), "x");
      expect(again.status).toBe(429);
    },
    SLOW,
  );
});
