// `npm run bench`: load the built app and a plain node:http server in the same run, and print throughput,
// p99 latency, the ratio to the baseline, and the app's memory. Both servers and the load generator share
// this machine's cores, so compare ratios between runs rather than absolute numbers.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { DEMO_HOST } from "~/domain/demo/demo-host";
import { seedAccounts } from "~/domain/demo/seed-accounts.server";
import { connectDatabase, EMBEDDED_SHARED_BUFFERS } from "~/platform/db/connect.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { freePort } from "../tests/support/free-port";
import {
  createThrowawayDatabase,
  postgresAvailable,
  type ThrowawayDatabase,
} from "../tests/support/postgres";
import { removeDir, startServer } from "../tests/support/server-process";
import { newDeviceId, shopFixture } from "../tests/support/shop-fixtures";
import { benchCheckout, benchContention } from "./bench-checkout";
import { type BenchResult, cpuColumns, measureCpuOf, withCpu } from "./bench-cpu";
import { CONNECTIONS, DURATION_S, load } from "./bench-load";
import { benchSalesPages, benchWithdrawalRace } from "./bench-money";
import { pgbenchAnchor } from "./bench-pgbench";
import { benchPlanning } from "./bench-planning";
import { benchStays } from "./bench-stays";
import { buildIfStale } from "./build-freshness.js";

// The bench seals its shops' payment credentials and the server it starts opens them: one key for both.
process.env.ENCRYPTION_KEY ??= randomBytes(32).toString("hex");

/**
 * Guests adding to their carts: 600 devices (each its own cookie and forwarded IP, so the per-IP cart
 * limit does not apply), each adding one unit of an unlimited product per request: at 99 units a line
 * they take about 58,000 adds before the line's limit refuses one. Warmed up like every
 * other route; the warm-up also makes each device's cart, so what is measured is a guest adding more.
 */
async function loadAddToCart(appUrl: string, hash: string, productId: string): Promise<BenchResult> {
  const devices = Array.from({ length: 600 }, (_, i) => ({
    cookie: `estadia_device=${newDeviceId()}`,
    ip: `10.9.${i >> 8}.${i & 255}`,
  }));
  let next = 0;
  const body = new URLSearchParams({ intent: "add", hash, productId }).toString();
  const adds = (connections: number, run: { duration: number } | { amount: number }) =>
    autocannon({
      // The call the guest script makes on a phone (JSON back); the page itself is not re-rendered.
      url: `${appUrl}/api/cart`,
      connections,
      ...run,
      requests: [
        {
          method: "POST",
          setupRequest: (req) => {
            const device = devices[next++ % devices.length];
            return {
              ...req,
              body,
              headers: {
                origin: appUrl,
                "content-type": "application/x-www-form-urlencoded",
                cookie: device?.cookie ?? "",
                "x-forwarded-for": device?.ip ?? "",
              },
            };
          },
        },
      ],
    });
  // Two adds per device: every cart made, however slow the machine.
  const warm = await adds(4, { amount: 2 * devices.length });
  if (warm.non2xx > 0) throw new Error(`add to cart (warm-up): ${warm.non2xx} answers were not 2xx`);
  const { result: r, cpu } = await withCpu(() => adds(CONNECTIONS, { duration: DURATION_S }));
  if (r.non2xx > 0) throw new Error(`add to cart: ${r.non2xx} answers were not 2xx`);
  return { name: "POST /api/cart (add to cart)", rps: r.requests.average, p99: r.latency.p99, cpu };
}

/** A device cookie whose cart holds one product: its shop page is rendered for it alone, every time. */
async function guestWithCart(
  appUrl: string,
  hash: string,
  productId: string,
): Promise<{ cookie: string; cartId: string }> {
  const cookie = `estadia_device=${newDeviceId()}`;
  const res = await fetch(`${appUrl}/api/cart`, {
    method: "POST",
    headers: { origin: appUrl, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "add", hash, productId }).toString(),
  });
  const json = (await res.json()) as { cart?: { id: string } };
  if (!res.ok || !json.cart) throw new Error(`guest cart: ${res.status}`);
  return { cookie, cartId: json.cart.id };
}

/**
 * The embedded database's memory: a server on PGlite with the demo data just created (its first start runs
 * initdb), then started again on the same folder, as every later start is: idle, then after loading the demo
 * shop for a guest with a cart and the sign-in page. PGlite runs inside the process, so its figures are not
 * comparable with the PostgreSQL server's; what bounds them is printed with them.
 */
