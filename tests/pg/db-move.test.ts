// The embedded database leaving for PostgreSQL (`db:move`) and for an archive (`backup` / `restore`), on the
// demo data plus a sale, a refund, a withdrawal and a delivered restocking run, with its photos.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_HOST } from "~/domain/demo/demo-host";
import { seedDemoData } from "~/domain/demo/seed-demo.server";
import { WITHDRAWAL_STATUS_LABEL, type WithdrawalStatus } from "~/domain/ledger/messages";
import { requestWithdrawal } from "~/domain/ledger/withdrawals.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { refundOrder } from "~/domain/payments/refund-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import { advanceReplacement } from "~/domain/restock/advance-replacement.server";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import type { Actor } from "~/domain/team/permissions";
import { ORDER_STATUS_LABEL, type OrderStatus } from "~/lib/order-status";
import { shortId } from "~/lib/short-id";
import { restoreBackup } from "~/platform/backup/restore-backup.server";
import { connectDatabase } from "~/platform/db/connect.server";
import { acquireDataDirLock, DataDirLockedError } from "~/platform/db/data-dir-lock.server";
import type { Db } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { rowCounts, tablesInForeignKeyOrder } from "~/platform/db/move/catalog.server";
import { moveDatabase } from "~/platform/db/move/move-database.server";
import { pgliteQuery, pgQuery, type Query } from "~/platform/db/move/query.server";
import { verifyDatabase } from "~/platform/db/move/verify-database.server";
import { member, payments, products, properties, user, wallets } from "~/platform/db/schema";
import { createMediaStorage } from "~/platform/storage/copy-media.server";
import { signedInBrowser } from "../support/accounts";
import {
  BUYER,
  checkoutHarness,
  deliverWebhook,
  guestWithCartIn,
  SANDBOX_PAYMENTS,
} from "../support/checkout-fixtures";
import { brl, saleCard, visibleText } from "../support/money-http";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { removeDir, startServer } from "../support/server-process";

const available = await postgresAvailable();

// The demo's photos go to the process's media store: the source's folder, set before anything reads env().
const temps: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
const sourceDir = tempDir("estadia-move-");
process.env.DATA_DIR = sourceDir;

/** What a host sees, read the same way from any copy: sales, refunds, withdrawals, wallets, stock, runs. */
async function snapshot(query: Query) {
  const read = (sql: string) => query(sql);
  return {
    orders: await read(`select id::text, status, total_cents::text as total from orders order by id`),
    refunds: await read(`select order_id::text, amount_cents::text as amount from refunds order by order_id`),
    withdrawals: await read(
      `select id::text, status, amount_cents::text as amount from withdrawals order by id`,
    ),
    wallets: await read(
      `select id::text, available_cents::text as a, pending_cents::text as p, reserved_cents::text as r,
              withdrawn_cents::text as w from wallets order by id`,
    ),
    stock: await read(
      `select property_id::text, product_id::text, current_quantity from property_products order by 1, 2`,
    ),
    runs: await read(`select id::text, status from replacements order by id`),
    photos: await read(`select id::text, image, image_thumb from products order by id`),
  };
}

/** What the host's pages must show, from the source: sales, wallets, withdrawals, restocked stock, a photo. */
async function hostView(query: Query) {
  // The money on a sale's card is its wallet lines (the refund there is what the wallet gave back).
  const sales = await query(
    `select o.id::text, o.status, o.total_cents::int as total, o.buyer_name as buyer,
            (select sum(m.amount_cents)::int from wallet_movements m
              where m.order_id = o.id and m.kind = 'refund') as refund,
            (select sum(m.amount_cents)::int from wallet_movements m where m.order_id = o.id
              and m.kind in ('sale', 'fee', 'platform_fee', 'refund')) as net
       from orders o order by o.id`,
  );
  const wallets = await query(
    `select p.name, w.available_cents::int as a, w.pending_cents::int as p, w.withdrawn_cents::int as w,
            w.reserved_cents::int as r
       from wallets w join properties p on p.id = w.property_id order by p.name`,
  );
  const withdrawals = await query(`select id::text, status, amount_cents::int as amount from withdrawals`);
  const restocked = await query(
    `select p.name as property, pr.name as product, pp.current_quantity as quantity
       from replacement_items i join property_products pp using (property_id, product_id)
       join properties p on p.id = i.property_id join products pr on pr.id = i.product_id`,
  );
  const [photo] = await query(`select image from products where image like '/media/%' order by id limit 1`);
  return { sales, wallets, withdrawals, restocked, photo: String(photo?.image) };
}

