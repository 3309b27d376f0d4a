import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { buildBrCode } from "~/lib/pix-brcode";
import { type LoggedRequest, readJsonRequest } from "./fake-http";

export type { LoggedRequest };

// A local, in-process stand-in for the parts of Asaas's REST API (v3) the adapters use, behaving as
// docs.asaas.com describes it: `access_token` header auth (401 without a known key), 403 for a GET with a body,
// JSON errors `{errors: [{code, description}]}`, and every resource owned by the account whose key made it (a
// request with another account's key gets a 404).
// - Accounts: the root key creates sub-accounts (`POST /v3/accounts`), whose `apiKey` appears in that answer
//   only; `GET /v3/accounts` never shows it. Each account has a wallet and a balance.
// - Webhooks: `POST /v3/webhooks` per account (token of 32–255 characters, known events, at most 10);
//   deliveries POST `{id, event, dateCreated, account, payment|transfer}` with the token in
//   `asaas-access-token`; anything but HTTP 200 is a failure retried on the next delivery pass (in order,
//   for SEQUENTIALLY), and 15 failures in a row interrupt the webhook.
// - Customers (cpfCnpj required) and PIX payments with `split`: on receipt the account gets
//   netValue (value less the PIX fee) less the splits, each split's wallet its share; refunds undo both.
// - Transfers to PIX keys from the account's balance (taken at creation, given back on failure or
//   cancellation; 409 for an identical one within 15 minutes). With a transfer validation URL set, each new
//   transfer is offered to it: APPROVED lets it proceed, REFUSED cancels it, 3 failed calls cancel it.
// Deliveries start at once in the background; `flush()` runs a pass and waits for it, so tests never sleep.
// Where the docs say nothing (codes and wording of some refusals), the fake answers in Asaas's error shape with
// its usual codes (`invalid_action`, `not_found`, `invalid_<field>`).

export type AsaasFakeOptions = {
  /** Estadia's root account key. */
  rootApiKey: string;
  /** Estadia's wallet, where splits land; generated when not given. */
  rootWalletId?: string;
  /** Asaas's fee on a received PIX, in cents: R$ 1,99 unless given. */
  pixFeeCents?: number;
};

export type FakeAccount = { id: string; walletId: string; apiKey: string };

/** One attempt to deliver a webhook event. */
export type FakeDelivery = {
  accountId: string;
  webhookId: string;
  url: string;
  event: string;
  eventId: string;
  /** The answer's HTTP status, or null when the request failed. */
  status: number | null;
};

/** One call to the transfer validation URL. */
export type FakeValidationCall = { transferId: string; status: number | null; answer: unknown };

export type AsaasFake = {
  url: string;
  requests: LoggedRequest[];
  root: FakeAccount;
  /** Opens a sub-account without HTTP, for tests that start from an existing account. */
  openSubAccount(options?: { balanceCents?: number; email?: string; name?: string }): FakeAccount;
  /** The account as `GET /v3/accounts` shows it (no apiKey), or undefined. */
  account(id: string): Record<string, unknown> | undefined;
  /** The account's own Pix key, or null when it has none (then its codes last until 23:59 of the day). */
  pixKeyOf(accountId: string): string | null;
  /** Sets parts of the account's approval (`GET /v3/myAccount/status`). */
  setApproval(accountId: string, parts: Partial<Account["approval"]>): void;
  /** Takes the account's Pix key away: an account as Estadia opened them before it made keys. */
  dropPixKey(accountId: string): void;
  /** How many Pix keys were made through the API. */
  readonly pixKeyCreations: number;
  /** The account's available balance, in cents. */
  balance(accountId: string): number;
  setBalance(accountId: string, cents: number): void;
  /** The balance of the account that owns this wallet, in cents. */
  walletBalance(walletId: string): number;
  /** The account's webhooks, token included (Asaas never shows it back; tests may). */
  webhooks(accountId: string): Record<string, unknown>[];
  /** The payment exactly as `GET /v3/payments/:id` answers its owner, or undefined. */
  payment(id: string): Record<string, unknown> | undefined;
  /** The payer pays the PIX: RECEIVED, money moved, PAYMENT_RECEIVED delivered (one pass, awaited). */
  receivePix(paymentId: string): Promise<void>;
  /** The due date passes unpaid: OVERDUE, PAYMENT_OVERDUE delivered. */
  overdue(paymentId: string): Promise<void>;
  /** The transfer as `GET /v3/transfers/:id` answers its owner, or undefined. */
  transfer(id: string): Record<string, unknown> | undefined;
  /** The money reached the key: DONE (a transfer awaiting validation cannot be). */
  done(id: string): void;
  /** FAILED with this failReason; the money goes back. */
  fail(id: string, reason?: string): void;
  processing(id: string): void;
  /** Held by Asaas: BLOCKED. */
  block(id: string): void;
  cancel(id: string): void;
  /** Where new transfers are offered for approval (the root's validation webhook), or null for none. */
  setTransferValidation(config: { url: string; token: string } | null): void;
  /** Runs a delivery pass (validations, then webhooks) and waits for it. */
  flush(): Promise<void>;
  deliveries: FakeDelivery[];
  validationCalls: FakeValidationCall[];
  /** The next `times` requests answer `status` (e.g. 500, 429) with Asaas's error body. */
  failNext(status: number, times?: number): void;
  /** The next request is answered only after `ms`. */
  delayNext(ms: number): void;
  close(): Promise<void>;
};

// ---------------------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: { code: string; description: string }[],
  ) {
    super(errors[0]?.description ?? String(status));
  }
  body(): Json {
    return { errors: this.errors };
  }
}

const invalid = (code: string, description: string) => new ApiError(400, [{ code, description }]);
const notFound = (what: string) =>
  new ApiError(404, [{ code: "not_found", description: `${what} não encontrado.` }]);

const KEY_TYPES = ["CPF", "CNPJ", "EMAIL", "PHONE", "EVP"] as const;
type KeyType = (typeof KEY_TYPES)[number];

const COMPANY_TYPES = ["MEI", "LIMITED", "INDIVIDUAL", "ASSOCIATION"];

