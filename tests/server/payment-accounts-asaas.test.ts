// A host's own Asaas sub-account against the built app on PostgreSQL, with ASAAS_* pointing at the local
// fake of Asaas's API and APP_URL at the server itself, so the fake delivers its webhooks and its transfer
// validation requests to the app: the owner connects on /recebimentos, a guest pays by PIX and the fake's
// webhook pays the order, the per-account webhook URL answers only its own token, and a withdrawal asked
// for on /withdrawals is approved by the app's validation endpoint and paid by TRANSFER_DONE. No credential
// may show in the server's logs or in any answer.
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUYER_TEXT } from "~/domain/orders/buyer";
import { parseBrCode } from "~/lib/pix-brcode";
import { connectDatabase } from "~/platform/db/connect.server";
import type { DatabaseHandle } from "~/platform/db/database-handle.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import {
  orders,
  paymentAccounts,
  paymentEvents,
  payments,
  walletMovements,
  wallets,
  withdrawals,
} from "~/platform/db/schema";
import { openAsaasCredentials } from "~/platform/payments/asaas-accounts.server";
import { Browser, type Page, signIn, uniqueIp } from "../support/accounts";
import { type AsaasFake, startAsaasFake } from "../support/asaas-fake";
import { WEBHOOK_APPLIED } from "../support/checkout-server";
import { freePort } from "../support/free-port";
import { guestPhone } from "../support/guest-phone";
import { FIXTURE_PASSWORD, HTTP_BUYER, hostEmail } from "../support/money-http";
import { createThrowawayDatabase, postgresAvailable, type ThrowawayDatabase } from "../support/postgres";
import { type RunningServer, removeDir, startServer } from "../support/server-process";
import { shopFixture } from "../support/shop-fixtures";

const available = await postgresAvailable();

const ROOT_KEY = `$aact_hmlg_${randomBytes(36).toString("base64url")}`;
const ROOT_WEBHOOK_TOKEN = `raiz-${randomBytes(24).toString("base64url")}`;
const VALIDATION_TOKEN = `validacao-${randomBytes(24).toString("base64url")}`;
const ESTADIA_WALLET = randomUUID();
const AUTH_SECRET = "asaas-accounts-test-secret-0123456789abcdef";
const PIX_FEE = 199;
const CPF_KEY = "529.982.247-25";

