// ADR 0018: in development on the embedded database, the first start on an empty database creates the demo
// data and prints where it is; a second start creates nothing; production creates nothing.
import { afterAll, describe, expect, it } from "vitest";
import { Browser, signIn } from "../support/accounts";
import {
  PRODUCTION_PAYMENTS,
  type RunningServer,
  removeDir,
  startServer,
  tempDataDir,
} from "../support/server-process";

const PRODUCTION = {
  APP_ENV: "production",
  AUTH_SECRET: "x".repeat(40),
  ...PRODUCTION_PAYMENTS,
};

/** The lines the server printed once it listened (they may arrive just after /healthz answers). */
async function printed(server: RunningServer, needle: string): Promise<string> {
  await expect.poll(() => server.output(), { timeout: 30_000 }).toContain(needle);
  return server.output();
}

function demoLogin(output: string) {
  const [, email = "", password = ""] = /Demo login: (\S+) \/ (\S+)/.exec(output) ?? [];
  return { email, password };
}

const shopUrl = (output: string) => /Demo shop: +(\S+)/.exec(output)?.[1] ?? "";

describe("the first start in development on an empty embedded database", () => {
  const dataDir = tempDataDir();
  afterAll(() => removeDir(dataDir));

  it("creates the demo data and prints the URL, the demo login, the demo shop and the dev outbox", async () => {
    const server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: "auto" });
    try {
      const output = await printed(server, "Dev outbox:");
      const appUrl = `http://localhost:${server.port}`;
      expect(output).toContain(`Estadia is running at ${appUrl}`);
      expect(output).toContain("Demo data created (the database was empty).");
      expect(output).toContain(`Dev outbox: ${appUrl}/dev/outbox`);
      expect(demoLogin(output)).toEqual({ email: "demo@estadia.dev", password: "estadia123" });

      const shop = shopUrl(output);
      expect(shop).toMatch(new RegExp(`^${appUrl}/i/[\\w-]{22}$`));
      const page = await fetch(shop);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Casa da Praia");
      expect(html).toContain("Água mineral 500 ml");
      expect(html).toContain("Protetor solar FPS 50");
      // Foreign guests read the demo in their language (issue 49).
      const english = await (await fetch(shop, { headers: { "accept-language": "en-US,en;q=0.9" } })).text();
      expect(english).toContain("Sunscreen SPF 50");
      expect(english).toContain("Breakfast");
      const spanish = await (await fetch(shop, { headers: { "accept-language": "es-AR,es;q=0.9" } })).text();
      expect(spanish).toContain("Protector solar FPS 50");
      expect(spanish).toContain("Desayuno");

      const { email, password } = demoLogin(output);
      const signedIn = await signIn(new Browser(server), email, password);
      expect(signedIn.status).toBe(302);
      expect(signedIn.location).toBe("/dashboard");
    } finally {
      await server.stop();
    }
  });

  it("prints the same addresses on the next start and creates nothing more", async () => {
    const server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: "auto" });
    try {
      const output = await printed(server, "Dev outbox:");
      expect(output).toContain("The database already has data: nothing was created.");
      expect(output).not.toContain("Demo data created");
      expect(demoLogin(output).email).toBe("demo@estadia.dev");
      const browser = new Browser(server);
      expect((await signIn(browser, "demo@estadia.dev", "estadia123")).status).toBe(302);
      // Still the two demo properties, one 'Casa da Praia' among them, with the same shop.
      const properties = await browser.get("/properties");
      expect(properties.body.match(/aria-label="Editar [^"]+"/g)).toEqual([
        'aria-label="Editar Apartamento Centro"',
        'aria-label="Editar Casa da Praia"',
      ]);
      expect((await fetch(shopUrl(output))).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe("no demo data", () => {
  it.each([
    ["in production", PRODUCTION],
    ["with DEMO_DATA=off", { DEMO_DATA: "off" }],
  ])("%s: an empty database stays empty and nothing is printed", async (_case, env) => {
    const server = await startServer({ ...env, LOG_LEVEL: "warn" });
    try {
      expect((await signIn(new Browser(server), "demo@estadia.dev", "estadia123")).status).toBe(401);
      expect(server.output()).not.toContain("Demo");
      expect(server.output()).not.toContain("Estadia is running at");
    } finally {
      await server.stop();
      removeDir(server.dataDir);
    }
  });

  it("on a database that already has an account: nothing is created, the demo login is not offered", async () => {
    const dataDir = tempDataDir();
    try {
      const first = await startServer({ DATA_DIR: dataDir, DEMO_DATA: "off" });
      const host = new Browser(first);
      const signup = await host.post("/auth", {
        intent: "signup",
        name: "Maria Teste",
        email: "maria@example.com",
        password: "senha-certa-123",
      });
      expect(signup.status).toBe(200);
      await first.stop();

      const server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: "auto" });
      try {
        const output = await printed(server, "Dev outbox:");
        expect(output).toContain("The database already has data: nothing was created.");
        expect(output).not.toContain("Demo login");
        expect(output).not.toContain("Demo shop");
        expect((await signIn(new Browser(server), "demo@estadia.dev", "estadia123")).status).toBe(401);
      } finally {
        await server.stop();
      }
    } finally {
      removeDir(dataDir);
    }
  });
});