/** The events Asaas documents for payments and transfers; a webhook asking for another is refused. */
const KNOWN_EVENTS = new Set([
  "PAYMENT_CREATED",
  "PAYMENT_AWAITING_RISK_ANALYSIS",
  "PAYMENT_APPROVED_BY_RISK_ANALYSIS",
  "PAYMENT_REPROVED_BY_RISK_ANALYSIS",
  "PAYMENT_AUTHORIZED",
  "PAYMENT_UPDATED",
  "PAYMENT_CONFIRMED",
  "PAYMENT_RECEIVED",
  "PAYMENT_CREDIT_CARD_CAPTURE_REFUSED",
  "PAYMENT_ANTICIPATED",
  "PAYMENT_OVERDUE",
  "PAYMENT_DELETED",
  "PAYMENT_RESTORED",
  "PAYMENT_REFUNDED",
  "PAYMENT_PARTIALLY_REFUNDED",
  "PAYMENT_REFUND_IN_PROGRESS",
  "PAYMENT_RECEIVED_IN_CASH_UNDONE",
  "PAYMENT_CHARGEBACK_REQUESTED",
  "PAYMENT_CHARGEBACK_DISPUTE",
  "PAYMENT_AWAITING_CHARGEBACK_REVERSAL",
  "PAYMENT_DUNNING_RECEIVED",
  "PAYMENT_DUNNING_REQUESTED",
  "PAYMENT_BANK_SLIP_VIEWED",
  "PAYMENT_CHECKOUT_VIEWED",
  "TRANSFER_CREATED",
  "TRANSFER_PENDING",
  "TRANSFER_IN_BANK_PROCESSING",
  "TRANSFER_BLOCKED",
  "TRANSFER_DONE",
  "TRANSFER_FAILED",
  "TRANSFER_CANCELLED",
]);

const MAX_WEBHOOKS = 10;
const PAUSE_AFTER_FAILURES = 15;
const VALIDATION_ATTEMPTS = 3;
const MINUTE = 60_000;
/** The key a code made without one of the account's carries (Asaas's own, in the real service). */
const FALLBACK_PIX_KEY = "asaas-fallback-pix-key";
const DUPLICATE_WINDOW_MS = 15 * MINUTE;

type Account = {
  id: string;
  parentId: string | null;
  walletId: string;
  apiKey: string;
  name: string;
  email: string;
  cpfCnpj: string;
  details: Json;
  balanceCents: number;
  /**
   * The account's own PIX key, which its BR Codes carry. A sub-account opened by the API has none until
   * one is made (`POST /v3/pix/addressKeys`); its codes are then payable only until 23:59 of that day.
   */
  pixKey: string | null;
  /** As `GET /v3/myAccount/status` answers: every part approved unless a test says otherwise. */
  approval: Record<"commercialInfo" | "bankAccountInfo" | "documentation" | "general", string>;
};

type Webhook = {
  id: string;
  accountId: string;
  name: string;
  url: string;
  email: string;
  enabled: boolean;
  interrupted: boolean;
  authToken: string | null;
  sendType: "SEQUENTIALLY" | "NON_SEQUENTIALLY";
  events: string[];
  /** Events not yet delivered, oldest first. */
  queue: { eventId: string; event: string; body: Json }[];
  failuresInARow: number;
};

type Customer = { id: string; accountId: string; created: Date; body: Json; cpfCnpj: string };

type Split = {
  walletId: string;
  fixedValue: number | null;
  percentualValue: number | null;
  totalCents: number | null;
};

type Refund = { created: Date; valueCents: number; description: string | null; splitCents: number };

type Payment = {
  id: string;
  accountId: string;
  customer: string;
  created: Date;
  dueDate: string;
  valueCents: number;
  netCents: number;
  description: string | null;
  externalReference: string | null;
  status: "PENDING" | "RECEIVED" | "OVERDUE" | "REFUNDED";
  deleted: boolean;
  paid: Date | null;
  splits: Split[];
  refunds: Refund[];
  qrCode: string;
  /** Made while its account had no Pix key of its own. */
  keyless: boolean;
};

type Transfer = {
  id: string;
  accountId: string;
  status: "PENDING" | "BANK_PROCESSING" | "BLOCKED" | "DONE" | "FAILED" | "CANCELLED";
  /** False while the validation webhook has not approved it. */
  authorized: boolean;
  valueCents: number;
  pixAddressKey: string;
  pixAddressKeyType: KeyType;
  description: string | null;
  externalReference: string | null;
  created: Date;
  effective: Date | null;
  endToEnd: string | null;
  failReason: string | null;
};

/** Brasília (UTC-3): Asaas's dates are local. */
function local(at: Date): string {
  return new Date(at.getTime() - 180 * MINUTE).toISOString();
}
const asaasDate = (at: Date) => local(at).slice(0, 10);
const asaasDateTime = (at: Date) => local(at).slice(0, 19).replace("T", " ");
const reais = (cents: number) => cents / 100;

