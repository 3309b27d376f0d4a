// A host's own Asaas sub-account through the real domain functions, on PGlite, against the local fake of
// Asaas's API over HTTP: opening it (checked data, the key kept only sealed, its webhook with a token of its
// own), a guest paying by PIX with Estadia's fee split to Estadia's wallet, and withdrawals as transfers from
// the sub-account that Estadia's validation approves only when they are its own. The fake's webhook
// deliveries reach a local receiver and are handled as the route handles them (received: token checked,
// stored; then applied).
import { randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MONEY_TEXT } from "~/domain/ledger/messages";
import { requestWithdrawal } from "~/domain/ledger/withdrawals.server";
import { BUYER_TEXT } from "~/domain/orders/buyer";
import { latestGuestOrder } from "~/domain/orders/guest-orders.server";
import { accountById, asConnected, liveAccount } from "~/domain/payment-accounts/accounts.server";
import { validateAsaasTransfer } from "~/domain/payment-accounts/asaas-events.server";
import { connectAsaas, repairAsaasPixKeys } from "~/domain/payment-accounts/connect-asaas.server";
import { RECEIVING_TEXT } from "~/domain/payment-accounts/messages";
import { readReceiving } from "~/domain/payment-accounts/read-receiving.server";
import { placeOrder } from "~/domain/payments/place-order.server";
import { startPixPayment } from "~/domain/payments/start-pix-payment.server";
import type { Actor } from "~/domain/team/permissions";
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
import {
  asaasTransferValidationRequest,
  openAsaasCredentials,
} from "~/platform/payments/asaas-accounts.server";
import type { PaymentsContext } from "~/platform/payments/payments-context";
import { type AsaasFake, startAsaasFake } from "../support/asaas-fake";
import { BUYER, checkoutHarness, deliverWebhook, guestWithCartIn } from "../support/checkout-fixtures";
import { refusal } from "../support/refusal";
import { ownerOf } from "../support/restock-fixtures";
import { shopFixture } from "../support/shop-fixtures";

vi.setConfig({ testTimeout: 30_000 });

const ROOT_KEY = `$aact_hmlg_${randomBytes(36).toString("base64url")}`;
const ROOT_WEBHOOK_TOKEN = `raiz-${randomBytes(24).toString("base64url")}`;
const VALIDATION_TOKEN = `validacao-${randomBytes(24).toString("base64url")}`;
const ESTADIA_WALLET = randomUUID();
const PIX_FEE = 199;
const CPF_KEY = "529.982.247-25";

type Received = { path: string; headers: Headers; body: string };

