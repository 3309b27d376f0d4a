// The landing sign-up form posted the way a browser without JavaScript posts it, against the built app:
// the redirect into registration, the refusal of a bad email, the honeypot and the limit per address.
// On PostgreSQL (when available) the test also reads what was stored while the app runs.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_TEXT } from "../../server/request-body";
import { Browser, roomInWindow, uniqueIp } from "../support/accounts";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { type RunningServer, removeDir, startServer } from "../support/server-process";

const HOUR = 60 * 60;
const LIMIT = 10;

const pgAvailable = await postgresAvailable();
let database: ThrowawayDatabase | undefined;
let server: RunningServer;
let run = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}-${++run}@example.com`;

beforeAll(async () => {
  database = pgAvailable ? await createThrowawayDatabase() : undefined;
  server = await startServer({ TRUSTED_IP_HEADER: "x-forwarded-for", DATABASE_URL: database?.url });
});

afterAll(async () => {
  if (server) {
    await server.stop();
    removeDir(server.dataDir);
  }
  await database?.drop();
});

/** The stored leads with this email (PostgreSQL only: PGlite is locked by the running app). */
async function stored(address: string) {
  const client = new pg.Client({ connectionString: database?.url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select full_name, email, phone, properties_count, language, created_at from leads where email = $1",
      [address],
    );
    return rows;
  } finally {
    await client.end();
  }
}

function lead(fields: Record<string, string>) {
  return { name: "", phone: "", propertiesCount: "", language: "pt-BR", website: "", ...fields };
}

describe("a lead posted without JavaScript", () => {
  it("redirects (303) to registration on the 'Criar conta' tab with the name and email filled in", async () => {
    const browser = new Browser(server, { ip: uniqueIp() });
    const address = email("ana");
    const page = await browser.post(
      "/leads",
      lead({
        name: "Ana Souza",
        email: address,
        phone: "(48) 99999-0000",
        propertiesCount: "3",
        language: "en",
      }),
    );
    expect(page.status).toBe(303);
    expect(page.location).toBe(`/auth?tab=criar-conta&name=Ana+Souza&email=${encodeURIComponent(address)}`);

    const registration = await browser.get(page.location ?? "");
    expect(registration.status).toBe(200);
    expect(registration.body).toContain('value="Ana Souza"');
    expect(registration.body).toContain(`value="${address}"`);
  });

  it.skipIf(!pgAvailable)("stores the lead with its language and time", async () => {
    const browser = new Browser(server, { ip: uniqueIp() });
    const address = email("bruno");
    const before = Date.now();
    await browser.post(
      "/leads",
      lead({
        name: "Bruno Lima",
        email: address,
        phone: "+55 11 98888-7777",
        propertiesCount: "12",
        language: "es",
      }),
    );
    const rows = await stored(address);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      full_name: "Bruno Lima",
      phone: "+55 11 98888-7777",
      properties_count: "12",
      language: "es",
    });
    expect(new Date(rows[0].created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it.each([
    ["pt-BR", "Informe um e-mail válido, como nome@exemplo.com."],
    ["en", "Enter a valid email address, like name@example.com."],
    ["es", "Ingresa un correo electrónico válido, como nombre@ejemplo.com."],
  ])(
    "refuses an invalid email with a clear message in the form's language (%s)",
    async (language, message) => {
      const browser = new Browser(server, { ip: uniqueIp() });
      const page = await browser.post(
        "/leads",
        lead({ name: "Carla Dias", email: "carla-sem-arroba", language }),
      );
      expect(page.status).toBe(400);
      expect(page.body).toContain(`<main lang="${language}"`);
      expect(page.body).toMatch(new RegExp(`<p id="[^"]+-error" role="alert"[^>]*>${message}</p>`));
      expect(page.body).toMatch(/<input type="email"[^>]*aria-invalid="true"[^>]*value="carla-sem-arroba"/);
      expect(page.body).toContain('value="Carla Dias"');
    },
  );

  it("answers a filled honeypot like a person, and stores nothing", async () => {
    const browser = new Browser(server, { ip: uniqueIp() });
    const address = email("robo");
    const page = await browser.post(
      "/leads",
      lead({ name: "Robô", email: address, website: "https://spam.example" }),
    );
    expect(page.status).toBe(303);
    expect(page.location).toBe(`/auth?tab=criar-conta&name=Rob%C3%B4&email=${encodeURIComponent(address)}`);
    if (pgAvailable) expect(await stored(address)).toHaveLength(0);
  });

  it(`accepts ${LIMIT} leads an hour from one address, then refuses with 429 while other addresses go on`, async () => {
    await roomInWindow(HOUR, 60); // a wait of up to 60 s: 120 s timeout
    const ip = uniqueIp();
    const browser = new Browser(server, { ip });
    for (let i = 1; i <= LIMIT; i++) {
      const page = await browser.post("/leads", lead({ email: email(`lote${i}`) }));
      expect(page.status, `lead ${i}`).toBe(303);
    }
    const address = email("excesso");
    const refused = await browser.post("/leads", lead({ email: address }));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatch(/Muitos envios deste endereço\. Tente novamente em \d+ minutos?\./);
    if (pgAvailable) expect(await stored(address)).toHaveLength(0);

    const neighbour = new Browser(server, { ip: uniqueIp() });
    expect((await neighbour.post("/leads", lead({ email: email("vizinho") }))).status).toBe(303);
  }, 120_000);

  it("refuses a form sent from another site", async () => {
    const browser = new Browser(server, { ip: uniqueIp(), origin: "https://evil.example" });
    const page = await browser.post("/leads", lead({ email: email("csrf") }));
    expect(page.status).toBe(403);
  });

  it("refuses a body that is not a form with 415, never a server error", async () => {
    const res = await fetch(`${server.url}/leads`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": uniqueIp() },
      body: JSON.stringify({ email: "json@example.com" }),
    });
    expect(res.status).toBe(415);
    expect(await res.text()).toBe(BODY_TEXT.formOnly);
  });
});

describe("the /leads page", () => {
  it("shows the form on its own, in the language asked for, kept out of search results", async () => {
    const page = await new Browser(server).get("/leads?lang=es");
    expect(page.status).toBe(200);
    expect(page.body).toContain('<main lang="es"');
    expect(page.body).toContain("Empieza gratis hoy");
    expect(page.body).toContain('<meta name="robots" content="noindex"/>');
  });
});