function checkDigits(digits: string, weights: number[]): number {
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

function validCpf(key: string): boolean {
  if (!/^\d{11}$/.test(key) || /^(\d)\1{10}$/.test(key)) return false;
  const first = checkDigits(key, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigits(key, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(key[9]) && second === Number(key[10]);
}

function validCnpj(key: string): boolean {
  if (!/^\d{14}$/.test(key) || /^(\d)\1{13}$/.test(key)) return false;
  const first = checkDigits(key, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigits(key, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(key[12]) && second === Number(key[13]);
}

const validEmail = (text: unknown) => typeof text === "string" && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** Whether the key is well formed for its type, as Asaas takes keys (phone: area code and number, no +55). */
function keyMatches(type: KeyType, key: string): boolean {
  switch (type) {
    case "CPF":
      return validCpf(key);
    case "CNPJ":
      return validCnpj(key);
    case "EMAIL":
      return key.length <= 77 && validEmail(key);
    case "PHONE":
      return /^[1-9]{2}9?\d{8}$/.test(key);
    case "EVP":
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key);
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function mask(key: string, type: KeyType): string {
  if (type === "CPF") return `***.${key.slice(3, 6)}.${key.slice(6, 9)}-**`;
  if (type === "CNPJ") return `**.${key.slice(2, 5)}.${key.slice(5, 8)}/****-**`;
  return key;
}

/** A positive amount in reais with at most two decimals, as cents; throws Asaas's refusal otherwise. */
function amountCents(value: unknown, field: string): number {
  if (value === undefined || value === null)
    throw invalid(`invalid_${field}`, `O campo ${field} deve ser informado.`);
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw invalid(`invalid_${field}`, `O campo ${field} deve ser numérico.`);
  }
  const cents = Math.round(value * 100);
  if (cents <= 0 || Math.abs(value * 100 - cents) > 1e-6) {
    throw invalid(`invalid_${field}`, `O campo ${field} deve ser maior que zero, em reais e centavos.`);
  }
  return cents;
}

function optionalText(body: Json, field: string): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw invalid(`invalid_${field}`, `O campo ${field} deve ser um texto.`);
  return value;
}

function requiredText(body: Json, field: string): string {
  const value = optionalText(body, field);
  if (!value?.trim()) throw invalid(`invalid_${field}`, `O campo ${field} deve ser informado.`);
  return value;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The page of `items` an Asaas list answers for this query. */
function page<T>(items: T[], query: URLSearchParams, show: (item: T) => Json): Json {
  const limitText = query.get("limit");
  const offsetText = query.get("offset");
  const limit = limitText === null ? 10 : Number(limitText);
  const offset = offsetText === null ? 0 : Number(offsetText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw invalid("invalid_limit", "O limit deve ser um número entre 1 e 100.");
  }
  if (!Number.isInteger(offset) || offset < 0) throw invalid("invalid_offset", "O offset deve ser positivo.");
  const slice = items.slice(offset, offset + limit);
  return {
    object: "list",
    hasMore: offset + slice.length < items.length,
    totalCount: items.length,
    limit,
    offset,
    data: slice.map(show),
  };
}

/** Keeps the items whose date field is within the query's `<name>[ge]`/`[le]` bounds. */
function withinDates<T>(
  items: T[],
  query: URLSearchParams,
  name: string,
  field: (item: T) => Date | null,
): T[] {
  let kept = items;
  for (const [suffix, holds] of [
    ["[ge]", (a: string, b: string) => a >= b],
    ["[le]", (a: string, b: string) => a <= b],
  ] as const) {
    const bound = query.get(`${name}${suffix}`);
    if (bound === null) continue;
    if (!DATE.test(bound))
      throw invalid("invalid_date", `O filtro ${name}${suffix} deve estar no formato yyyy-MM-dd.`);
    kept = kept.filter((item) => {
      const at = field(item);
      return at !== null && holds(asaasDate(at), bound);
    });
  }
  return kept;
}

export async function startAsaasFake(options: AsaasFakeOptions): Promise<AsaasFake> {
  const requests: LoggedRequest[] = [];
  const accounts = new Map<string, Account>();
  const byKey = new Map<string, Account>();
  const webhooks: Webhook[] = [];
  const customers: Customer[] = [];
  const payments: Payment[] = [];
  const transfers: Transfer[] = [];
  const deliveries: FakeDelivery[] = [];
  const validationCalls: FakeValidationCall[] = [];
  /** Transfers still to be offered to the validation URL. */
  let toValidate: Transfer[] = [];
  let validation: { url: string; token: string } | null = null;
  const pixFeeCents = options.pixFeeCents ?? 199;
  let failures: number[] = [];
  let delayMs = 0;
  let baseUrl = "";
  let pixKeyCreations = 0;

  function addAccount(
    fields: Omit<Account, "id" | "walletId" | "apiKey" | "pixKey" | "approval"> & Partial<Account>,
  ): Account {
    const account: Account = {
      id: randomUUID(),
      walletId: randomUUID(),
      apiKey: `$aact_hmlg_${randomBytes(36).toString("base64url")}`,
      pixKey: randomUUID(),
      approval: {
        commercialInfo: "APPROVED",
        bankAccountInfo: "APPROVED",
        documentation: "APPROVED",
        general: "APPROVED",
      },
      ...fields,
    };
    accounts.set(account.id, account);
    byKey.set(account.apiKey, account);
    return account;
  }

  const root = addAccount({
    parentId: null,
    walletId: options.rootWalletId ?? randomUUID(),
    apiKey: options.rootApiKey,
    name: "Estadia Tecnologia Ltda",
    email: "financeiro@estadia.test",
    cpfCnpj: "11222333000181",
    details: {},
    balanceCents: 0,
  });

  const info = (a: Account): FakeAccount => ({ id: a.id, walletId: a.walletId, apiKey: a.apiKey });

  function accountResource(a: Account): Json {
    return {
      object: "account",
      id: a.id,
      name: a.name,
      email: a.email,
      loginEmail: a.email,
      cpfCnpj: a.cpfCnpj,
      personType: a.cpfCnpj.length === 11 ? "FISICA" : "JURIDICA",
      walletId: a.walletId,
      ...a.details,
    };
  }

  const walletOwner = (walletId: string) => [...accounts.values()].find((a) => a.walletId === walletId);

  // --- events ----------------------------------------------------------------------------------------------

  function emit(accountId: string, event: string, subject: { payment: Json } | { transfer: Json }) {
    const account = accounts.get(accountId);
    for (const hook of webhooks) {
      if (hook.accountId !== accountId || !hook.events.includes(event)) continue;
      const eventId = `evt_${randomBytes(16).toString("hex")}&${randomInt(100_000_000, 999_999_999)}`;
      const body = {
        id: eventId,
        event,
        dateCreated: asaasDateTime(new Date()),
        account: { id: accountId, ownerId: account?.parentId ?? null },
        ...subject,
      };
      hook.queue.push({ eventId, event, body });
    }
    kick();
  }

  async function post(url: string, headers: Record<string, string>, body: Json) {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "User-Agent": "Asaas_Hmlg/3.0", ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      let answer: unknown = text;
      try {
        answer = JSON.parse(text);
      } catch {
        // not JSON: kept as text
      }
      return { status: response.status, answer };
    } catch {
      return { status: null, answer: null };
    }
  }

  async function deliverWebhooks() {
    for (const hook of webhooks) {
      if (!hook.enabled || hook.interrupted) continue;
      const pending = [...hook.queue];
      for (const item of pending) {
        const { status } = await post(
          hook.url,
          hook.authToken ? { "asaas-access-token": hook.authToken } : {},
          item.body,
        );
        deliveries.push({
          accountId: hook.accountId,
          webhookId: hook.id,
          url: hook.url,
          event: item.event,
          eventId: item.eventId,
          status,
        });
        if (status === 200) {
          hook.queue = hook.queue.filter((queued) => queued !== item);
          hook.failuresInARow = 0;
          continue;
        }
        hook.failuresInARow += 1;
        if (hook.failuresInARow >= PAUSE_AFTER_FAILURES) hook.interrupted = true;
        // In order: nothing later is sent while an earlier event fails.
        if (hook.sendType === "SEQUENTIALLY" || hook.interrupted) break;
      }
    }
  }

  async function validateTransfers() {
    const batch = toValidate;
    toValidate = [];
    for (const t of batch) {
      const config = validation;
      if (!config || t.status !== "PENDING" || t.authorized) continue;
      let decided = false;
      for (let attempt = 0; attempt < VALIDATION_ATTEMPTS && !decided; attempt++) {
        const { status, answer } = await post(
          config.url,
          { "asaas-access-token": config.token },
          { type: "TRANSFER", transfer: transferResource(t) },
        );
        validationCalls.push({ transferId: t.id, status, answer });
        if (status !== 200 || !isObject(answer)) continue;
        if (answer.status === "APPROVED") {
          t.authorized = true;
          decided = true;
        } else if (answer.status === "REFUSED") {
          settle(t, "CANCELLED", typeof answer.refuseReason === "string" ? answer.refuseReason : null);
          decided = true;
        }
      }
      if (!decided) settle(t, "CANCELLED", "Falha na validação do saque.");
    }
  }

  // One pass at a time; a pass asked for while one is waiting to start is that same pass.
  let chain: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | null = null;
  function kick(): Promise<void> {
    if (waiting) return waiting;
    const run = chain.then(async () => {
      waiting = null;
      await validateTransfers();
      await deliverWebhooks();
    });
    waiting = run;
    chain = run.catch(() => undefined);
    return run;
  }

  // --- customers and payments ------------------------------------------------------------------------------

  function customerResource(c: Customer): Json {
    return { object: "customer", id: c.id, dateCreated: asaasDate(c.created), deleted: false, ...c.body };
  }

  function createCustomer(caller: Account, body: Json): Customer {
    const name = requiredText(body, "name");
    const cpfCnpj = optionalText(body, "cpfCnpj");
    if (!cpfCnpj) throw invalid("invalid_cpfCnpj", "O campo cpfCnpj deve ser informado.");
    if (!validCpf(cpfCnpj) && !validCnpj(cpfCnpj))
      throw invalid("invalid_cpfCnpj", "O CPF/CNPJ informado é inválido.");
    const email = optionalText(body, "email");
    if (email !== null && !validEmail(email)) throw invalid("invalid_email", "O email informado é inválido.");
    const customer: Customer = {
      id: `cus_${randomBytes(6).toString("hex")}`,
      accountId: caller.id,
      created: new Date(),
      cpfCnpj,
      body: {
        name,
        cpfCnpj,
        email,
        notificationDisabled: body.notificationDisabled === true,
        externalReference: optionalText(body, "externalReference"),
      },
    };
    customers.push(customer);
    return customer;
  }

  function paymentResource(p: Payment): Json {
    const refundedCents = p.refunds.reduce((total, r) => total + r.valueCents, 0);
    return {
      object: "payment",
      id: p.id,
      dateCreated: asaasDate(p.created),
      customer: p.customer,
      dueDate: p.dueDate,
      originalDueDate: p.dueDate,
      value: reais(p.valueCents),
      netValue: reais(p.netCents),
      originalValue: null,
      description: p.description,
      billingType: "PIX",
      status: p.status,
      externalReference: p.externalReference,
      deleted: p.deleted,
      confirmedDate: p.paid ? asaasDate(p.paid) : null,
      paymentDate: p.paid ? asaasDate(p.paid) : null,
      clientPaymentDate: p.paid ? asaasDate(p.paid) : null,
      creditDate: p.paid ? asaasDate(p.paid) : null,
      estimatedCreditDate: p.paid ? asaasDate(p.paid) : null,
      pixTransaction: p.paid ? randomUUID() : null,
      invoiceUrl: `${baseUrl}/i/${p.id.slice(4)}`,
      split: p.splits.length
        ? p.splits.map((s) => ({
            walletId: s.walletId,
            fixedValue: s.fixedValue,
            percentualValue: s.percentualValue,
            totalValue: s.totalCents === null ? null : reais(s.totalCents),
            status:
              s.totalCents === null
                ? p.deleted
                  ? "CANCELLED"
                  : "PENDING"
                : refundedCents
                  ? "REFUNDED"
                  : "DONE",
          }))
        : null,
      refunds: p.refunds.length
        ? p.refunds.map((r) => ({
            dateCreated: asaasDateTime(r.created),
            status: "DONE",
            value: reais(r.valueCents),
            description: r.description,
            transactionReceiptUrl: null,
          }))
        : null,
    };
  }

  /** The split amounts on a net value, or the refusal Asaas gives when they do not fit. */
  function splitCents(splits: Split[], netCents: number): number[] {
    const amounts = splits.map((s) =>
      s.fixedValue !== null
        ? Math.round(s.fixedValue * 100)
        : Math.floor(((s.percentualValue ?? 0) * netCents) / 100),
    );
    if (amounts.reduce((a, b) => a + b, 0) > netCents) {
      throw invalid("invalid_split", "O valor total do Split excede o valor líquido da cobrança.");
    }
    return amounts;
  }

  function readSplits(caller: Account, raw: unknown): Split[] {
    if (raw === undefined || raw === null) return [];
    if (!Array.isArray(raw)) throw invalid("invalid_split", "O split deve ser uma lista.");
    return raw.map((entry) => {
      if (!isObject(entry) || typeof entry.walletId !== "string") {
        throw invalid("invalid_split", "Informe o walletId de cada Split.");
      }
      if (entry.walletId === caller.walletId) {
        throw invalid("invalid_split", "Não é permitido fazer Split para a própria carteira.");
      }
      if (!walletOwner(entry.walletId)) throw invalid("invalid_walletId", "A carteira informada não existe.");
      const fixed = entry.fixedValue;
      const percent = entry.percentualValue;
      if ((fixed === undefined) === (percent === undefined)) {
        throw invalid("invalid_split", "Informe fixedValue ou percentualValue em cada Split.");
      }
      if (fixed !== undefined) amountCents(fixed, "fixedValue");
      if (percent !== undefined && (typeof percent !== "number" || percent <= 0 || percent > 100)) {
        throw invalid("invalid_split", "O percentualValue deve estar entre 0 e 100.");
      }
      return {
        walletId: entry.walletId,
        fixedValue: typeof fixed === "number" ? fixed : null,
        percentualValue: typeof percent === "number" ? percent : null,
        totalCents: null,
      };
    });
  }

  function createPayment(caller: Account, body: Json): Payment {
    const customerId = requiredText(body, "customer");
    const customer = customers.find((c) => c.id === customerId && c.accountId === caller.id);
    if (!customer) throw invalid("invalid_customer", "Cliente inválido ou não informado.");
    if (body.billingType !== "PIX") {
      throw invalid("invalid_billingType", "Este simulador só faz cobranças por PIX.");
    }
    const valueCents = amountCents(body.value, "value");
    const dueDate = requiredText(body, "dueDate");
    if (!DATE.test(dueDate))
      throw invalid("invalid_dueDate", "A data de vencimento deve estar no formato yyyy-MM-dd.");
    if (dueDate < asaasDate(new Date())) {
      throw invalid("invalid_dueDate", "A data de vencimento não pode ser anterior à data de hoje.");
    }
    const netCents = valueCents - pixFeeCents;
    if (netCents <= 0) throw invalid("invalid_value", "O valor da cobrança não cobre a taxa.");
    // The API reference names the field `split`; some of Asaas's own examples write `splits`. The real API
    // would drop an unknown field silently (and Estadia's fee with it): the fake refuses it loudly.
    if ("splits" in body)
      throw invalid("invalid_object", "O campo splits não existe: informe o split da cobrança em split.");
    const splits = readSplits(caller, body.split);
    splitCents(splits, netCents);
    const payment: Payment = {
      id: `pay_${randomBytes(8).toString("hex")}`,
      accountId: caller.id,
      customer: customer.id,
      created: new Date(),
      dueDate,
      valueCents,
      netCents,
      description: optionalText(body, "description"),
      externalReference: optionalText(body, "externalReference"),
      status: "PENDING",
      deleted: false,
      paid: null,
      splits,
      refunds: [],
      qrCode: "",
      keyless: caller.pixKey === null,
    };
    payment.qrCode = buildBrCode({
      // Without a key of its own the code carries one of Asaas's, for that day only.
      key: caller.pixKey ?? FALLBACK_PIX_KEY,
      amountCents: valueCents,
      merchantName: caller.name,
      merchantCity: "Sao Paulo",
      txid: payment.id,
      singleUse: true,
    });
    payments.push(payment);
    emit(caller.id, "PAYMENT_CREATED", { payment: paymentResource(payment) });
    return payment;
  }

  function findPayment(caller: Account | null, id: string): Payment {
    const payment = payments.find((p) => p.id === id && (caller === null || p.accountId === caller.id));
    if (!payment) throw notFound("Cobrança");
    return payment;
  }

  function pixKeyResource(a: Account): Json {
    return { id: `key-${a.id}`, key: a.pixKey, type: "EVP", status: "ACTIVE", canBeDeleted: true };
  }

  /** A random key (EVP), the only kind the fake makes; one per account. */
  function createPixKey(caller: Account, body: Json): Json {
    if (body.type !== "EVP") throw invalid("invalid_type", "O tipo de chave informado é inválido.");
    if (caller.pixKey) throw invalid("invalid_action", "Esta conta já possui uma chave aleatória.");
    caller.pixKey = randomUUID();
    pixKeyCreations += 1;
    return pixKeyResource(caller);
  }

  function pixQrCode(p: Payment): Json {
    if (p.deleted || p.status !== "PENDING") {
      throw invalid("invalid_action", "Não é possível gerar o QR Code Pix desta cobrança.");
    }
    // The code stays payable until 12 months after the due date (docs "Obter QR Code"); with no Pix key
    // on the account, only until 23:59 of the day it was made.
    const until = new Date(`${p.dueDate}T23:59:59-03:00`);
    if (p.keyless) until.setTime(new Date(`${local(p.created).slice(0, 10)}T23:59:59-03:00`).getTime());
    else until.setUTCFullYear(until.getUTCFullYear() + 1);
    return {
      encodedImage: Buffer.from(p.qrCode).toString("base64"),
      payload: p.qrCode,
      expirationDate: asaasDateTime(until),
      success: true,
    };
  }

  function deletePayment(caller: Account, p: Payment): Json {
    if (p.deleted) throw notFound("Cobrança");
    if (p.status !== "PENDING" && p.status !== "OVERDUE") {
      throw invalid("invalid_action", "Não é possível remover uma cobrança já recebida.");
    }
    p.deleted = true;
    emit(caller.id, "PAYMENT_DELETED", { payment: paymentResource(p) });
    return { deleted: true, id: p.id };
  }

  function refundPayment(caller: Account, p: Payment, body: Json): Json {
    if (p.deleted || p.status !== "RECEIVED") {
      throw invalid("invalid_action", "Só é possível estornar uma cobrança recebida.");
    }
    const refunded = p.refunds.reduce((total, r) => total + r.valueCents, 0);
    const left = p.valueCents - refunded;
    const valueCents =
      body.value === undefined || body.value === null ? left : amountCents(body.value, "value");
    if (valueCents > left) throw invalid("invalid_value", "O valor do estorno excede o valor disponível.");
    // The split is undone in proportion: its wallet gives its share back to the account.
    const splitTotal = p.splits.reduce((total, s) => total + (s.totalCents ?? 0), 0);
    const splitBack = Math.round((splitTotal * valueCents) / p.valueCents);
    const owner = accounts.get(p.accountId);
    if (!owner || owner.balanceCents + splitBack < valueCents) {
      throw invalid("invalid_action", "Saldo insuficiente para realizar o estorno.");
    }
    let remaining = splitBack;
    for (const [i, s] of p.splits.entries()) {
      const share =
        i === p.splits.length - 1 ? remaining : Math.round(((s.totalCents ?? 0) * valueCents) / p.valueCents);
      remaining -= share;
      const wallet = walletOwner(s.walletId);
      if (wallet) wallet.balanceCents -= share;
    }
    owner.balanceCents += splitBack - valueCents;
    p.refunds.push({
      created: new Date(),
      valueCents,
      description: optionalText(body, "description"),
      splitCents: splitBack,
    });
    const full = valueCents === left;
    if (full) p.status = "REFUNDED";
    emit(caller.id, full ? "PAYMENT_REFUNDED" : "PAYMENT_PARTIALLY_REFUNDED", {
      payment: paymentResource(p),
    });
    return paymentResource(p);
  }

  function listPayments(caller: Account, query: URLSearchParams): Json {
    let matching = payments.filter((p) => p.accountId === caller.id && !p.deleted).reverse();
    matching = withinDates(matching, query, "dateCreated", (p) => p.created);
    const reference = query.get("externalReference");
    if (reference !== null) matching = matching.filter((p) => p.externalReference === reference);
    const customer = query.get("customer");
    if (customer !== null) matching = matching.filter((p) => p.customer === customer);
    const status = query.get("status");
    if (status !== null) matching = matching.filter((p) => p.status === status);
    return page(matching, query, paymentResource);
  }

  // --- transfers -------------------------------------------------------------------------------------------

  function transferResource(t: Transfer): Json {
    const value = reais(t.valueCents);
    return {
      object: "transfer",
      id: t.id,
      type: "BANK_ACCOUNT",
      dateCreated: asaasDate(t.created),
      value,
      netValue: value,
      status: t.status,
      transferFee: 0,
      effectiveDate: t.effective ? asaasDate(t.effective) : null,
      scheduleDate: asaasDate(t.created),
      endToEndIdentifier: t.endToEnd,
      authorized: t.authorized,
      failReason: t.failReason,
      externalReference: t.externalReference,
      transactionReceiptUrl: t.status === "DONE" ? `${baseUrl}/comprovantes/transferencia/${t.id}` : null,
      operationType: "PIX",
      description: t.description,
      recurring: null,
      bankAccount: {
        bank: { ispb: "99999004", code: null, name: "Banco Teste" },
        accountName: null,
        ownerName: "Titular Teste",
        cpfCnpj: t.pixAddressKeyType === "CNPJ" ? "**.***.***/0001-**" : "***.***.***-**",
        agency: "0001",
        agencyDigit: null,
        account: "12345678",
        accountDigit: "9",
        pixAddressKey: mask(t.pixAddressKey, t.pixAddressKeyType),
      },
    };
  }

  function findTransfer(caller: Account | null, id: string): Transfer {
    const transfer = transfers.find((t) => t.id === id && (caller === null || t.accountId === caller.id));
    if (!transfer) {
      throw new ApiError(404, [{ code: "not_found", description: "Transferência não encontrada." }]);
    }
    return transfer;
  }

  const TRANSFER_EVENT: Record<Transfer["status"], string> = {
    PENDING: "TRANSFER_PENDING",
    BANK_PROCESSING: "TRANSFER_IN_BANK_PROCESSING",
    BLOCKED: "TRANSFER_BLOCKED",
    DONE: "TRANSFER_DONE",
    FAILED: "TRANSFER_FAILED",
    CANCELLED: "TRANSFER_CANCELLED",
  };

  /** Moves a transfer on; a failed or cancelled one gives its money back. */
  function settle(t: Transfer, status: Transfer["status"], reason: string | null = null) {
    t.status = status;
    if (status === "FAILED" || status === "CANCELLED") {
      t.failReason = reason;
      const owner = accounts.get(t.accountId);
      if (owner) owner.balanceCents += t.valueCents;
    }
    if (status === "DONE") {
      t.effective = new Date();
      t.endToEnd = `E99999004${asaasDate(t.effective).replaceAll("-", "")}${randomBytes(6).toString("hex")}`;
    }
    emit(t.accountId, TRANSFER_EVENT[status], { transfer: transferResource(t) });
  }

  function createTransfer(caller: Account, body: Json): Transfer {
    if (body.walletId !== undefined || body.bankAccount !== undefined) {
      // Transfers to Asaas accounts and to bank accounts exist in the API but are not faked.
      throw invalid("invalid_action", "Este simulador só faz transferências para chaves Pix.");
    }
    const valueCents = amountCents(body.value, "value");
    const type = body.pixAddressKeyType;
    if (typeof type !== "string" || !(KEY_TYPES as readonly string[]).includes(type)) {
      throw invalid(
        "invalid_pixAddressKeyType",
        "O tipo da chave Pix deve ser CPF, CNPJ, EMAIL, PHONE ou EVP.",
      );
    }
    const keyType = type as KeyType;
    const key = body.pixAddressKey;
    if (typeof key !== "string" || !key)
      throw invalid("invalid_pixAddressKey", "A chave Pix deve ser informada.");
    if (!keyMatches(keyType, key)) {
      throw invalid("invalid_pixAddressKey", `A chave Pix informada não é válida para o tipo ${keyType}.`);
    }
    if (body.operationType !== undefined && body.operationType !== "PIX") {
      throw invalid("invalid_operationType", "Transferências para chave Pix são feitas via PIX.");
    }
    const description = optionalText(body, "description");
    const externalReference = optionalText(body, "externalReference");
    if (valueCents > caller.balanceCents) {
      throw invalid("invalid_action", "Saldo insuficiente para realizar a transferência.");
    }
    const now = new Date();
    const twin = transfers.find(
      (t) =>
        t.accountId === caller.id &&
        t.valueCents === valueCents &&
        t.pixAddressKeyType === keyType &&
        t.pixAddressKey === key &&
        t.status !== "FAILED" &&
        t.status !== "CANCELLED" &&
        now.getTime() - t.created.getTime() < DUPLICATE_WINDOW_MS,
    );
    if (twin) {
      throw new ApiError(409, [
        {
          code: "invalid_action",
          description: "Já existe uma transferência idêntica realizada nos últimos 15 minutos.",
        },
      ]);
    }
    const transfer: Transfer = {
      id: randomUUID(),
      accountId: caller.id,
      status: "PENDING",
      authorized: validation === null,
      valueCents,
      pixAddressKey: key,
      pixAddressKeyType: keyType,
      description,
      externalReference,
      created: now,
      effective: null,
      endToEnd: null,
      failReason: null,
    };
    caller.balanceCents -= valueCents;
    transfers.push(transfer);
    if (!transfer.authorized) toValidate.push(transfer);
    emit(caller.id, "TRANSFER_CREATED", { transfer: transferResource(transfer) });
    return transfer;
  }

  function listTransfers(caller: Account, query: URLSearchParams): Json {
    let matching = transfers.filter((t) => t.accountId === caller.id).reverse(); // newest first
    matching = withinDates(matching, query, "dateCreated", (t) => t.created);
    matching = withinDates(matching, query, "transferDate", (t) => t.effective);
    const type = query.get("type");
    // Every faked transfer goes to a PIX key: a type filter keeps them all or none.
    if (type && type !== "PIX" && type !== "BANK_ACCOUNT") matching = [];
    return page(matching, query, transferResource);
  }

  // --- accounts and webhooks -------------------------------------------------------------------------------

  function createAccount(caller: Account, body: Json): Json {
    if (caller.parentId !== null) {
      throw new ApiError(403, [{ code: "forbidden", description: "Esta conta não pode criar subcontas." }]);
    }
    const name = requiredText(body, "name");
    const email = requiredText(body, "email");
    if (!validEmail(email)) throw invalid("invalid_email", "O email informado é inválido.");
    if ([...accounts.values()].some((a) => a.email === email)) {
      throw invalid("invalid_email", "O email informado já está em uso.");
    }
    const cpfCnpj = requiredText(body, "cpfCnpj");
    if (!validCpf(cpfCnpj) && !validCnpj(cpfCnpj))
      throw invalid("invalid_cpfCnpj", "O CPF/CNPJ informado é inválido.");
    const details: Json = {};
    if (cpfCnpj.length === 11) {
      const birthDate = requiredText(body, "birthDate");
      if (!DATE.test(birthDate)) throw invalid("invalid_birthDate", "A data de nascimento é inválida.");
      details.birthDate = birthDate;
    } else {
      const companyType = requiredText(body, "companyType");
      if (!COMPANY_TYPES.includes(companyType))
        throw invalid("invalid_companyType", "Tipo de empresa inválido.");
      details.companyType = companyType;
    }
    for (const field of ["mobilePhone", "address", "addressNumber", "province"])
      details[field] = requiredText(body, field);
    details.complement = optionalText(body, "complement");
    const postalCode = requiredText(body, "postalCode");
    if (!/^\d{8}$/.test(postalCode.replace(/\D/g, ""))) {
      throw invalid("invalid_postalCode", "O CEP informado é inválido: informe a cidade.");
    }
    details.postalCode = postalCode;
    details.incomeValue = reais(amountCents(body.incomeValue, "incomeValue"));
    const account = addAccount({
      parentId: caller.id,
      name,
      email,
      cpfCnpj,
      details,
      balanceCents: 0,
      pixKey: null,
    });
    // The key is shown in this answer only.
    return { ...accountResource(account), apiKey: account.apiKey };
  }

  function webhookResource(w: Webhook): Json {
    return {
      object: "webhook",
      id: w.id,
      name: w.name,
      url: w.url,
      email: w.email,
      enabled: w.enabled,
      interrupted: w.interrupted,
      apiVersion: 3,
      hasAuthToken: w.authToken !== null,
      sendType: w.sendType,
      penalizedRequestsCount: w.failuresInARow,
      events: w.events,
    };
  }

  function createWebhook(caller: Account, body: Json): Json {
    const name = requiredText(body, "name");
    const url = requiredText(body, "url");
    if (!/^https?:\/\//.test(url)) throw invalid("invalid_url", "A URL do Webhook é inválida.");
    const email = requiredText(body, "email");
    if (!validEmail(email)) throw invalid("invalid_email", "O email informado é inválido.");
    if (typeof body.enabled !== "boolean")
      throw invalid("invalid_enabled", "Informe se o Webhook está ativo.");
    if (typeof body.interrupted !== "boolean")
      throw invalid("invalid_interrupted", "Informe se a fila está interrompida.");
    if (body.sendType !== "SEQUENTIALLY" && body.sendType !== "NON_SEQUENTIALLY") {
      throw invalid("invalid_sendType", "O tipo de envio deve ser SEQUENTIALLY ou NON_SEQUENTIALLY.");
    }
    const authToken = optionalText(body, "authToken");
    if (authToken !== null && (authToken.length < 32 || authToken.length > 255)) {
      throw invalid("invalid_authToken", "O token de autenticação deve ter entre 32 e 255 caracteres.");
    }
    const events = body.events;
    if (!Array.isArray(events) || !events.length || !events.every((e) => typeof e === "string")) {
      throw invalid("invalid_events", "Informe os eventos do Webhook.");
    }
    const unknown = events.find((e) => !KNOWN_EVENTS.has(e));
    if (unknown) throw invalid("invalid_events", `Evento desconhecido: ${unknown}.`);
    if (webhooks.filter((w) => w.accountId === caller.id).length >= MAX_WEBHOOKS) {
      throw invalid("invalid_action", "A conta já possui o máximo de 10 Webhooks.");
    }
    const webhook: Webhook = {
      id: randomUUID(),
      accountId: caller.id,
      name,
      url,
      email,
      enabled: body.enabled,
      interrupted: body.interrupted,
      authToken,
      sendType: body.sendType,
      events: [...new Set(events as string[])],
      queue: [],
      failuresInARow: 0,
    };
    webhooks.push(webhook);
    return webhookResource(webhook);
  }

  // --- HTTP ------------------------------------------------------------------------------------------------

  function route(caller: Account, method: string, path: string, query: URLSearchParams, body: unknown): Json {
    const json = () => {
      if (!isObject(body)) throw invalid("invalid_object", "O corpo da requisição deve ser um objeto JSON.");
      return body;
    };
    const one = (pattern: RegExp) => {
      const match = pattern.exec(path);
      return match ? decodeURIComponent(match[1] ?? "") : null;
    };
    const key = `${method} ${path.replace(/\/+$/, "")}`;
    switch (key) {
      case "POST /v3/accounts":
        return createAccount(caller, json());
      case "GET /v3/accounts": {
        let children = [...accounts.values()].filter((a) => a.parentId === caller.id);
        for (const field of ["email", "cpfCnpj", "walletId"] as const) {
          const wanted = query.get(field);
          if (wanted !== null) children = children.filter((a) => a[field] === wanted);
        }
        return page(children, query, accountResource);
      }
      case "POST /v3/pix/addressKeys":
        return createPixKey(caller, json());
      case "GET /v3/pix/addressKeys":
        return page(caller.pixKey ? [caller] : [], query, pixKeyResource);
      case "GET /v3/myAccount/status":
        return { id: caller.id, ...caller.approval };
      case "GET /v3/finance/balance":
        return { balance: reais(caller.balanceCents) };
      case "POST /v3/webhooks":
        return createWebhook(caller, json());
      case "GET /v3/webhooks":
        return page(
          webhooks.filter((w) => w.accountId === caller.id),
          query,
          webhookResource,
        );
      case "POST /v3/customers":
        return customerResource(createCustomer(caller, json()));
      case "GET /v3/customers": {
        let mine = customers.filter((c) => c.accountId === caller.id);
        const cpfCnpj = query.get("cpfCnpj");
        if (cpfCnpj !== null) mine = mine.filter((c) => c.cpfCnpj === cpfCnpj);
        return page(mine, query, customerResource);
      }
      case "POST /v3/payments":
        return paymentResource(createPayment(caller, json()));
      case "GET /v3/payments":
        return listPayments(caller, query);
      case "POST /v3/transfers":
        return transferResource(createTransfer(caller, json()));
      case "GET /v3/transfers":
        return listTransfers(caller, query);
    }
    const account = one(/^\/v3\/accounts\/([^/]+)$/);
    if (account && method === "GET") {
      const found = accounts.get(account);
      if (!found || found.parentId !== caller.id) throw notFound("Conta");
      return accountResource(found);
    }
    const webhook = one(/^\/v3\/webhooks\/([^/]+)$/);
    if (webhook) {
      const found = webhooks.find((w) => w.id === webhook && w.accountId === caller.id);
      if (!found) throw notFound("Webhook");
      if (method === "GET") return webhookResource(found);
      if (method === "DELETE") {
        webhooks.splice(webhooks.indexOf(found), 1);
        return { deleted: true, id: found.id };
      }
    }
    const qr = one(/^\/v3\/payments\/([^/]+)\/pixQrCode$/);
    if (qr && method === "GET") return pixQrCode(findPayment(caller, qr));
    const refund = one(/^\/v3\/payments\/([^/]+)\/refund$/);
    if (refund && method === "POST") return refundPayment(caller, findPayment(caller, refund), json());
    const payment = one(/^\/v3\/payments\/([^/]+)$/);
    if (payment && method === "GET") return paymentResource(findPayment(caller, payment));
    if (payment && method === "DELETE") return deletePayment(caller, findPayment(caller, payment));
    const transfer = one(/^\/v3\/transfers\/([^/]+)$/);
    if (transfer && method === "GET") return transferResource(findTransfer(caller, transfer));
    throw new ApiError(404, [{ code: "not_found", description: "Recurso não encontrado." }]);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const { text, malformed, ...logged } = await readJsonRequest(req);
    const { method, path, query, headers, body } = logged;
    requests.push(logged);

    const send = (status: number, payload: Json | null) => {
      if (payload === null) return res.writeHead(status).end();
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (delayMs) {
      const ms = delayMs;
      delayMs = 0;
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    const failure = failures.shift();
    if (failure !== undefined) {
      const description = failure === 429 ? "Too many requests" : "Erro interno";
      return send(failure, {
        errors: [{ code: failure === 429 ? "too_many_requests" : "internal_error", description }],
      });
    }
    // A GET with a body is refused before anything else (docs: "Códigos HTTP das respostas").
    if (method === "GET" && text) return send(403, null);
    const caller = headers.access_token ? byKey.get(headers.access_token) : undefined;
    if (!caller) return send(401, null);
    try {
      if (malformed) throw invalid("invalid_object", "O corpo da requisição não é um JSON válido.");
      send(200, route(caller, method, path, query, body));
    } catch (error) {
      if (error instanceof ApiError) return send(error.status, error.body());
      send(500, { errors: [{ code: "internal_error", description: "Erro interno" }] });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // --- test controls ---------------------------------------------------------------------------------------

  function accountOf(id: string): Account {
    const account = accounts.get(id);
    if (!account) throw new Error(`no account ${id}`);
    return account;
  }

  function movable(id: string): Transfer {
    const t = findTransfer(null, id);
    if (t.status !== "PENDING" && t.status !== "BANK_PROCESSING" && t.status !== "BLOCKED") {
      throw new Error(`transfer ${id} is ${t.status}, no longer pending`);
    }
    return t;
  }

  return {
    url: baseUrl,
    requests,
    root: info(root),
    deliveries,
    validationCalls,
    openSubAccount(opts = {}) {
      const account = addAccount({
        parentId: root.id,
        name: opts.name ?? "Anfitriã Teste",
        email: opts.email ?? `anfitria.${randomUUID()}@estadia.test`,
        cpfCnpj: "52998224725",
        details: {},
        balanceCents: opts.balanceCents ?? 0,
      });
      return info(account);
    },
    account(id) {
      const account = accounts.get(id);
      return account && accountResource(account);
    },
    pixKeyOf: (accountId) => accountOf(accountId).pixKey,
    setApproval(accountId, parts) {
      const account = accountOf(accountId);
      account.approval = { ...account.approval, ...parts };
    },
    dropPixKey(accountId) {
      accountOf(accountId).pixKey = null;
    },
    get pixKeyCreations() {
      return pixKeyCreations;
    },
    balance: (accountId) => accountOf(accountId).balanceCents,
    setBalance(accountId, cents) {
      accountOf(accountId).balanceCents = cents;
    },
    walletBalance(walletId) {
      const owner = walletOwner(walletId);
      if (!owner) throw new Error(`no wallet ${walletId}`);
      return owner.balanceCents;
    },
    webhooks: (accountId) =>
      webhooks
        .filter((w) => w.accountId === accountId)
        .map((w) => ({ ...webhookResource(w), authToken: w.authToken })),
    payment(id) {
      const p = payments.find((candidate) => candidate.id === id);
      return p && paymentResource(p);
    },
    async receivePix(paymentId) {
      const p = findPayment(null, paymentId);
      if (p.deleted || (p.status !== "PENDING" && p.status !== "OVERDUE")) {
        throw new Error(`payment ${paymentId} cannot be paid (${p.deleted ? "deleted" : p.status})`);
      }
      p.status = "RECEIVED";
      p.paid = new Date();
      const shares = splitCents(p.splits, p.netCents);
      for (const [i, s] of p.splits.entries()) {
        s.totalCents = shares[i] ?? 0;
        const wallet = walletOwner(s.walletId);
        if (wallet) wallet.balanceCents += s.totalCents;
      }
      accountOf(p.accountId).balanceCents += p.netCents - shares.reduce((a, b) => a + b, 0);
      emit(p.accountId, "PAYMENT_RECEIVED", { payment: paymentResource(p) });
      await kick();
    },
    async overdue(paymentId) {
      const p = findPayment(null, paymentId);
      if (p.deleted || p.status !== "PENDING") throw new Error(`payment ${paymentId} is not pending`);
      p.status = "OVERDUE";
      emit(p.accountId, "PAYMENT_OVERDUE", { payment: paymentResource(p) });
      await kick();
    },
    transfer(id) {
      const t = transfers.find((candidate) => candidate.id === id);
      return t && transferResource(t);
    },
    done(id) {
      const t = movable(id);
      if (!t.authorized) throw new Error(`transfer ${id} was not approved by the validation webhook`);
      settle(t, "DONE");
    },
    fail(id, reason = "Chave Pix não encontrada no DICT.") {
      settle(movable(id), "FAILED", reason);
    },
    processing(id) {
      settle(movable(id), "BANK_PROCESSING");
    },
    block(id) {
      settle(movable(id), "BLOCKED");
    },
    cancel(id) {
      settle(movable(id), "CANCELLED");
    },
    setTransferValidation(config) {
      validation = config;
    },
    flush: () => kick(),
    failNext(status, times = 1) {
      failures = [...failures, ...Array.from({ length: times }, () => status)];
    },
    delayNext(ms) {
      delayMs = ms;
    },
    async close() {
      // Nothing from a test's fake may reach the next test's receiver.
      for (const hook of webhooks) hook.enabled = false;
      toValidate = [];
      await chain;
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