/** Where the fake delivers the sub-accounts' webhooks: every request kept, answered 200. */
async function startReceiver() {
  let received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === "string") headers.set(name, value);
      received.push({ path: req.url ?? "/", headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** What arrived since the last call. */
    take() {
      const batch = received;
      received = [];
      return batch;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 'Conectar Asaas' form as a host fills it in (pt-BR formats). */
function asaasForm(overrides: Record<string, string> = {}): Record<string, unknown> {
  return {
    name: "Maria Anfitriã da Silva",
    email: `maria.${randomUUID()}@anfitria.test`,
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
    ...overrides,
  };
}

let handle: DatabaseHandle;
let fake: AsaasFake;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let ctx: PaymentsContext;
/** Everything the domain logged, at every level. */
const logs: string[] = [];
/** Every error message the operations below threw or recorded. */
const errorMessages: string[] = [];
/** The sub-accounts' keys and webhook tokens, as the rows hold them sealed. */
const secrets: string[] = [];

beforeAll(async () => {
  handle = await connectDatabase({});
  await migrateDatabase(handle);
  fake = await startAsaasFake({ rootApiKey: ROOT_KEY, rootWalletId: ESTADIA_WALLET, pixFeeCents: PIX_FEE });
  receiver = await startReceiver();
  const h = checkoutHarness(handle.db, {
    offered: ["asaas", "sandbox"],
    asaas: {
      apiKey: ROOT_KEY,
      walletId: ESTADIA_WALLET,
      webhookToken: ROOT_WEBHOOK_TOKEN,
      transferValidationToken: VALIDATION_TOKEN,
      apiUrl: fake.url,
    },
    freeTrialDays: 0,
  });
  const log = pino({ level: "trace" }, { write: (line: string) => logs.push(line) });
  ctx = { ...h.ctx, appUrl: receiver.base, log };
});
afterAll(async () => {
  await fake?.close();
  await receiver?.close();
  await handle?.close();
});

const db = () => handle.db;

/** The fake's deliveries since the last call, handled as POST /webhooks/asaas/{id} handles them. */
async function handleDeliveries(): Promise<{ event: string; outcome: string }[]> {
  await fake.flush();
  const handled: { event: string; outcome: string }[] = [];
  for (const r of receiver.take()) {
    const id = /^\/webhooks\/asaas\/([^/?]+)$/.exec(r.path)?.[1] ?? "";
    const account = await accountById(db(), id);
    if (!account) throw new Error(`a delivery to ${r.path}, which names no account`);
    const source = { to: "account", account: asConnected(account) } as const;
    const request = { headers: r.headers, query: new URLSearchParams(), body: r.body };
    const outcome = await deliverWebhook(ctx, source, request);
    if (outcome === "refused") throw new Error(`a delivery to ${r.path} without the account's token`);
    handled.push({ event: JSON.parse(r.body).event, outcome });
  }
  return handled;
}

/** A shop without an account, its owner connected to a new Asaas sub-account. */
async function asaasShop() {
  const shop = await shopFixture(db(), [{ name: "Vinho", priceCents: 5000, stock: 20 }], {
    receiving: false,
  });
  const owner = await ownerOf(db(), shop.organizationId);
  const account = await connectAsaas(ctx, owner, asaasForm());
  const credentials = openAsaasCredentials(account.credentials ?? "");
  secrets.push(credentials.apiKey, credentials.webhookToken);
  return { shop, owner, account, credentials };
}

/** A guest of the shop who paid `quantity` bottles by PIX, the fake's webhook delivered and handled. */
async function paidByPix(shop: Awaited<ReturnType<typeof asaasShop>>["shop"], quantity: number) {
  const g = await guestWithCartIn(db(), shop, { Vinho: quantity });
  const placed = await placeOrder(ctx, { ...g.key, method: "pix", buyer: BUYER });
  if (!placed.ok) throw new Error("not placed");
  const { orderId } = await startPixPayment(ctx, g.key);
  const [charge] = await db().select().from(payments).where(eq(payments.orderId, orderId));
  if (!charge?.providerPaymentId) throw new Error("no Asaas charge");
  await fake.receivePix(charge.providerPaymentId);
  const handled = await handleDeliveries();
  return { g, orderId, charge, handled };
}

async function walletOf(propertyId: string) {
  const [w] = await db().select().from(wallets).where(eq(wallets.propertyId, propertyId));
  if (!w) throw new Error("no wallet");
  return w;
}

async function withdrawalRow(id: string) {
  const [w] = await db().select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w) throw new Error("no withdrawal");
  return w;
}

function ask(owner: Actor, walletId: string, amount: string) {
  return requestWithdrawal(ctx, owner, {
    walletId,
    amount,
    pixKeyType: "cpf",
    pixKey: CPF_KEY,
    remember: false,
    requestKey: randomUUID(),
  });
}

/** The validation request Asaas sends for this transfer, read as the route reads it. */
function validationOf(transferId: string) {
  const transfer = fake.transfer(transferId);
  const read = asaasTransferValidationRequest(VALIDATION_TOKEN, {
    headers: new Headers({ "asaas-access-token": VALIDATION_TOKEN }),
    body: JSON.stringify({ type: "TRANSFER", transfer }),
  });
  if (!read) throw new Error("the validation request was not read");
  return read;
}

describe("connecting a host's Asaas sub-account", () => {
  it("refuses data Asaas would refuse, naming the field, before anything reaches Asaas", async () => {
    const shop = await shopFixture(db(), [], { receiving: false });
    const owner = await ownerOf(db(), shop.organizationId);
    const before = fake.requests.length;
    const cases: [Record<string, string>, string, string][] = [
      [{ cpfCnpj: "529.982.247-24" }, "cpfCnpj", "Informe um CPF ou CNPJ válido."],
      [{ birthDate: "" }, "birthDate", "Informe a data de nascimento (dd/mm/aaaa) de um maior de 18 anos."],
      [
        { birthDate: "31/02/1990" },
        "birthDate",
        "Informe a data de nascimento (dd/mm/aaaa) de um maior de 18 anos.",
      ],
      [{ postalCode: "0100-10" }, "postalCode", "Informe um CEP com 8 dígitos."],
      [{ cpfCnpj: "11.222.333/0001-81" }, "companyType", "Escolha o tipo de empresa."],
      [{ incomeValue: "" }, "incomeValue", "Informe a renda ou o faturamento mensal."],
    ];
    for (const [overrides, field, message] of cases) {
      const refused = await refusal(connectAsaas(ctx, owner, asaasForm(overrides)));
      expect(refused, field).toMatchObject({ kind: "invalid", message, fieldErrors: { [field]: message } });
      expect(Object.keys(refused.fieldErrors ?? {}), field).toEqual([field]);
    }
    expect(fake.requests.slice(before)).toEqual([]);
    expect(await liveAccount(db(), shop.organizationId)).toBeNull();
  });

  it("opens the sub-account with the root key, keeps its key only sealed, registers its webhook with a token of its own, and refuses a second one", async () => {
    const shop = await shopFixture(db(), [], { receiving: false });
    const owner = await ownerOf(db(), shop.organizationId);
    const before = fake.requests.length;
    const form = asaasForm();
    const row = await connectAsaas(ctx, owner, form);
    const made = fake.requests.slice(before);

    // Asaas was asked by Estadia's root account, with the checked data in its formats.
    const creation = made.find((r) => r.method === "POST" && r.path === "/v3/accounts");
    expect(creation?.headers.access_token).toBe(ROOT_KEY);
    expect(creation?.body).toMatchObject({
      email: form.email,
      cpfCnpj: "52998224725",
      birthDate: "1988-04-12",
      mobilePhone: "11987654321",
      postalCode: "01001000",
      incomeValue: 8000,
    });
    expect(row).toMatchObject({ provider: "asaas", status: "active", organizationId: shop.organizationId });
    expect(fake.account(row.providerAccountId)).toMatchObject({ walletId: row.walletId, email: form.email });

    // The key the fake gave (it works at the fake: the webhook was registered with it) is sealed.
    const { apiKey, webhookToken } = openAsaasCredentials(row.credentials ?? "");
    secrets.push(apiKey, webhookToken);
    expect(apiKey).toMatch(/^\$aact_/);
    const registration = made.find((r) => r.method === "POST" && r.path === "/v3/webhooks");
    expect(registration?.headers.access_token).toBe(apiKey);
    const [hook, ...more] = fake.webhooks(row.providerAccountId);
    expect(more).toEqual([]);
    expect(hook).toMatchObject({
      url: `${receiver.base}/webhooks/asaas/${row.id}`,
      enabled: true,
      authToken: webhookToken,
      sendType: "SEQUENTIALLY",
    });
    expect(webhookToken.length).toBeGreaterThanOrEqual(32);
    expect(webhookToken).not.toBe(ROOT_WEBHOOK_TOKEN);

    // Nothing in the whole row shows the key or the token.
    const stored = await db().execute(
      sql`select row_to_json(pa)::text as row from payment_accounts pa where pa.id = ${row.id}`,
    );
    const text = String(stored.rows[0]?.row ?? "");
    expect(text).toContain(row.id);
    for (const secret of [apiKey, webhookToken, ROOT_KEY]) expect(text).not.toContain(secret);
    expect(row.lastError).toBeNull();

    // Another host's account gets its own token.
    const other = await asaasShop();
    expect(other.credentials.webhookToken).not.toBe(webhookToken);
    expect(other.credentials.apiKey).not.toBe(apiKey);

    // A second connect opens nothing at Asaas.
    const again = fake.requests.length;
    expect(await refusal(connectAsaas(ctx, owner, asaasForm()))).toEqual({
      kind: "conflict",
      message: RECEIVING_TEXT.alreadyConnected,
      fieldErrors: undefined,
    });
    expect(fake.requests.slice(again)).toEqual([]);
    expect((await liveAccount(db(), shop.organizationId))?.id).toBe(row.id);
  });

  it("gives the new sub-account a random Pix key at once; one without a key (codes for the day only) is repaired by the hourly job, once", async () => {
    const host = await asaasShop();
    const key = fake.pixKeyOf(host.account.providerAccountId);
    expect(key).toMatch(/\S/);
    expect(host.account.pixKey).toBe(key);
    const made = fake.requests.filter((r) => r.method === "POST" && r.path === "/v3/pix/addressKeys");
    expect(made.at(-1)?.headers.access_token).toBe(host.credentials.apiKey);
    expect(made.at(-1)?.body).toEqual({ type: "EVP" });

    // An account as they were opened before keys were made: the fake's codes then last the day only.
    fake.dropPixKey(host.account.providerAccountId);
    await db().update(paymentAccounts).set({ pixKey: null }).where(eq(paymentAccounts.id, host.account.id));
    const g = await guestWithCartIn(db(), host.shop, { Vinho: 1 });
    const placed = await placeOrder(ctx, { ...g.key, method: "pix", buyer: BUYER });
    if (!placed.ok) throw new Error("not placed");
    await startPixPayment(ctx, g.key);
    const [charge] = await db().select().from(payments).where(eq(payments.orderId, placed.orderId));
    const qr = await fetch(`${fake.url}/v3/payments/${charge?.providerPaymentId}/pixQrCode`, {
      headers: { access_token: host.credentials.apiKey },
    });
    const { expirationDate } = (await qr.json()) as { expirationDate: string };
    expect(expirationDate.slice(11)).toBe("23:59:59");
    expect(Date.parse(`${expirationDate.replace(" ", "T")}-03:00`) - Date.now()).toBeLessThan(24 * 3_600_000);

    const creations = fake.pixKeyCreations;
    expect(await repairAsaasPixKeys(ctx)).toBeGreaterThanOrEqual(1);
    const repaired = await accountById(db(), host.account.id);
    expect(repaired?.pixKey).toBe(fake.pixKeyOf(host.account.providerAccountId));
    expect(repaired?.pixKey).not.toBeNull();
    expect(fake.pixKeyCreations).toBe(creations + 1);
    // Done: the next run asks nothing of this account.
    const from = fake.requests.length;
    await repairAsaasPixKeys(ctx);
    expect(
      fake.requests
        .slice(from)
        .filter((r) => r.headers.access_token === host.credentials.apiKey && r.path.startsWith("/v3/pix")),
    ).toEqual([]);
  });

  it("reads the sub-account's approval when it is opened and every hour until approved, and says on Recebimentos what is pending", async () => {
    const host = await asaasShop();
    expect((await accountById(db(), host.account.id))?.approval).toMatchObject({ general: "APPROVED" });
    expect((await readReceiving(ctx, host.owner)).account?.pendingApproval).toEqual([]);

    fake.setApproval(host.account.providerAccountId, {
      documentation: "PENDING",
      bankAccountInfo: "AWAITING_APPROVAL",
      general: "PENDING",
    });
    // Read again only while an account is not approved: make this one look unread.
    await db().update(paymentAccounts).set({ approval: null }).where(eq(paymentAccounts.id, host.account.id));
    await repairAsaasPixKeys(ctx);
    expect((await readReceiving(ctx, host.owner)).account?.pendingApproval).toEqual([
      "Conta bancária: em análise no Asaas",
      "Documentos: falta enviar",
    ]);

    fake.setApproval(host.account.providerAccountId, {
      documentation: "APPROVED",
      bankAccountInfo: "APPROVED",
      general: "AWAITING_APPROVAL",
    });
    await repairAsaasPixKeys(ctx);
    expect((await readReceiving(ctx, host.owner)).account?.pendingApproval).toEqual([
      "Aprovação geral: em análise no Asaas",
    ]);
    fake.setApproval(host.account.providerAccountId, { general: "APPROVED" });
    await repairAsaasPixKeys(ctx);
    expect((await readReceiving(ctx, host.owner)).account?.pendingApproval).toEqual([]);
  });

  it("says Asaas refused when it does (an email already in use), saving nothing", async () => {
    const first = await asaasShop();
    const shop = await shopFixture(db(), [], { receiving: false });
    const owner = await ownerOf(db(), shop.organizationId);
    const taken = await refusal(connectAsaas(ctx, owner, asaasForm({ email: first.account.email ?? "" })));
    errorMessages.push(taken.message);
    expect(taken).toMatchObject({ kind: "invalid", message: RECEIVING_TEXT.asaasRefused });
    expect(await liveAccount(db(), shop.organizationId)).toBeNull();
  });
});

describe("a guest paying an Asaas host by PIX", () => {
  let host: Awaited<ReturnType<typeof asaasShop>>;
  beforeAll(async () => {
    host = await asaasShop();
  });

  it("is refused at placeOrder without a CPF, holding nothing", async () => {
    const g = await guestWithCartIn(db(), host.shop, { Vinho: 1 });
    expect(
      await refusal(placeOrder(ctx, { ...g.key, method: "pix", buyer: { ...BUYER, cpf: null } })),
    ).toEqual({
      kind: "invalid",
      message: BUYER_TEXT.cpfRequired,
      fieldErrors: { cpf: BUYER_TEXT.cpfRequired },
    });
    expect(await latestGuestOrder(db(), g.cartId, g.deviceId)).toBeNull();
  });

  it("pays with the CPF: charged with the sub-account's key and a split to Estadia, paid by the webhook, the fees in the ledger and at Asaas", async () => {
    const total = 2 * 5000;
    const platformFee = Math.floor((total * 300 + 5000) / 10000);
    const estadiaBefore = fake.walletBalance(ESTADIA_WALLET);
    const subBefore = fake.balance(host.account.providerAccountId);
    const before = fake.requests.length;

    const { g, orderId, charge, handled } = await paidByPix(host.shop, 2);
    const made = fake.requests.slice(before);

    expect(charge).toMatchObject({
      provider: "asaas",
      paymentAccountId: host.account.id,
      amountCents: total,
    });
    // Every call for the charge was made with the sub-account's key, none with the root's.
    expect(made.length).toBeGreaterThan(0);
    for (const r of made)
      expect(r.headers.access_token, `${r.method} ${r.path}`).toBe(host.credentials.apiKey);
    const customer = made.find((r) => r.method === "POST" && r.path === "/v3/customers");
    expect(customer?.body).toMatchObject({ cpfCnpj: BUYER.cpf, name: BUYER.name });
    const creation = made.find((r) => r.method === "POST" && r.path === "/v3/payments");
    expect(creation?.body).toMatchObject({
      billingType: "PIX",
      value: total / 100,
      split: [{ walletId: ESTADIA_WALLET, fixedValue: platformFee / 100 }],
    });

    expect(handled).toContainEqual({ event: "PAYMENT_RECEIVED", outcome: "applied" });
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: "paid", paidPaymentId: charge.id });
    expect((await latestGuestOrder(db(), g.cartId, g.deviceId))?.status).toBe("paid");

    const money = await db().select().from(walletMovements).where(eq(walletMovements.orderId, orderId));
    expect(money.map((m) => [m.kind, m.bucket, m.amountCents]).sort()).toEqual([
      ["fee", "available", -PIX_FEE],
      ["platform_fee", "available", -platformFee],
      ["sale", "available", total],
    ]);
    const net = total - PIX_FEE - platformFee;
    expect((await walletOf(host.shop.propertyId)).availableCents).toBe(net);
    // At Asaas: Estadia's wallet got exactly its fee; the host's account the rest of the net.
    expect(fake.walletBalance(ESTADIA_WALLET) - estadiaBefore).toBe(platformFee);
    expect(fake.balance(host.account.providerAccountId) - subBefore).toBe(net);

    // The same event again changes nothing; the event is stored once under the account's organization.
    const events = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerPaymentId, charge.providerPaymentId ?? ""));
    expect(events.map((e) => [e.provider, e.topic, e.organizationId])).toEqual([
      ["asaas", "payment", host.shop.organizationId],
    ]);
  });

  it("names the split field as Asaas's API reference does (split): the fake refuses the examples' splits", async () => {
    const g = await guestWithCartIn(db(), host.shop, { Vinho: 1 });
    const placed = await placeOrder(ctx, { ...g.key, method: "pix", buyer: BUYER });
    if (!placed.ok) throw new Error("not placed");
    const before = fake.requests.length;
    await startPixPayment(ctx, g.key);
    const creation = fake.requests
      .slice(before)
      .find((r) => r.method === "POST" && r.path === "/v3/payments");
    const body = creation?.body as Record<string, unknown>;
    expect(body.split).toEqual([{ walletId: ESTADIA_WALLET, fixedValue: expect.any(Number) }]);
    expect(body).not.toHaveProperty("splits");
    const { split, ...rest } = body;
    const renamed = await fetch(`${fake.url}/v3/payments`, {
      method: "POST",
      headers: { access_token: host.credentials.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ ...rest, splits: split }),
    });
    expect(renamed.status).toBe(400);
    expect(JSON.stringify(await renamed.json())).toContain("splits");
  });

  it("takes a delivery only with the account's own token", async () => {
    const other = await asaasShop();
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      event: "PAYMENT_RECEIVED",
      payment: { id: "pay_x" },
    });
    const read = ctx.providers.webhookReader({ to: "account", account: asConnected(host.account) });
    const with_ = (token: string) =>
      read?.({ headers: new Headers({ "asaas-access-token": token }), query: new URLSearchParams(), body });
    expect(with_(host.credentials.webhookToken)).toMatchObject({ topic: "payment", subjectId: "pay_x" });
    expect(with_(other.credentials.webhookToken)).toBeNull();
    expect(with_(ROOT_WEBHOOK_TOKEN)).toBeNull();
    expect(with_("")).toBeNull();
  });

  it("applies an event only with the account it arrived for: another host's URL naming this host's payment changes nothing", async () => {
    const other = await asaasShop();
    const g = await guestWithCartIn(db(), host.shop, { Vinho: 1 });
    await placeOrder(ctx, { ...g.key, method: "pix", buyer: BUYER });
    const { orderId } = await startPixPayment(ctx, g.key);
    const [charge] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    await fake.receivePix(charge?.providerPaymentId ?? "");
    const before = fake.requests.length;

    // Authentic for the other host's account (its own token), about this host's payment.
    const forged = JSON.stringify({
      id: `evt_${randomUUID()}`,
      event: "PAYMENT_RECEIVED",
      payment: { id: charge?.providerPaymentId },
    });
    const outcome = await deliverWebhook(
      ctx,
      { to: "account", account: asConnected(other.account) },
      {
        headers: new Headers({ "asaas-access-token": other.credentials.webhookToken }),
        query: new URLSearchParams(),
        body: forged,
      },
    );
    expect(outcome).toBe("ignored");
    expect(fake.requests.slice(before)).toEqual([]);
    const [stored] = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, JSON.parse(forged).id));
    expect(stored).toMatchObject({ organizationId: null });
    expect(stored?.processedAt).not.toBeNull();
    expect((await latestGuestOrder(db(), g.cartId, g.deviceId))?.status).toBe("pending");

    // The genuine delivery, on this host's own URL, pays the order.
    expect(await handleDeliveries()).toContainEqual({ event: "PAYMENT_RECEIVED", outcome: "applied" });
    expect((await latestGuestOrder(db(), g.cartId, g.deviceId))?.status).toBe("paid");
  });
});