describe.runIf(available)("a host's Asaas sub-account, against the built app and the local fake", () => {
  let fake: AsaasFake;
  let database: ThrowawayDatabase;
  let handle: DatabaseHandle;
  let server: RunningServer;
  let shop: Awaited<ReturnType<typeof shopFixture>>;
  let owner: Browser;
  let account: typeof paymentAccounts.$inferSelect;
  let apiKey = "";
  let webhookToken = "";
  /** Every body the app answered in this test, to look for credentials in. */
  const bodies: string[] = [];
  let ipCounter = 0;

  const db = () => handle.db;
  const keep = <T extends { body: string }>(answer: T): T => {
    bodies.push(answer.body);
    return answer;
  };

  /** A POST of JSON to the app, as Asaas makes it; the answer's status and body. */
  async function post(path: string, token: string | null, body: unknown) {
    const res = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Asaas_Hmlg/3.0",
        ...(token === null ? {} : { "asaas-access-token": token }),
      },
      body: JSON.stringify(body),
    });
    return keep({ status: res.status, body: await res.text() });
  }

  beforeAll(async () => {
    fake = await startAsaasFake({ rootApiKey: ROOT_KEY, rootWalletId: ESTADIA_WALLET, pixFeeCents: PIX_FEE });
    database = await createThrowawayDatabase();
    handle = await connectDatabase({ databaseUrl: database.url });
    await migrateDatabase(handle);
    shop = await shopFixture(handle.db, [{ name: "Vinho", priceCents: 5000, stock: 20 }], {
      receiving: false,
    });
    const port = await freePort();
    server = await startServer({
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: database.url,
      TRUSTED_IP_HEADER: "x-forwarded-for",
      LOG_LEVEL: "info",
      AUTH_SECRET,
      ASAAS_API_KEY: ROOT_KEY,
      ASAAS_WALLET_ID: ESTADIA_WALLET,
      ASAAS_WEBHOOK_TOKEN: ROOT_WEBHOOK_TOKEN,
      ASAAS_TRANSFER_VALIDATION_TOKEN: VALIDATION_TOKEN,
      ASAAS_API_URL: fake.url,
      FREE_TRIAL_DAYS: "0",
    });
    // Asaas's transfer validation webhook is set once, on the root account, to the app's endpoint.
    fake.setTransferValidation({
      url: `${server.url}/webhooks/asaas/validacao-saque`,
      token: VALIDATION_TOKEN,
    });

    owner = new Browser(server, { ip: uniqueIp() });
    const signedIn = keep(await signIn(owner, await hostEmail(handle.db, shop), FIXTURE_PASSWORD));
    if (signedIn.status !== 302 || !owner.sessionToken)
      throw new Error(`sign-in answered ${signedIn.status}`);
  });

  afterAll(async () => {
    await fake?.close();
    if (server) {
      await server.stop();
      removeDir(server.dataDir);
    }
    await handle?.close();
    await database?.drop();
  });

  it("the owner connects on /recebimentos: a sub-account opened by the root key, its key sealed, its webhook on the app's own URL", async () => {
    const before = fake.requests.length;
    const email = `maria.${randomUUID()}@anfitria.test`;
    const fields = {
      intent: "asaas",
      name: "Maria Anfitriã da Silva",
      email,
      cpfCnpj: CPF_KEY,
      birthDate: "12/04/1988",
      companyType: "",
      mobilePhone: "(11) 98765-4321",
      postalCode: "01001-000",
      address: "Rua das Flores",
      addressNumber: "120",
      complement: "Casa 2",
      province: "Centro",
      incomeValue: "8.000,00",
    };
    // A wrong CEP is refused on the page, naming it, and nothing reaches Asaas.
    const refused = keep(await owner.post("/recebimentos", { ...fields, postalCode: "0100" }));
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("Informe um CEP com 8 dígitos.");
    expect(fake.requests.slice(before)).toEqual([]);

    const connected: Page = keep(await owner.post("/recebimentos", fields));
    expect(connected.status, connected.body.slice(0, 500)).toBe(302);
    expect(connected.location).toBe("/recebimentos");
    const [row] = await db()
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.organizationId, shop.organizationId));
    if (!row) throw new Error("no account saved");
    account = row;
    expect(row).toMatchObject({ provider: "asaas", status: "active", lastError: null });
    const creation = fake.requests.find((r) => r.method === "POST" && r.path === "/v3/accounts");
    expect(creation?.headers.access_token).toBe(ROOT_KEY);
    expect(fake.account(row.providerAccountId)).toMatchObject({ email, walletId: row.walletId });

    // The server sealed with the key the test process has (ENCRYPTION_KEY is shared).
    ({ apiKey, webhookToken } = openAsaasCredentials(row.credentials ?? ""));
    expect(apiKey).toMatch(/^\$aact_/);
    const [hook] = fake.webhooks(row.providerAccountId);
    expect(hook).toMatchObject({
      url: `${server.url}/webhooks/asaas/${row.id}`,
      authToken: webhookToken,
      enabled: true,
    });
    for (const secret of [apiKey, webhookToken, ROOT_KEY]) expect(JSON.stringify(row)).not.toContain(secret);

    const page = keep(await owner.get("/recebimentos"));
    expect(page.status).toBe(200);
  });

  it("a guest without CPF is told to give one; with it, the PIX is paid by the fake's webhook to the app", async () => {
    const phone = guestPhone(server.url, `203.0.113.${++ipCounter}`);
    const added = keep(
      await phone.cart({ intent: "add", hash: shop.hash, productId: shop.productIds.Vinho ?? "" }),
    );
    expect(added.status).toBe(200);
    const cartId: string = added.json.cart.id;

    const noCpf = keep(await phone.request(`/payments/${cartId}/pix`, { ...HTTP_BUYER, cpf: "" }));
    expect(noCpf.status).toBe(400);
    expect(noCpf.body).toContain(BUYER_TEXT.cpfRequired);
    expect(await db().select().from(orders).where(eq(orders.cartId, cartId))).toEqual([]);

    const identified = keep(await phone.request(`/payments/${cartId}/pix`, HTTP_BUYER));
    expect(identified.status, identified.body.slice(0, 300)).toBe(303);
    const asked = keep(await phone.request(`/payments/${cartId}/pix/payment`, { intent: "pix" }));
    expect(asked.status, asked.body.slice(0, 300)).toBe(303);
    const page = keep(await phone.request(`/payments/${cartId}/pix/payment`));
    const code = (/<textarea[^>]*data-pix-code[^>]*>([^<]*)<\/textarea>/.exec(page.body)?.[1] ?? "").trim();

    const [order] = await db().select().from(orders).where(eq(orders.cartId, cartId));
    const [charge] = await db()
      .select()
      .from(payments)
      .where(eq(payments.orderId, order?.id ?? ""));
    const chargeId = charge?.providerPaymentId ?? "";
    expect(charge).toMatchObject({ provider: "asaas", paymentAccountId: account.id, amountCents: 5000 });
    expect(fake.payment(chargeId)).toMatchObject({
      status: "PENDING",
      split: [{ walletId: ESTADIA_WALLET, fixedValue: 1.5 }],
    });
    expect(parseBrCode(code)?.amountCents).toBe(5000);
    const creation = fake.requests.find((r) => r.method === "POST" && r.path === "/v3/payments");
    expect(creation?.headers.access_token).toBe(apiKey);

    const estadiaBefore = fake.walletBalance(ESTADIA_WALLET);
    const deliveredBefore = fake.deliveries.length;
    await fake.receivePix(chargeId);
    await fake.flush();
    expect(fake.deliveries.slice(deliveredBefore)).toEqual([
      expect.objectContaining({
        url: `${server.url}/webhooks/asaas/${account.id}`,
        event: "PAYMENT_RECEIVED",
        status: 200,
      }),
    ]);
    // Applied right after the answer.
    const orderOfCart = async () => (await db().select().from(orders).where(eq(orders.cartId, cartId)))[0];
    await expect.poll(async () => (await orderOfCart())?.status, WEBHOOK_APPLIED).toBe("paid");
    const paid = await orderOfCart();
    const money = await db()
      .select()
      .from(walletMovements)
      .where(eq(walletMovements.orderId, paid?.id ?? ""));
    expect(money.map((m) => [m.kind, m.amountCents]).sort()).toEqual([
      ["fee", -PIX_FEE],
      ["platform_fee", -150],
      ["sale", 5000],
    ]);
    expect(fake.walletBalance(ESTADIA_WALLET) - estadiaBefore).toBe(150);
    expect(fake.balance(account.providerAccountId)).toBe(5000 - PIX_FEE - 150);
    const status = keep(await phone.request(`/payments/${cartId}/status`));
    expect(JSON.parse(status.body)).toMatchObject({ status: "paid" });
  });

  it("the account's URL answers 200 to every authentic event, stored; 401 to a wrong token; 404 to an unknown account", async () => {
    const url = `/webhooks/asaas/${account.id}`;
    const eventsOf = (eventId: string) =>
      db()
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.provider, "asaas"), eq(paymentEvents.eventId, eventId)));
    for (const event of ["ACCOUNT_STATUS_UPDATED", "FOO_BAR"]) {
      const id = `evt_${randomBytes(16).toString("hex")}`;
      const answer = await post(url, webhookToken, {
        id,
        event,
        dateCreated: "2026-01-10 12:00:00",
        account: { id: account.providerAccountId, ownerId: fake.root.id },
        accountStatus: { id: account.providerAccountId, general: "APPROVED" },
      });
      expect(answer.status, event).toBe(200);
      const [stored, ...more] = await eventsOf(id);
      expect(more).toEqual([]);
      expect(stored).toMatchObject({ topic: event, organizationId: shop.organizationId });
      expect(stored?.processedAt).not.toBeNull();
      // The same event again is answered 200 and stored once.
      expect((await post(url, webhookToken, { id, event })).status).toBe(200);
      expect(await eventsOf(id)).toHaveLength(1);
    }
    // A payment this account does not have (or Asaas down): still 200, the sweeps ask later.
    expect(
      (
        await post(url, webhookToken, {
          id: `evt_${randomUUID()}`,
          event: "PAYMENT_RECEIVED",
          payment: { id: "pay_0" },
        })
      ).status,
    ).toBe(200);

    const forged = `evt_${randomBytes(16).toString("hex")}`;
    for (const token of ["", `${webhookToken}x`, ROOT_WEBHOOK_TOKEN, VALIDATION_TOKEN, apiKey]) {
      const answer = await post(url, token, {
        id: forged,
        event: "PAYMENT_RECEIVED",
        payment: { id: "pay_0" },
      });
      expect(answer.status, "a wrong token").toBe(401);
    }
    expect((await post(url, null, { id: forged, event: "FOO_BAR" })).status).toBe(401);
    expect(await eventsOf(forged)).toEqual([]);

    for (const path of [`/webhooks/asaas/${randomUUID()}`, "/webhooks/asaas/nao-existe"]) {
      const answer = await post(path, webhookToken, { id: forged, event: "FOO_BAR" });
      expect(answer.status, path).toBe(404);
    }
    expect(await eventsOf(forged)).toEqual([]);
  });

  it("a withdrawal asked for on /withdrawals is approved by the app's validation and paid by TRANSFER_DONE; forged validations are refused", async () => {
    const [wallet] = await db().select().from(wallets).where(eq(wallets.propertyId, shop.propertyId));
    if (!wallet) throw new Error("no wallet");
    const form = keep(await owner.get(`/withdrawals?carteira=${wallet.id}`));
    expect(form.status).toBe(200);
    const requestKey = /name="requestKey" value="([^"]+)"/.exec(form.body)?.[1];
    if (!requestKey) throw new Error("no withdrawal form on the page");
    const subBefore = fake.balance(account.providerAccountId);
    const callsBefore = fake.validationCalls.length;

    const confirmed = keep(
      await owner.post(`/withdrawals?carteira=${wallet.id}`, {
        walletId: wallet.id,
        requestKey,
        pixKeyType: "cpf",
        pixKey: CPF_KEY,
        amount: "20,00",
        intent: "confirm",
      }),
    );
    expect(confirmed.status, confirmed.body.slice(0, 300)).toBe(302);
    await fake.flush();
    const [w] = await db().select().from(withdrawals).where(eq(withdrawals.requestKey, requestKey));
    const transferId = w?.providerTransferId ?? "";
    expect(w).toMatchObject({ status: "processing", amountCents: 2000, paymentAccountId: account.id });
    const creation = fake.requests.find((r) => r.method === "POST" && r.path === "/v3/transfers");
    expect(creation?.headers.access_token).toBe(apiKey);
    expect(fake.balance(account.providerAccountId)).toBe(subBefore - 2000);

    // Asaas asked the app, with the root's validation token; the app approved its own withdrawal.
    expect(fake.validationCalls.slice(callsBefore)).toEqual([
      { transferId, status: 200, answer: { status: "APPROVED" } },
    ]);
    expect(fake.transfer(transferId)).toMatchObject({ authorized: true, status: "PENDING" });

    // The bank paid it; TRANSFER_DONE reaches the app and the withdrawal is paid.
    const deliveredBefore = fake.deliveries.length;
    fake.done(transferId);
    await fake.flush();
    expect(fake.deliveries.slice(deliveredBefore)).toContainEqual(
      expect.objectContaining({ event: "TRANSFER_DONE", status: 200 }),
    );
    const withdrawalNow = async () =>
      (
        await db()
          .select()
          .from(withdrawals)
          .where(eq(withdrawals.id, w?.id ?? ""))
      )[0];
    await expect.poll(async () => (await withdrawalNow())?.status, WEBHOOK_APPLIED).toBe("paid");
    const [after] = await db().select().from(wallets).where(eq(wallets.id, wallet.id));
    expect(after).toMatchObject({ reservedCents: 0, withdrawnCents: 2000 });

    // Forged validation requests: right token, a transfer Estadia never asked for; the paid one again.
    const transfer = fake.transfer(transferId) as Record<string, unknown>;
    const validation = "/webhooks/asaas/validacao-saque";
    const unknown = await post(validation, VALIDATION_TOKEN, {
      type: "TRANSFER",
      transfer: { ...transfer, id: randomUUID(), externalReference: null, status: "PENDING" },
    });
    expect(unknown.status).toBe(200);
    expect(JSON.parse(unknown.body)).toEqual({ status: "REFUSED", refuseReason: expect.any(String) });
    const replay = await post(validation, VALIDATION_TOKEN, { type: "TRANSFER", transfer });
    expect(JSON.parse(replay.body)).toMatchObject({ status: "REFUSED" });
    // Estadia pays no bills: never approved (the route answers 401 rather than REFUSED: see the report).
    const bill = await post(validation, VALIDATION_TOKEN, { type: "BILL", bill: { id: "x", value: 20 } });
    expect(bill.body).not.toContain("APPROVED");
    for (const token of [null, "", ROOT_WEBHOOK_TOKEN, webhookToken, `${VALIDATION_TOKEN}x`]) {
      const wrong = await post(validation, token, { type: "TRANSFER", transfer });
      expect(wrong.status, "a wrong token").toBe(401);
      expect(wrong.body).not.toContain("APPROVED");
    }
  });

  it("no credential shows in the server's logs or in any answer", async () => {
    const output = server.output();
    expect(output).toContain("webhook received");
    expect(bodies.length).toBeGreaterThan(20);
    const everything = `${output}\n${bodies.join("\n")}`;
    for (const [name, secret] of Object.entries({
      apiKey,
      webhookToken,
      ROOT_KEY,
      ROOT_WEBHOOK_TOKEN,
      VALIDATION_TOKEN,
    })) {
      expect(secret.length, name).toBeGreaterThan(20);
      expect(everything.includes(secret), `${name} leaked`).toBe(false);
    }
    expect(everything).not.toContain("$aact_");
  });
});
