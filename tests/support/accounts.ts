// Helpers for the account tests against the built app: a tiny cookie-keeping browser, the dev outbox,
// and a confirmed account made the way a host makes one (sign-up form + confirmation link).
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { type OutboxMessage, readOutbox } from "~/platform/mail/outbox.server";
import type { RunningServer } from "./server-process";

export const SESSION_COOKIE = "estadia.session_token";

export type Page = {
  status: number;
  /** The Location header, as sent (a path for the app's own redirects). */
  location: string | null;
  /** The Retry-After header: seconds until a throttled request is accepted again. */
  retryAfter: string | null;
  /** Raw Set-Cookie headers of this response. */
  setCookies: string[];
  body: string;
};

/** A browser as far as the server can tell: keeps cookies, sends Origin on POSTs, never follows redirects. */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly origin: string | null;
  readonly ip: string | undefined;
  readonly host: string | undefined;
  readonly forwardedProto: string | undefined;

  /**
   * `origin: null` sends no Origin (as curl does); `ip` goes in X-Forwarded-For; `host` and
   * `forwardedProto` make the requests look like they came through a TLS-terminating proxy.
   */
  constructor(
    readonly server: { url: string },
    options: { origin?: string | null; ip?: string; host?: string; forwardedProto?: string } = {},
  ) {
    this.origin = options.origin === undefined ? server.url : options.origin;
    this.ip = options.ip;
    this.host = options.host;
    this.forwardedProto = options.forwardedProto;
  }

  get sessionToken(): string | undefined {
    for (const [name, value] of this.cookies) if (name.endsWith(SESSION_COOKIE)) return value;
    return undefined;
  }

  async get(pathOrUrl: string, headers: Record<string, string> = {}): Promise<Page> {
    return this.send(pathOrUrl, { method: "GET", headers });
  }

  async post(
    pathOrUrl: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<Page> {
    return this.send(pathOrUrl, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(this.origin === null ? {} : { origin: this.origin }),
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
  }

  private async send(
    pathOrUrl: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ) {
    const headers: Record<string, string> = { ...init.headers };
    if (this.ip && !("x-forwarded-for" in headers)) headers["x-forwarded-for"] = this.ip;
    if (this.host) headers.host = this.host;
    if (this.forwardedProto) headers["x-forwarded-proto"] = this.forwardedProto;
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (cookie) headers.cookie = cookie;
    const page = await request(onServer(pathOrUrl, this.server.url), { ...init, headers });
    for (const line of page.setCookies) this.keep(line);
    return page;
  }

  private keep(setCookie: string) {
    const [pair = "", ...attributes] = setCookie.split(";");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => {
      const [k = "", v = ""] = a.split("=").map((s) => s.trim());
      if (k.toLowerCase() === "max-age") return Number(v) <= 0;
      if (k.toLowerCase() === "expires") return new Date(v).getTime() <= Date.now();
      return false;
    });
    if (expired || value === "") this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/** One HTTP request with node:http (unlike fetch, it lets the Host header be set), redirects not followed. */
export function request(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<Page> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method, headers: init.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => {
        const setCookie = res.headers["set-cookie"] ?? [];
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location ?? null,
          retryAfter: res.headers["retry-after"] ?? null,
          setCookies: Array.isArray(setCookie) ? setCookie : [setCookie],
          body,
        });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

/** A link the app built from APP_URL (maybe a public https origin), aimed at the test server instead. */
export function onServer(pathOrUrl: string, serverUrl: string): string {
  const url = new URL(pathOrUrl, serverUrl);
  return `${serverUrl}${url.pathname}${url.search}`;
}

/** The attributes of one Set-Cookie line, lower-cased names (`httponly`, `samesite`, `path`...). */
export function cookieAttributes(setCookie: string): {
  name: string;
  value: string;
  attrs: Map<string, string>;
} {
  const [pair = "", ...rest] = setCookie.split(";");
  const eq = pair.indexOf("=");
  const attrs = new Map<string, string>();
  for (const a of rest) {
    const i = a.indexOf("=");
    const key = (i === -1 ? a : a.slice(0, i)).trim().toLowerCase();
    attrs.set(key, i === -1 ? "" : a.slice(i + 1).trim());
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attrs };
}

let uniqueCounter = 0;

/** An address nobody else in the run uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@example.com`;
}

/** A made-up client address (TEST-NET-2) for servers that believe X-Forwarded-For, unique in the file. */
export function uniqueIp(): string {
  uniqueCounter += 1;
  return `198.51.${Math.floor(uniqueCounter / 250) % 256}.${(uniqueCounter % 250) + 1}`;
}

export function outbox(server: { dataDir: string }): OutboxMessage[] {
  return readOutbox(path.join(server.dataDir, "outbox"));
}

export function mailsTo(server: { dataDir: string }, email: string, subject?: string): OutboxMessage[] {
  return outbox(server).filter((m) => m.to.includes(email) && (!subject || m.subject === subject));
}

/** Waits (mail goes out after the answer) until `count` messages to `email` exist; returns them, newest first. */
export async function waitForMails(
  server: { dataDir: string },
  email: string,
  subject: string,
  count = 1,
  timeoutMs = 10_000,
): Promise<OutboxMessage[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsTo(server, email, subject);
    if (found.length >= count) return found;
    if (Date.now() > deadline) {
      throw new Error(`expected ${count} '${subject}' to ${email}, found ${found.length}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Gives asynchronous mail a moment, then says how many messages to `email` exist. */
export async function mailCountAfterPause(server: { dataDir: string }, email: string, pauseMs = 1_000) {
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
  return mailsTo(server, email).length;
}

export const CONFIRMATION_SUBJECT = "Confirme seu e-mail no Estadia";
export const RECOVERY_SUBJECT = "Redefinir sua senha no Estadia";

/** The first http(s) link of a message's text part. */
export function linkIn(message: OutboxMessage): string {
  const link = /https?:\/\/\S+/.exec(message.text)?.[0];
  if (!link) throw new Error(`no link in '${message.subject}':\n${message.text}`);
  return link;
}

export type Account = { name: string; email: string; password: string };

/** Signs up through the form and opens the confirmation link; the browser comes out signed in. */
export async function createConfirmedAccount(
  server: RunningServer,
  options: { label?: string; password?: string; browser?: Browser; ip?: string } = {},
): Promise<Account & { browser: Browser }> {
  const account = {
    name: "Maria Teste",
    email: uniqueEmail(options.label ?? "host"),
    password: options.password ?? "senha-certa-123",
  };
  const browser = options.browser ?? new Browser(server, { ip: options.ip });
  const signup = await browser.post("/auth", { intent: "signup", ...account });
  if (signup.status !== 200)
    throw new Error(`sign-up answered ${signup.status}: ${signup.body.slice(0, 300)}`);
  const [mail] = await waitForMails(server, account.email, CONFIRMATION_SUBJECT);
  if (!mail) throw new Error("no confirmation mail");
  const confirmed = await browser.get(linkIn(mail));
  if (confirmed.status !== 302 || !browser.sessionToken) {
    throw new Error(`confirmation link answered ${confirmed.status} ${confirmed.location ?? ""}`);
  }
  return { ...account, browser };
}

/** A browser of its own (its own client address) signed in through the form; throws when sign-in fails. */
export async function signedInBrowser(
  server: Browser["server"],
  email: string,
  password: string,
): Promise<Browser> {
  const browser = new Browser(server, { ip: uniqueIp() });
  const res = await signIn(browser, email, password);
  if (res.status !== 302 || !browser.sessionToken) throw new Error(`sign-in answered ${res.status}`);
  return browser;
}

/** Signs in through the form; the page the server answered. */
export function signIn(
  browser: Browser,
  email: string,
  password: string,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Page> {
  return browser.post("/auth", { intent: "login", email, password, ...extra }, headers);
}

/**
 * The throttles count in fixed windows aligned on the clock. A test that needs its hits to land in one
 * window waits for the next one when fewer than `neededSeconds` are left in this one.
 */
export async function roomInWindow(windowSeconds: number, neededSeconds: number): Promise<void> {
  const ms = windowSeconds * 1000;
  const left = ms - (Date.now() % ms);
  if (left < neededSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

export const TOO_MANY = /Muitas tentativas\. Tente novamente em \d+ minutos?\./;

/** Asks for a recovery link through the form and returns the link mailed for it and its token. */
export async function requestResetLink(
  server: RunningServer,
  browser: Browser,
  email: string,
): Promise<{ link: string; token: string }> {
  const before = mailsTo(server, email, RECOVERY_SUBJECT).length;
  const asked = await browser.post("/auth", { intent: "recover", email });
  if (asked.status !== 302) throw new Error(`recovery answered ${asked.status}: ${asked.body.slice(0, 300)}`);
  const [mail] = await waitForMails(server, email, RECOVERY_SUBJECT, before + 1);
  if (!mail) throw new Error("no recovery mail");
  const link = linkIn(mail);
  const token = new URL(link).pathname.split("/").at(-1) ?? "";
  return { link, token };
}

/** Posts the reset form the way the browser does: to the page's own URL, token included. */
export function submitNewPassword(
  browser: Browser,
  token: string,
  password: string,
  confirmation = password,
) {
  return browser.post(`/reset-password?token=${encodeURIComponent(token)}`, {
    token,
    password,
    confirmation,
  });
}