describe("withdrawals from an Asaas sub-account", () => {
  let host: Awaited<ReturnType<typeof asaasShop>>;
  let walletId: string;
  beforeAll(async () => {
    host = await asaasShop();
    await paidByPix(host.shop, 4);
    walletId = (await walletOf(host.shop.propertyId)).id;
  });

  it("transfers from the sub-account; only that transfer is approved; TRANSFER_DONE pays it", async () => {
    const subBefore = fake.balance(host.account.providerAccountId);
    const walletBefore = await walletOf(host.shop.propertyId);
    const before = fake.requests.length;
    const asked = await ask(host.owner, walletId, "20,00");
    expect(asked.status).toBe("processing");
    const w = await withdrawalRow(asked.withdrawalId);
    expect(w).toMatchObject({ provider: "asaas", paymentAccountId: host.account.id, amountCents: 2000 });
    const transferId = w.providerTransferId ?? "";
    const creation = fake.requests
      .slice(before)
      .find((r) => r.method === "POST" && r.path === "/v3/transfers");
    expect(creation?.headers.access_token).toBe(host.credentials.apiKey);
    expect(creation?.body).toMatchObject({
      value: 20,
      pixAddressKey: "52998224725",
      pixAddressKeyType: "CPF",
      externalReference: w.id,
    });
    expect(fake.transfer(transferId)).toMatchObject({ status: "PENDING", externalReference: w.id });
    expect(fake.balance(host.account.providerAccountId)).toBe(subBefore - 2000);
    expect(await walletOf(host.shop.propertyId)).toMatchObject({
      availableCents: walletBefore.availableCents - 2000,
      reservedCents: 2000,
    });

    // Asaas asks: this transfer, this amount, this withdrawal: approved.
    const genuine = validationOf(transferId);
    expect(genuine).toMatchObject({ transferId, valueCents: 2000, externalReference: w.id });
    expect(await validateAsaasTransfer(ctx, genuine)).toEqual({ approve: true });
    // By its transfer id alone (no reference) too.
    expect(await validateAsaasTransfer(ctx, { ...genuine, externalReference: null })).toEqual({
      approve: true,
    });

    // Anything else is refused.
    const refused = async (transfer: typeof genuine) => {
      const decision = await validateAsaasTransfer(ctx, transfer);
      expect(decision.approve, JSON.stringify(transfer)).toBe(false);
      return decision;
    };
    await refused({ transferId: randomUUID(), valueCents: 2000, pixKey: null, externalReference: null });
    await refused({ ...genuine, transferId: randomUUID(), externalReference: randomUUID() });
    await refused({ ...genuine, valueCents: 2001 });
    await refused({ ...genuine, valueCents: 200_000 });
    // Another transfer claiming this withdrawal (someone with a leaked key copying its reference).
    await refused({ ...genuine, transferId: randomUUID() });
    await refused({ ...genuine, pixKey: "outra.chave@example.com" });

    // The money reached the key: Asaas says so by webhook, and the withdrawal is paid.
    fake.done(transferId);
    const handled = await handleDeliveries();
    expect(handled).toContainEqual({ event: "TRANSFER_DONE", outcome: "applied" });
    expect(await withdrawalRow(w.id)).toMatchObject({ status: "paid", failureReason: null });
    expect(await walletOf(host.shop.propertyId)).toMatchObject({
      availableCents: walletBefore.availableCents - 2000,
      reservedCents: 0,
      withdrawnCents: walletBefore.withdrawnCents + 2000,
    });

    // Closed: even the genuine request is refused now (a replay cannot send it twice).
    expect(await validateAsaasTransfer(ctx, genuine)).toMatchObject({ approve: false });
  });

  it("a failed transfer returns the money, here and at Asaas", async () => {
    const subBefore = fake.balance(host.account.providerAccountId);
    const walletBefore = await walletOf(host.shop.propertyId);
    const asked = await ask(host.owner, walletId, "15,00");
    const w = await withdrawalRow(asked.withdrawalId);
    const transferId = w.providerTransferId ?? "";
    expect(await validateAsaasTransfer(ctx, validationOf(transferId))).toEqual({ approve: true });
    await handleDeliveries();
    fake.fail(transferId, "Chave Pix não encontrada no DICT.");
    const handled = await handleDeliveries();
    expect(handled).toContainEqual({ event: "TRANSFER_FAILED", outcome: "applied" });
    const failed = await withdrawalRow(w.id);
    expect(failed).toMatchObject({ status: "failed", failureReason: "Chave Pix não encontrada no DICT." });
    expect(await walletOf(host.shop.propertyId)).toMatchObject({
      availableCents: walletBefore.availableCents,
      reservedCents: 0,
      withdrawnCents: walletBefore.withdrawnCents,
    });
    expect(fake.balance(host.account.providerAccountId)).toBe(subBefore);
    expect(await validateAsaasTransfer(ctx, validationOf(transferId))).toMatchObject({ approve: false });
  });

  it("a transfer Asaas refuses outright fails the withdrawal at once and returns the money", async () => {
    const walletBefore = await walletOf(host.shop.propertyId);
    const subBalance = fake.balance(host.account.providerAccountId);
    // The money left the account at Asaas some other way: Asaas refuses the transfer.
    fake.setBalance(host.account.providerAccountId, 0);
    try {
      const asked = await ask(host.owner, walletId, "11,00");
      expect(asked.status).toBe("failed");
      const w = await withdrawalRow(asked.withdrawalId);
      expect(w.failureReason).toBe(MONEY_TEXT.transferRefused);
      errorMessages.push(w.failureReason ?? "");
      expect(await walletOf(host.shop.propertyId)).toMatchObject({
        availableCents: walletBefore.availableCents,
        reservedCents: 0,
      });
    } finally {
      fake.setBalance(host.account.providerAccountId, subBalance);
    }
  });
});

describe("credentials", () => {
  it("appear in no log line, no error message and no stored event", async () => {
    expect(secrets.length).toBeGreaterThan(4);
    const failures = await db().select({ reason: withdrawals.failureReason }).from(withdrawals);
    const accounts = await db().execute(sql`select row_to_json(pa)::text as row from payment_accounts pa`);
    const events = await db().execute(sql`select row_to_json(pe)::text as row from payment_events pe`);
    const everything = [
      ...logs,
      ...errorMessages,
      ...failures.map((f) => f.reason ?? ""),
      ...accounts.rows.map((r) => String(r.row)),
      ...events.rows.map((r) => String(r.row)),
    ].join("\n");
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [...secrets, ROOT_KEY, ROOT_WEBHOOK_TOKEN, VALIDATION_TOKEN])
      expect(everything.includes(secret), "a credential leaked").toBe(false);
    // Asaas's own key format is nowhere either (a key not sealed would start so).
    expect(everything).not.toContain("$aact_");
  });
});
