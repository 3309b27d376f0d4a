import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { PayoutWebhookRequest } from "~/platform/payouts/payout-provider";
import { type LoggedRequest, readJsonRequest } from "./fake-http";

// A local, in-process stand-in for the part of Asaas's REST API (v3) the payout adapter uses, behaving as
// docs.asaas.com describes it: `access_token` header auth (401 without it), 403 for a GET with a body, JSON
// errors `{errors: [{code, description}]}`, `POST /v3/transfers` to a PIX key (value, pixAddressKey,
// pixAddressKeyType, description, externalReference) up to the available balance, 409 for a transfer identical
// (same value and destination) to one made in the last 15 minutes, `GET /v3/transfers/{id}`, and the
// paginated `GET /v3/transfers` with dateCreated/transferDate/type filters. Transfers start PENDING; the
// balance goes down when the transfer is created (so pending transfers cannot overdraw it) and comes back when
// one fails or is cancelled. Notifications are POSTed as Asaas sends them: `{id, event, dateCreated, account,
// transfer}` with the webhook's token in `asaas-access-token`.
// Where the docs say nothing (the code and wording of the insufficient-balance refusal, the body of a 404 or
// 409), the fake answers in Asaas's error shape with `invalid_action` / `not_found`, its usual codes.
// Test controls (done, fail, notify, balance…) are plain methods, not HTTP.

export type AsaasFake = {
  url: string;
  requests: LoggedRequest[];
  /** The money reached the key: DONE. */
  done(id: string): void;
  /** The transfer failed (the money goes back to the balance): FAILED with this failReason. */
  fail(id: string, reason?: string): void;
  /** The bank is processing it: BANK_PROCESSING. */
  processing(id: string): void;
  /** Cancelled before it was done (the money goes back): CANCELLED. */
  cancel(id: string): void;
  /** POSTs the transfer's latest event to `url` as Asaas does. */
  notify(id: string, url: string): Promise<Response>;
  /** The same notification `notify` would send, without sending it. */
  webhookFor(id: string): PayoutWebhookRequest;
  setBalance(cents: number): void;
  /** The available balance, in cents. */
  balance(): number;
  /** The transfer resource exactly as GET /v3/transfers/:id would answer it, or undefined. */
  transfer(id: string): Record<string, unknown> | undefined;
  /** The next `times` requests answer `status` (e.g. 500, 429) with Asaas's error body. */
  failNext(status: number, times?: number): void;
  /** The next request is answered only after `ms`. */
  delayNext(ms: number): void;
  close(): Promise<void>;
};

export type AsaasFakeOptions = { apiKey: string; webhookToken: string; balanceCents: number };

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

const KEY_TYPES = ["CPF", "CNPJ", "EMAIL", "PHONE", "EVP"] as const;
type KeyType = (typeof KEY_TYPES)[number];