/** The visible text of each item of the list labelled `label` (the inventory's products of one property). */
function listItems(html: string, label: string): string[] {
  const at = html.indexOf(`aria-label="${label}"`);
  if (at < 0) return [];
  const list = html.slice(at, html.indexOf("</ul>", at));
  return [...list.matchAll(/<li[\s\S]*?<\/li>/g)].map((m) => visibleText(m[0]));
}

/**
 * The built app started with `env` (on the moved database, or on the restored folder): the demo host signs in
 * and sees the source's sales and refund, wallets and withdrawal, restocked stock, and the photo's bytes.
 */
async function expectHostSees(env: Record<string, string>, view: Awaited<ReturnType<typeof hostView>>) {
  const server = await startServer({ DEMO_DATA: "off", LOG_LEVEL: "warn", ...env });
  try {
    const host = await signedInBrowser(server, DEMO_HOST.email, DEMO_HOST.password);
    const sales = await host.get("/sales");
    expect(sales.status).toBe(200);
    for (const sale of view.sales) {
      const card = saleCard(sales.body, String(sale.id)) ?? "";
      expect(card).toContain(
        `#${shortId(String(sale.id))} ${ORDER_STATUS_LABEL[sale.status as OrderStatus].label}`,
      );
      expect(card).toContain(String(sale.buyer));
      expect(card).toContain(`Bruto ${brl(Number(sale.total))}`);
      const refund = sale.refund === null ? "" : `Reembolso ${brl(Number(sale.refund))} `;
      expect(card).toContain(`${refund}Líquido ${brl(Number(sale.net))}`);
    }

    const money = visibleText((await host.get("/withdrawals")).body);
    for (const w of view.wallets) {
      const balance = `Disponível ${brl(Number(w.a))} A receber ${brl(Number(w.p))} Sacado ${brl(Number(w.w))}`;
      const processing = Number(w.r) ? ` Saque em processamento ${brl(Number(w.r))}` : "";
      expect(money).toContain(`${w.name} ${balance}${processing}`);
    }
    for (const w of view.withdrawals) {
      const status = WITHDRAWAL_STATUS_LABEL[w.status as WithdrawalStatus];
      expect(money).toContain(`${brl(Number(w.amount))} #${shortId(String(w.id))} ${status}`);
    }

    const inventory = (await host.get("/inventory")).body;
    for (const line of view.restocked) {
      const item = listItems(inventory, `Produtos de ${line.property}`).find((i) =>
        i.startsWith(String(line.product)),
      );
      expect(item).toContain(`Atual: ${line.quantity}`);
    }

    const photo = await fetch(`${server.url}${view.photo}`);
    expect(photo.status).toBe(200);
    const bytes = Buffer.from(await photo.arrayBuffer());
    const key = view.photo.slice("/media/".length);
    expect(bytes.equals(readFileSync(path.join(sourceDir, "media", key)))).toBe(true);
  } finally {
    await server.stop();
    if (!env.DATA_DIR) removeDir(server.dataDir);
  }
}