async function embeddedMemory(): Promise<string> {
  const first = await startServer({ LOG_LEVEL: "info", DEMO_DATA: "auto" });
  const firstRss = await settledRssMb(first.child.pid);
  const hash = /\/i\/([\w-]+)/.exec(first.output())?.[1];
  await first.stop();
  const embedded = await startServer({ LOG_LEVEL: "info", DATA_DIR: first.dataDir });
  try {
    const idle = await settledRssMb(embedded.child.pid);
    if (!hash) throw new Error("the embedded server printed no demo shop");
    const html = await (await fetch(`${embedded.url}/i/${hash}`)).text();
    const productId = /data-product="([^"]+)"/.exec(html)?.[1] ?? "";
    const { cookie } = await guestWithCart(embedded.url, hash, productId);
    await load("embedded: shop, guest with a cart", `${embedded.url}/i/${hash}`, { headers: { cookie } });
    await load("embedded: /auth", `${embedded.url}/auth`);
    return [
      `embedded database (PGlite) memory (RSS): ${firstRss.toFixed(0)} MB on the first start (initdb, demo data);`,
      `started again: ${idle.toFixed(0)} MB idle, ${rssMb(embedded.child.pid).toFixed(0)} MB after loading its shop and /auth`,
      `(page cache: shared_buffers ${EMBEDDED_SHARED_BUFFERS}; PGlite's WebAssembly memory starts at 128 MB, at most 2 GB)`,
    ].join(" ");
  } finally {
    await embedded.stop();
    removeDir(embedded.dataDir);
  }
}

/** What a phone downloads to run the shop: every script the page loads, gzipped, inline ones included. */
async function firstLoadJsKb(pageUrl: string): Promise<number> {
  const html = await (await fetch(pageUrl)).text();
  const origin = new URL(pageUrl).origin;
  const urls = new Set(
    [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*href)="([^"]+)"/g)].map(
      (m) => m[1],
    ),
  );
  let bytes = 0;
  for (const url of urls)
    bytes += gzipSync(await (await fetch(new URL(url ?? "", origin))).arrayBuffer()).length;
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) bytes += gzipSync(m[1] ?? "").length;
  return bytes / 1024;
}

/** RSS once it stops moving (two readings 250 ms apart within 2 MB; at most 10 s): a start's peak passes. */
async function settledRssMb(pid: number | undefined): Promise<number> {
  let last = rssMb(pid);
  for (let i = 0; i < 40; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = rssMb(pid);
    if (Math.abs(now - last) < 2) return now;
    last = now;
  }
  return last;
}