type FakeTransfer = {
  id: string;
  status: "PENDING" | "BANK_PROCESSING" | "DONE" | "FAILED" | "CANCELLED";
  /** The event Asaas would send about the latest change. */
  lastEvent: string;
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

const MINUTE = 60_000;
const DUPLICATE_WINDOW_MS = 15 * MINUTE;

/** Brasília (UTC-3): Asaas's dates are local. */
function local(at: Date): string {
  return new Date(at.getTime() - 180 * MINUTE).toISOString();
}
const asaasDate = (at: Date) => local(at).slice(0, 10);
const asaasDateTime = (at: Date) => local(at).slice(0, 19).replace("T", " ");

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

/** Whether the key is well formed for its type, as Asaas takes keys (phone: area code and number, no +55). */
function keyMatches(type: KeyType, key: string): boolean {
  switch (type) {
    case "CPF":
      return validCpf(key);
    case "CNPJ":
      return validCnpj(key);
    case "EMAIL":
      return key.length <= 77 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(key);
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

export async function startAsaasFake(options: AsaasFakeOptions): Promise<AsaasFake> {
  const requests: LoggedRequest[] = [];
  const transfers = new Map<string, FakeTransfer>();
  const order: FakeTransfer[] = [];
  const accountId = randomUUID();
  let balanceCents = options.balanceCents;
  let failures: number[] = [];
  let delayMs = 0;
  let baseUrl = "";

  function resource(t: FakeTransfer): Json {
    const value = t.valueCents / 100;
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
      authorized: true,
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

  function find(id: string): FakeTransfer {
    const transfer = transfers.get(id);
    if (!transfer)
      throw new ApiError(404, [{ code: "not_found", description: "Transferência não encontrada." }]);
    return transfer;
  }

  function create(body: Json): FakeTransfer {
    if (body.walletId !== undefined || body.bankAccount !== undefined) {
      // Transfers to Asaas accounts and to bank accounts exist in the API but are not faked.
      throw invalid("invalid_action", "Este simulador só faz transferências para chaves Pix.");
    }
    const value = body.value;
    if (value === undefined || value === null)
      throw invalid("invalid_value", "O campo value deve ser informado.");
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw invalid("invalid_value", "O campo value deve ser numérico.");
    }
    const valueCents = Math.round(value * 100);
    if (valueCents <= 0 || Math.abs(value * 100 - valueCents) > 1e-6) {
      throw invalid(
        "invalid_value",
        "O valor da transferência deve ser maior que zero, em reais e centavos.",
      );
    }
    const type = body.pixAddressKeyType;
    if (typeof type !== "string" || !(KEY_TYPES as readonly string[]).includes(type)) {
      throw invalid(
        "invalid_pixAddressKeyType",
        "O tipo da chave Pix deve ser CPF, CNPJ, EMAIL, PHONE ou EVP.",
      );
    }
    const keyType = type as KeyType;
    const key = body.pixAddressKey;
    if (typeof key !== "string" || !key) {
      throw invalid("invalid_pixAddressKey", "A chave Pix deve ser informada.");
    }
    if (!keyMatches(keyType, key)) {
      throw invalid("invalid_pixAddressKey", `A chave Pix informada não é válida para o tipo ${keyType}.`);
    }
    if (body.operationType !== undefined && body.operationType !== "PIX") {
      throw invalid("invalid_operationType", "Transferências para chave Pix são feitas via PIX.");
    }
    if (body.description !== undefined && body.description !== null && typeof body.description !== "string") {
      throw invalid("invalid_description", "A descrição deve ser um texto.");
    }
    if (
      body.externalReference !== undefined &&
      body.externalReference !== null &&
      typeof body.externalReference !== "string"
    ) {
      throw invalid("invalid_externalReference", "A referência externa deve ser um texto.");
    }
    if (valueCents > balanceCents) {
      throw invalid("invalid_action", "Saldo insuficiente para realizar a transferência.");
    }
    const now = new Date();
    const twin = order.find(
      (t) =>
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
    const transfer: FakeTransfer = {
      id: randomUUID(),
      status: "PENDING",
      lastEvent: "TRANSFER_CREATED",
      valueCents,
      pixAddressKey: key,
      pixAddressKeyType: keyType,
      description: typeof body.description === "string" ? body.description : null,
      externalReference: typeof body.externalReference === "string" ? body.externalReference : null,
      created: now,
      effective: null,
      endToEnd: null,
      failReason: null,
    };
    balanceCents -= valueCents;
    transfers.set(transfer.id, transfer);
    order.push(transfer);
    return transfer;
  }

  const DATE = /^\d{4}-\d{2}-\d{2}$/;

  function list(query: URLSearchParams): Json {
    const limitText = query.get("limit");
    const offsetText = query.get("offset");
    const limit = limitText === null ? 10 : Number(limitText);
    const offset = offsetText === null ? 0 : Number(offsetText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw invalid("invalid_limit", "O limit deve ser um número entre 1 e 100.");
    }
    if (!Number.isInteger(offset) || offset < 0)
      throw invalid("invalid_offset", "O offset deve ser positivo.");
    const bounds: [string, (t: FakeTransfer) => string | null, (a: string, b: string) => boolean][] = [
      ["dateCreated[ge]", (t) => asaasDate(t.created), (a, b) => a >= b],
      ["dateCreated[le]", (t) => asaasDate(t.created), (a, b) => a <= b],
      ["transferDate[ge]", (t) => (t.effective ? asaasDate(t.effective) : null), (a, b) => a >= b],
      ["transferDate[le]", (t) => (t.effective ? asaasDate(t.effective) : null), (a, b) => a <= b],
    ];
    let matching = [...order].reverse(); // newest first
    for (const [name, field, holds] of bounds) {
      const bound = query.get(name);
      if (bound === null) continue;
      if (!DATE.test(bound))
        throw invalid("invalid_date", `O filtro ${name} deve estar no formato yyyy-MM-dd.`);
      matching = matching.filter((t) => {
        const value = field(t);
        return value !== null && holds(value, bound);
      });
    }
    const type = query.get("type");
    // Every faked transfer goes to a PIX key: a type filter keeps them all or none.
    if (type && type !== "PIX" && type !== "BANK_ACCOUNT") matching = [];
    const page = matching.slice(offset, offset + limit);
    return {
      object: "list",
      hasMore: offset + page.length < matching.length,
      totalCount: matching.length,
      limit,
      offset,
      data: page.map(resource),
    };
  }

  // --- HTTP ------------------------------------------------------------------------------------------------

  function route(method: string, path: string, query: URLSearchParams, body: unknown): [number, Json] {
    if (path === "/v3/transfers" || path === "/v3/transfers/") {
      if (method === "POST") {
        if (!isObject(body))
          throw invalid("invalid_object", "O corpo da requisição deve ser um objeto JSON.");
        return [200, resource(create(body))];
      }
      if (method === "GET") return [200, list(query)];
    }
    const match = /^\/v3\/transfers\/([^/]+)$/.exec(path);
    if (match && method === "GET") return [200, resource(find(decodeURIComponent(match[1] ?? "")))];
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
    if (headers.access_token !== options.apiKey) return send(401, null);
    try {
      if (malformed) throw invalid("invalid_object", "O corpo da requisição não é um JSON válido.");
      const [status, payload] = route(method, path, query, body);
      send(status, payload);
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

  function movable(id: string): FakeTransfer {
    const t = find(id);
    if (t.status !== "PENDING" && t.status !== "BANK_PROCESSING") {
      throw new Error(`transfer ${id} is ${t.status}, no longer pending`);
    }
    return t;
  }

  function webhookFor(id: string): PayoutWebhookRequest {
    const t = find(id);
    const headers = new Headers({
      "content-type": "application/json",
      "asaas-access-token": options.webhookToken,
    });
    const body = JSON.stringify({
      id: `evt_${randomBytes(16).toString("hex")}&${randomInt(100_000_000, 999_999_999)}`,
      event: t.lastEvent,
      dateCreated: asaasDateTime(new Date()),
      account: { id: accountId, ownerId: null },
      transfer: resource(t),
    });
    return { headers, query: new URLSearchParams(), body };
  }

  return {
    url: baseUrl,
    requests,
    done(id) {
      const t = movable(id);
      t.status = "DONE";
      t.lastEvent = "TRANSFER_DONE";
      t.effective = new Date();
      t.endToEnd = `E99999004${asaasDate(t.effective).replaceAll("-", "")}${randomBytes(6).toString("hex")}`;
    },
    fail(id, reason = "Chave Pix não encontrada no DICT.") {
      const t = movable(id);
      t.status = "FAILED";
      t.lastEvent = "TRANSFER_FAILED";
      t.failReason = reason;
      balanceCents += t.valueCents;
    },
    processing(id) {
      const t = movable(id);
      t.status = "BANK_PROCESSING";
      t.lastEvent = "TRANSFER_IN_BANK_PROCESSING";
    },
    cancel(id) {
      const t = movable(id);
      t.status = "CANCELLED";
      t.lastEvent = "TRANSFER_CANCELLED";
      balanceCents += t.valueCents;
    },
    webhookFor,
    async notify(id, url) {
      const request = webhookFor(id);
      return fetch(url, { method: "POST", headers: request.headers, body: request.body });
    },
    setBalance(cents) {
      balanceCents = cents;
    },
    balance() {
      return balanceCents;
    },
    transfer(id) {
      const t = transfers.get(id);
      return t && resource(t);
    },
    failNext(status, times = 1) {
      failures = [...failures, ...Array.from({ length: times }, () => status)];
    },
    delayNext(ms) {
      delayMs = ms;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