/** The demo data, then a sale, a refund, a withdrawal and a delivered restocking run. */
async function buildSource(db: Db): Promise<void> {
  await seedDemoData(db);
  const [owner] = await db
    .select({ userId: member.userId, organizationId: member.organizationId })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(user.email, "demo@estadia.dev"));
  if (!owner) throw new Error("no demo host");
  const actor: Actor = { ...owner, role: "owner" };
  const [beach] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.organizationId, actor.organizationId), eq(properties.name, "Casa da Praia")));
  if (!beach) throw new Error("no demo property");
  const catalogue = await db.select({ id: products.id, name: products.name }).from(products);
  const productIds = Object.fromEntries(catalogue.map((p) => [p.name, p.id]));
  const shop = {
    organizationId: actor.organizationId,
    propertyId: beach.id,
    hash: beach.hash,
    productIds,
    sellerId: null,
  };
  const { ctx, sandbox } = checkoutHarness(db);

  const paidByPix = async (name: string) => {
    const guest = await guestWithCartIn(db, shop, { [name]: 1 });
    // 'Vinho tinto' is 18+ in the demo: the buyer confirms being an adult.
    await placeOrder(ctx, { ...guest.key, method: "pix", buyer: BUYER, adultConfirmed: true });
    const { orderId } = await startPixPayment(ctx, guest.key);
    const [pix] = await db.select().from(payments).where(eq(payments.orderId, orderId));
    await sandbox.settle(pix?.providerPaymentId ?? "", "approve");
    const { url, headers, body } = await sandbox.webhookFor(pix?.providerPaymentId ?? "");
    expect(
      await deliverWebhook(ctx, SANDBOX_PAYMENTS, { headers, body, query: new URL(url).searchParams }),
    ).toBe("applied");
    return orderId;
  };
  await paidByPix("Vinho tinto");
  await refundOrder(ctx, actor, { orderId: await paidByPix("Granola"), reason: "Hóspede não consumiu" });
  const [wallet] = await db.select({ id: wallets.id }).from(wallets).where(eq(wallets.propertyId, beach.id));
  await requestWithdrawal(ctx, actor, {
    walletId: wallet?.id,
    amount: "10,00",
    pixKeyType: "cpf",
    pixKey: "529.982.247-25",
    remember: false,
    requestKey: crypto.randomUUID(),
  });
  const beer = { propertyId: beach.id, productId: productIds["Cerveja artesanal"] ?? "" };
  const { id } = await createReplacement(db, actor, [beer]);
  for (const [from, to] of [
    ["processing", "separated_for_replacement"],
    ["separated_for_replacement", "in_transit"],
    ["in_transit", "delivered"],
  ] as const) {
    await advanceReplacement(db, actor, { id, from, to });
  }
}

/**
 * Runs one of the commands as `npm run` would, on the given data folder: under umask 000, where a file
 * written with default modes would be readable (and writable) by every user of the machine.
 */