function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Signs the demo host in through the real form; the session cookie for signed-in routes. */
async function demoSession(appUrl: string): Promise<string> {
  const res = await fetch(`${appUrl}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: appUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email: DEMO_HOST.email, password: DEMO_HOST.password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
  if (!cookie) throw new Error(`demo sign-in failed: ${res.status}`);
  return cookie.split(";")[0] ?? "";
}

/** The shop and the cart summary of one guest whose cart holds a product. */
async function guestPages(appUrl: string, hash: string, productId: string): Promise<BenchResult[]> {
  const guest = await guestWithCart(appUrl, hash, productId);
  const headers = { cookie: guest.cookie };
  return [
    await load("GET /i/{hash} (shop, guest with a cart)", `${appUrl}/i/${hash}`, { headers }),
    await load("GET /payment/{cartId} (cart summary)", `${appUrl}/payment/${guest.cartId}`, { headers }),
  ];
}

/**
 * Signed-in pages of the demo host, before the million orders arrive: viewed again unchanged (the page
 * rendered once, ADR 0044), then each view at a new address, so every one is rendered.
 */
async function backOfficePages(appUrl: string): Promise<BenchResult[]> {
  const headers = { cookie: await demoSession(appUrl) };
  return [
    await load("GET /dashboard (signed in)", `${appUrl}/dashboard`, { headers }),
    await load("GET /inventory (signed in)", `${appUrl}/inventory`, { headers }),
    await load("GET /dashboard (each view rendered)", `${appUrl}/dashboard`, { headers, everyViewNew: true }),
    await load("GET /inventory (each view rendered)", `${appUrl}/inventory`, { headers, everyViewNew: true }),
  ];
}

async function baselineServer(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const code = `require("node:http").createServer((q,s)=>{s.writeHead(200,{"content-type":"text/plain"});s.end("ok")}).listen(${port},"127.0.0.1",()=>console.log("up"))`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve) => child.stdout.once("data", resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

buildIfStale();

let database: ThrowawayDatabase | undefined;
let shop: Awaited<ReturnType<typeof shopFixture>> | undefined;
let handle: Awaited<ReturnType<typeof connectDatabase>> | undefined;
if (await postgresAvailable()) {
  database = await createThrowawayDatabase();
  handle = await connectDatabase({ databaseUrl: database.url });
  await migrateDatabase(handle);
  await seedAccounts(handle.db);
  const drinks = ["Água", "Água com gás", "Cerveja", "Refrigerante", "Suco de uva", "Vinho tinto"];
  const breakfast = ["Café", "Chá", "Biscoito", "Granola", "Pão de queijo", "Chocolate"];
  shop = await shopFixture(handle.db, [
    ...drinks.map((name, i) => ({
      name,
      priceCents: 500 + i * 150,
      stock: i === 2 ? 0 : 12,
      category: "Bebidas",
    })),
    ...breakfast.map((name, i) => ({
      name,
      priceCents: 400 + i * 120,
      stock: i === 0 ? null : 8,
      category: "Café da manhã",
    })),
  ]);
}
const app = await startServer({
  LOG_LEVEL: "warn",
  TRUSTED_IP_HEADER: "x-forwarded-for",
  ...(database ? { DATABASE_URL: database.url } : {}),
});
const baseline = await baselineServer();
measureCpuOf(app.child.pid, database ? new URL(database.url).pathname.slice(1) : null);

try {
  const idleRss = await settledRssMb(app.child.pid);
  const base = await load("node:http hello world", baseline.url);
  const results = [
    await load("GET /healthz (one query)", `${app.url}/healthz`),
    await load("GET /auth (SSR page)", `${app.url}/auth`),
    ...(database ? [...(await backOfficePages(app.url))] : []),
    await load("GET /nao-existe (SSR 404)", `${app.url}/nao-existe`, { notOk: true }),
    ...(shop
      ? [
          await load("GET /i/{hash} (shop, first scan)", `${app.url}/i/${shop.hash}`),
          ...(await guestPages(app.url, shop.hash, shop.productIds.Café ?? "")),
          await loadAddToCart(app.url, shop.hash, shop.productIds.Café ?? ""),
        ]
      : []),
  ];
  // The database's own figure, just before the rows that are bound by it.
  const anchor = database ? await pgbenchAnchor(CONNECTIONS, DURATION_S) : null;
  const checkout = handle
    ? await benchCheckout(app.url, handle.db, { seconds: DURATION_S, connections: CONNECTIONS })
    : [];
  results.push(...checkout);
  const contention = handle ? await benchContention(app.url, handle.db) : null;
  const session = database ? await demoSession(app.url) : null;
  const withdrawalRace = handle && session ? await benchWithdrawalRace(app.url, handle.db, session) : null;
  const sales = handle && session ? await benchSalesPages(app.url, handle.db, session) : null;
  if (sales) results.push(...sales.rows);
  const planning = handle && session ? await benchPlanning(app.url, handle.db, session) : null;
  if (planning) results.push(...planning.rows);
  const stays = handle && session ? await benchStays(app.url, handle.db, session) : null;
  if (stays) results.push(...stays.rows);
  const loadedRss = rssMb(app.child.pid);
  const embedded = database ? await embeddedMemory() : null;

  console.log(
    `\nEstadia bench — ${database ? "PostgreSQL" : "PGlite"}, ${CONNECTIONS} connections, ${DURATION_S}s each, ${process.version}`,
  );
  console.log(
    `${"route".padEnd(40)}   req/s     p99 ms   ratio to node:http   app CPU ms/req  db CPU ms/req`,
  );
  for (const r of [base, ...results]) {
    const ratio = r === base ? "1.00" : (r.rps / base.rps).toFixed(3);
    const cpu = r === base ? "" : `        ${cpuColumns(r.cpu)}`;
    console.log(
      `${r.name.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p99).padStart(9)}   ${ratio.padEnd(5)}${cpu}`,
    );
  }
  if (anchor) {
    console.log(
      `PostgreSQL's own anchor: pgbench -N, ${anchor.connections} connections, ${anchor.seconds}s: ${anchor.tps.toFixed(0)} transactions/s`,
    );
    for (const r of checkout)
      console.log(`  ${r.name.padEnd(40)} ${(r.rps / anchor.tps).toFixed(3)} of pgbench -N`);
  }
  console.log(`app memory (RSS): ${idleRss.toFixed(0)} MB idle, ${loadedRss.toFixed(0)} MB after load`);
  if (embedded) console.log(embedded);
  if (contention) console.log(contention);
  if (withdrawalRace) console.log(withdrawalRace);
  for (const line of sales?.lines ?? []) console.log(line);
  for (const line of planning?.lines ?? []) console.log(line);
  for (const line of stays?.lines ?? []) console.log(line);
  if (shop) {
    const kb = await firstLoadJsKb(`${app.url}/i/${shop.hash}`);
    // ~186 KB gzip: the first-load JS of a typical React + data-client single-page shop (issue 6).
    console.log(
      `shop first-load JS: ${kb.toFixed(1)} KB gzip (target ≤ 110 KB; ${(kb / 186).toFixed(2)} of a typical 186 KB SPA)`,
    );
  }
} finally {
  baseline.stop();
  await app.stop();
  removeDir(app.dataDir);
  await handle?.close();
  await database?.drop();
}
