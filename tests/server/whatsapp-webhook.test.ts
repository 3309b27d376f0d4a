// WhatsApp on the built app (issue 50, ADR 0054), through its pages and /webhooks/whatsapp as Meta and a
// member's browser reach them, with the Cloud API fake on this machine: Meta's verification answers the
// challenge only to our verify token; a member's code arrives on the fake; a forged status is refused and
// changes nothing; Meta's real 'delivered' (signed over the raw body) marks the message delivered on the
// member's page; a replay, and a late 'sent', change nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hubSignature } from "~/platform/whatsapp/hub-signature";
import { type Account, type Browser, createConfirmedAccount } from "../support/accounts";
import { type RunningServer, removeDir, startServer } from "../support/server-process";
import { startWhatsAppFake, WHATSAPP_TEST_CONFIG, type WhatsAppFake } from "../support/whatsapp-fake";

let server: RunningServer;
let fake: WhatsAppFake;
let host: Account & { browser: Browser };

const PHONE = "(48) 99876-5432";
const DIGITS = "5548998765432";

/** The text of the page's 'Mensagens recentes' list. */
async function recentMessages(browser: Browser): Promise<string> {
  const page = await browser.get("/notificacoes");
  expect(page.status).toBe(200);
  const list = /<ul aria-label="Mensagens recentes"[\s\S]*?<\/ul>/.exec(page.body)?.[0] ?? "";
  return list
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

async function poll<T>(read: () => Promise<T> | T, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  fake = await startWhatsAppFake();
  server = await startServer({
    WHATSAPP_TOKEN: WHATSAPP_TEST_CONFIG.token,
    WHATSAPP_PHONE_NUMBER_ID: WHATSAPP_TEST_CONFIG.phoneNumberId,
    WHATSAPP_APP_SECRET: WHATSAPP_TEST_CONFIG.appSecret,
    WHATSAPP_VERIFY_TOKEN: WHATSAPP_TEST_CONFIG.verifyToken,
    WHATSAPP_API_URL: fake.url,
  });
  host = await createConfirmedAccount(server, { label: "whatsapp" });
});

afterAll(async () => {
  await fake?.close();
  if (!server) return;
  await server.stop();
  removeDir(server.dataDir);
});

describe("/webhooks/whatsapp", () => {
  it("answers Meta's verification with the challenge only for our verify token", async () => {
    const verify = (token: string, mode = "subscribe") =>
      fetch(
        `${server.url}/webhooks/whatsapp?hub.mode=${mode}&hub.challenge=1158201444&hub.verify_token=${encodeURIComponent(token)}`,
      );
    const good = await verify(WHATSAPP_TEST_CONFIG.verifyToken);
    expect([good.status, await good.text()]).toEqual([200, "1158201444"]);
    expect((await verify("not-our-token")).status).toBe(403);
    expect((await verify(WHATSAPP_TEST_CONFIG.verifyToken, "unsubscribe")).status).toBe(403);
  });

  it("refuses a forged status, marks the real 'delivered', and changes nothing on a replay", async () => {
    const sent = await host.browser.post("/notificacoes", { intent: "send-code", phone: PHONE });
    expect(sent.status).toBe(200);
    expect(sent.body).toContain("Enviamos um código para +55 48 99876-5432 no WhatsApp.");
    const [code] = await poll(
      () => fake.to(DIGITS),
      (m) => m.length === 1,
      "the code on the fake",
    );
    expect(code?.template).toBe("estadia_codigo");
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${WHATSAPP_TEST_CONFIG.token}`);
    await poll(
      () => recentMessages(host.browser),
      (t) => t.includes("Aceita pelo WhatsApp"),
      "accepted",
    );

    const wamid = code?.wamid ?? "";
    const delivered = fake.statusWebhook(wamid, "delivered");
    // Signed with another secret, or the body changed after signing: refused, nothing stored.
    const forged = await fetch(`${server.url}/webhooks/whatsapp`, {
      method: "POST",
      headers: {
        ...delivered.headers,
        "x-hub-signature-256": hubSignature("forged-secret-0000", delivered.body),
      },
      body: delivered.body,
    });
    expect(forged.status).toBe(401);
    const tampered = await fetch(`${server.url}/webhooks/whatsapp`, {
      method: "POST",
      headers: delivered.headers,
      body: delivered.body.replace('"delivered"', '"read"'),
    });
    expect(tampered.status).toBe(401);
    const unsigned = await fetch(`${server.url}/webhooks/whatsapp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: delivered.body,
    });
    expect(unsigned.status).toBe(401);
    expect(await recentMessages(host.browser)).toContain("Aceita pelo WhatsApp");

    const real = await fetch(`${server.url}/webhooks/whatsapp`, {
      method: "POST",
      headers: delivered.headers,
      body: delivered.body,
    });
    expect([real.status, await real.json()]).toEqual([200, { received: true }]);
    const after = await recentMessages(host.browser);
    expect(after).toMatch(/Código de confirmação Entregue WhatsApp para \+55 48 99876-5432/);

    const replay = await fetch(`${server.url}/webhooks/whatsapp`, {
      method: "POST",
      headers: delivered.headers,
      body: delivered.body,
    });
    expect(replay.status).toBe(200);
    const late = await fake.notify(server.url, wamid, "sent");
    expect(late.status).toBe(200);
    expect(await recentMessages(host.browser)).toBe(after);
  });

  it("confirms the number with the code that reached the fake", async () => {
    const code = fake.to(DIGITS).at(-1)?.parameters[0] ?? "";
    const confirmed = await host.browser.post("/notificacoes", { intent: "confirm-code", code });
    expect(confirmed.body).toContain("WhatsApp confirmado.");
    expect(confirmed.body).toContain("+55 48 99876-5432");
  });
});
