import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// Chosen once in the runner; worker processes inherit them through the environment.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  "-e",
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "estadia-e2e-"));

const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // CI machines differ: on a slow one (two browsers keep 2 cores at a load of 12) a page may take more than
  // the default 5 s to come, and a journey more than 30 s. Twice the defaults there; a hang still fails.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  reporter: "list",
  use: {
    baseURL,
    // A Brazilian guest's browser (Playwright's default is en-US, which the guest pages now answer in English).
    locale: "pt-BR",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  // A `*.journey.spec.ts` plays several people at once (a cleaner on a phone and an owner at a desk, each in a
  // browser context of its own), so it runs once, not once per device.
  projects: [
    {
      name: "phone",
      testIgnore: /\.journey\.spec\.ts$/,
      use: { ...devices["Pixel 7"], browserName: "chromium" },
    },
    {
      name: "desktop",
      testIgnore: /\.journey\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], browserName: "chromium" },
    },
    {
      name: "journeys",
      testMatch: /\.journey\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], browserName: "chromium" },
    },
  ],
  webServer: {
    // Seeds the demo host (demo@estadia.dev) into the same DATA_DIR, then builds when needed and serves,
    // exactly like `npm run seed && npm start` on a fresh clone.
    command: "npx tsx scripts/seed.ts && node scripts/start.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      APP_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      TRUSTED_IP_HEADER: "x-e2e-client-ip",
      // The calendar journeys serve their feeds from this machine (tests only; refused in production).
      OUTBOUND_ALLOW_LOOPBACK: "1",
    },
  },
});