function command(script: string, args: string[], dataDir: string) {
  const node = [process.execPath, "--import", "tsx", `scripts/${script}`, ...args];
  const result = spawnSync("/bin/sh", ["-c", 'umask 000 && exec "$@"', "sh", ...node], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

async function withPostgres<T>(url: string, read: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await read(pgQuery(client));
  } finally {
    await client.end();
  }
}

async function withEmbedded<T>(dataDir: string, read: (query: Query) => Promise<T>): Promise<T> {
  const handle = await connectDatabase({ dataDir });
  try {
    if (handle.jobsConnection.kind !== "pglite") throw new Error("not embedded");
    return await read(pgliteQuery(handle.jobsConnection.client));
  } finally {
    await handle.close();
  }
}

const mediaFiles = (dataDir: string) => readdirSync(path.join(dataDir, "media")).sort();
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe.runIf(available)("moving the embedded database to PostgreSQL, and backups", () => {
  let target: ThrowawayDatabase;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let view: Awaited<ReturnType<typeof hostView>>;

  beforeAll(async () => {
    const handle = await connectDatabase({ dataDir: sourceDir });
    try {
      await migrateDatabase(handle);
      await buildSource(handle.db);
    } finally {
      await handle.close();
    }
    before = await withEmbedded(sourceDir, snapshot);
    view = await withEmbedded(sourceDir, hostView);
    target = await createThrowawayDatabase();
  });
  afterAll(async () => {
    await target?.drop();
    for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses while the server holds the data folder, changing nothing", async () => {
    const lock = acquireDataDirLock(sourceDir);
    try {
      await expect(
        moveDatabase({ dataDir: sourceDir, targetUrl: target.url, mediaKind: "postgres" }),
      ).rejects.toThrow(DataDirLockedError);
    } finally {
      lock.release();
    }
    const tables = await withPostgres(target.url, (q) =>
      q(`select count(*)::int as n from pg_tables where schemaname = 'public'`),
    );
    expect(tables).toEqual([{ n: 0 }]);
  });

  it("copies every row, sequence and photo, passes its checks, and leaves the source as it was", async () => {
    expect(before.orders.map((o) => o.status).sort()).toEqual(["paid", "refunded"]);
    expect(before.withdrawals).toHaveLength(1);
    expect(before.runs).toEqual([expect.objectContaining({ status: "delivered" })]);
    const photos = mediaFiles(sourceDir);
    expect(photos.length).toBeGreaterThan(0);

    const report = await moveDatabase({ dataDir: sourceDir, targetUrl: target.url, mediaKind: "postgres" });
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.media).toMatchObject({ copied: photos.length, verified: photos.length });
    expect(report.tables.orders).toBe(2);

    expect(await withPostgres(target.url, snapshot)).toEqual(before);
    const handle = await connectDatabase({ databaseUrl: target.url, poolSize: 1 });
    try {
      const store = createMediaStorage("postgres", { db: async () => handle.db });
      for (const key of photos) {
        const copy = await store.get(key);
        expect(copy?.bytes.equals(readFileSync(path.join(sourceDir, "media", key))), key).toBe(true);
      }
    } finally {
      await handle.close();
    }
    expect(await withEmbedded(sourceDir, snapshot)).toEqual(before);
    expect(mediaFiles(sourceDir)).toEqual(photos);
  });

  it("the app started on the moved database shows the host the same sales, wallets, stock, photos", async () => {
    expect(view.sales).toHaveLength(2);
    expect([view.withdrawals.length, view.restocked.length]).toEqual([1, 1]);
    expect(view.photo).toMatch(/^\/media\/./);
    await expectHostSees({ DATABASE_URL: target.url }, view);
  });

  it("refuses a target that holds data, through the command, and changes nothing there", async () => {
    const counted = (q: Query) => q(`select count(*)::int as n from orders`);
    const { code, out } = command("db-move.ts", ["--to", target.url], sourceDir);
    expect(out).toContain("already holds data");
    expect(code).toBe(1);
    expect(await withPostgres(target.url, counted)).toEqual([{ n: 2 }]);
  });

  it("backs up and restores into an empty folder: the copy passes the checks and shows the same data", async () => {
    const file = path.join(tempDir("estadia-backup-"), "copy.tar.gz");
    // The key a data folder generates when ENCRYPTION_KEY is unset (here the same key, so the copy opens).
    const key = Buffer.from(process.env.ENCRYPTION_KEY ?? "", "hex").toString("base64");
    writeFileSync(path.join(sourceDir, "encryption-key"), key, { mode: 0o600 });
    const backup = command("backup.ts", ["--out", file], sourceDir);
    expect(backup.out).toContain("media objects");
    expect(backup.code).toBe(0);
    // It holds the whole database and the encryption key: its owner's only.
    expect(modeOf(file)).toBe(0o600);

    const restored = tempDir("estadia-restored-");
    const restore = command("restore.ts", [file], restored);
    expect(restore.out).not.toContain("FAIL");
    expect(restore.code, restore.out).toBe(0);
    expect(modeOf(path.join(restored, "encryption-key"))).toBe(0o600);
    expect(modeOf(path.join(restored, "auth-secret"))).toBe(0o600);
    // PGlite writes its files 0666: the folders keep them private, the app's own as the restored one.
    expect(modeOf(path.join(sourceDir, "db"))).toBe(0o700);
    expect(modeOf(path.join(restored, "db"))).toBe(0o700);
    expect(modeOf(path.join(restored, "media"))).toBe(0o700);
    expect(mediaFiles(restored).map((key) => modeOf(path.join(restored, "media", key)))).toEqual(
      mediaFiles(restored).map(() => 0o600),
    );
    expect(mediaFiles(restored)).toEqual(mediaFiles(sourceDir));
    for (const key of mediaFiles(restored)) {
      const same = readFileSync(path.join(restored, "media", key)).equals(
        readFileSync(path.join(sourceDir, "media", key)),
      );
      expect(same, key).toBe(true);
    }
    expect(await withEmbedded(restored, snapshot)).toEqual(before);
    // A second restore into the now full folder is refused.
    await expect(restoreBackup({ dataDir: restored, file })).rejects.toThrow(/is not empty/);
    // The app started on the restored folder shows the host the same.
    await expectHostSees({ DATA_DIR: restored }, view);
  });

  it("the checks catch a wallet or a stock row that disagrees with its ledger", async () => {
    const counts = await withPostgres(target.url, async (q) =>
      rowCounts(q, await tablesInForeignKeyOrder(q)),
    );
    const failing = () =>
      withPostgres(target.url, async (q) => (await verifyDatabase(q, counts)).filter((c) => !c.ok));
    expect(await failing()).toEqual([]);
    await withPostgres(target.url, async (q) => {
      await q(`update wallets set available_cents = available_cents + 1`);
      await q(
        `update property_products set current_quantity = current_quantity + 1 where current_quantity is not null`,
      );
    });
    expect((await failing()).map((c) => c.name)).toEqual(["stock ledger", "wallets"]);
  });
});
