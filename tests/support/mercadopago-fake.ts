import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { buildBrCode } from "~/lib/pix-brcode";
import type { MercadoPagoAppConfig } from "~/platform/env.server";
import type { WebhookRequest } from "~/platform/payments/provider";
import { signWebhook } from "~/platform/payments/webhook-signature";
import { type LoggedRequest, readJsonRequest } from "./fake-http";

export type { LoggedRequest };

// A local, in-process stand-in for the parts of Mercado Pago's REST API that the adapter uses, behaving as
// the documentation and the official Node SDK describe it (see docs/payments-notes.md): Bearer auth, required
// X-Idempotency-Key on creations, MP's error body `{message, error, status, cause: [...]}`, PIX answers with
// a BR Code, single-use card tokens and the test-card convention where the cardholder name decides.
// Marketplace (split 1:1): sellers connect by OAuth (`GET /authorization` on the "auth" host, which this one
// port also serves, and `POST /oauth/token` with single-use codes valid 10 minutes and rotating refresh
// tokens); each payment belongs to the seller whose token made it (another seller's token gets a 404);
// `application_fee` comes back as a fee_details line next to MP's own fee on approval, and is refused
// (400, code 2059) on the application owner's own token. Webhooks carry the seller's `user_id`.
// Test controls (approve, reject, expire, notify, connect, revoke…) are plain methods, not HTTP.

export type MercadoPagoFake = {
  url: string;
  requests: LoggedRequest[];
  /** The payer pays (PIX) or the review ends well (card in_process). */
  approve(id: string | number): void;
  reject(id: string | number): void;
  /** A pending PIX reaches its date_of_expiration: cancelled / expired. */
  expire(id: string | number): void;
  /**
   * A paid payment's dispute as MP moves it: open (status in_mediation while the claim or chargeback is
   * analysed), win (back to approved), lose (charged_back: the payer got the money).
   */
  dispute(id: string | number, step: "open" | "win" | "lose"): void;
  /**
   * The `chargebacks` webhook MP sends when a dispute opens or ends: signed like a payment's, its data.id
   * the chargeback case (GET /v1/chargebacks/:id names the payment); only after `dispute` opened one.
   */
  chargebackWebhookFor(paymentId: string | number): WebhookRequest;
  /**
   * The next card's issuer asks for 3-D Secure: with `three_d_secure_mode: "optional"` the payment answers
   * pending / pending_challenge with `three_ds_info`; without it, rejected cc_rejected_3ds_mandatory.
   */
  requireChallengeNext(): void;
  /** The payer answered the issuer's challenge: approved, or rejected cc_rejected_3ds_challenge. */
  completeChallenge(id: string | number, passed: boolean): void;
  /** The payment resource exactly as GET /v1/payments/:id would answer it, or undefined. */
  payment(id: string | number): Record<string, unknown> | undefined;
  /** The next `times` requests answer `status` with MP's error body (e.g. 500, 429). */
  failNext(status: number, times?: number): void;
  /** The next request is answered only after `ms`. */
  delayNext(ms: number): void;
  /** POSTs the payment's webhook as MP does, to `notificationUrl` or the payment's notification_url. */
  notify(id: string | number, notificationUrl?: string): Promise<Response>;
  /** The same webhook request as `notify` would send, without sending it. */
  webhookFor(id: string | number): WebhookRequest;
  /**
   * The IPN call MP also makes to a payment's notification_url (`?topic=payment&id=…`): nothing in it can
   * be verified; the body as IPN sends it (`resource`, `topic`).
   */
  ipnFor(id: string | number): WebhookRequest;
  /** The application's credentials the fake accepts at /oauth/token. */
  readonly clientId: string;
  readonly clientSecret: string;
  /** An app config pointing both MP hosts (api and auth) at the fake. */
  appConfig(overrides?: Partial<MercadoPagoAppConfig>): MercadoPagoAppConfig;
  /** A new seller account (not yet connected); its user_id as text. */
  addSeller(nickname?: string): FakeSeller;
  /** Connects a seller as a finished OAuth would (a new seller when none given): fresh tokens. */
  connect(userId?: string): FakeConnection;
  /**
   * Who authorizes on the next visit to /authorization: a seller's user_id, or null for a new seller each
   * time. `?fake_seller=<user_id>` on the authorization URL wins over it.
   */
  nextAuthorizingSeller: string | null;
  /** The next visit to /authorization is declined: back to redirect_uri with error=access_denied. */
  denyNextAuthorization(): void;
  /** The seller revoked the application: their access tokens answer 401, their refresh token invalid_grant. */
  revoke(userId: string): void;
  /** The seller's current access token(s) expire now (the refresh token still works). */
  expireAccessToken(userId: string): void;
  /** How many times the seller's token was refreshed successfully. */
  refreshCount(userId: string): number;
  /** Moves the fake's OAuth clock (code validity, token expiry) forward. */
  advanceClock(ms: number): void;
  /** The user_id (as text) of the account that owns the payment. */
  sellerOf(id: string | number): string;
  /** The user_id (as text) of the application owner's own account (the `accessToken` option's). */
  readonly ownerId: string;
  /** At most this many results per /v1/payments/search page, whatever `limit` asks (default 1000). */
  searchPageCap: number;
  close(): Promise<void>;
};

export type FakeSeller = { userId: string; nickname: string; email: string };
export type FakeConnection = { userId: string; accessToken: string; refreshToken: string; publicKey: string };

export type MercadoPagoFakeOptions = {
  /** The application owner's own token (charges into the owner's account, no application_fee). */
  accessToken?: string;
  /** The integrator's public key, for card tokens made in the browser. */
  publicKey: string;
  webhookSecret: string;
  clientId?: string;
  clientSecret?: string;
  /** MP's own fee, in percent of the amount, on approval (defaults: card 4.98, PIX 0.99). */
  feePercent?: { card?: number; pix?: number };
  /** Lifetime of access tokens (MP: 15552000 s, 180 days). */
  tokenLifetimeSeconds?: number;
};

/** MP's test cards (Brazil); expiry 11/30, CVV 123 (1234 for Amex). */
export const TEST_CARDS = {
  master: "5031433215406351",
  visa: "4235647728025682",
  amex: "375365153556885",
  elo: "5067766783888311",
} as const;

/** MP's test CPF. */
export const TEST_CPF = "12345678909";

/** What MercadoPago.js does in the browser: POST /v1/card_tokens?public_key=… with the card. */
export async function createTestCardToken(
  apiUrl: string,
  publicKey: string,
  holderName: string,
  cardNumber: string = TEST_CARDS.master,
): Promise<string> {
  const response = await fetch(`${apiUrl}/v1/card_tokens?public_key=${encodeURIComponent(publicKey)}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      card_number: cardNumber,
      cardholder: { name: holderName, identification: { type: "CPF", number: TEST_CPF } },
      expiration_month: 11,
      expiration_year: 2030,
      security_code: cardNumber.length === 15 ? "1234" : "123",
    }),
  });
  const body = (await response.json()) as { id?: string };
  if (response.status !== 201 || !body.id) throw new Error(`card token refused: ${JSON.stringify(body)}`);
  return body.id;
}

// ---------------------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly error: string,
    readonly causes: { code: string | number; description: string }[] = [],
  ) {
    super(message);
  }
  body(): Json {
    return {
      message: this.message,
      error: this.error,
      status: this.status,
      cause: this.causes.map((c) => ({ ...c, data: null })),
    };
  }
}

const badRequest = (code: string | number, description: string) =>
  new ApiError(400, description, "bad_request", [{ code, description }]);

type CardToken = {
  id: string;
  cardNumber: string;
  holderName: string;
  identification: { type?: string; number?: string } | null;
  expirationMonth: number;
  expirationYear: number;
  created: Date;
  used: boolean;
};

/** Who a request's Bearer token speaks for: a connected seller, or the application owner's own account. */
type Principal = { userId: number; owner: boolean };

type Account = {
  userId: number;
  nickname: string;
  email: string;
  publicKey: string;
  /** The one refresh token that works now (MP rotates them), or null. */
  refreshToken: string | null;
  refreshes: number;
};

type FakeRefund = { id: number; amountCents: number; created: Date };

type FakeChargeback = {
  id: string;
  paymentId: number;
  amountCents: number;
  created: Date;
  updated: Date;
  resolved: "covered" | "not_covered" | null;
};

type FakePayment = {
  id: number;
  /** The account whose token created it. */
  collectorId: number;
  applicationFeeCents: number;
  /** Set on approval: what MP took and what the marketplace took. */
  fees: { mercadopagoCents: number; applicationCents: number } | null;
  methodId: string;
  typeId: "bank_transfer" | "credit_card";
  status: string;
  detail: string;
  amountCents: number;
  refundedCents: number;
  description: string | null;
  externalReference: string | null;
  notificationUrl: string | null;
  payer: Json;
  installments: number;
  issuerId: string | null;
  binaryMode: boolean;
  created: Date;
  updated: Date;
  approved: Date | null;
  expiresAt: Date | null;
  moneyRelease: Date | null;
  card: Json | null;
  qrCode: string | null;
  ticketHash: string;
  refunds: FakeRefund[] /** A card waiting for its issuer's 3-D Secure challenge: what three_ds_info carries. */;
  creq?: string | null;
};

/** Payment methods the fake knows; anything else is MP's 'Invalid payment_method_id'. */
const CARD_METHODS = ["master", "visa", "amex", "elo", "hipercard", "debmaster", "debvisa", "debelo"];
const OTHER_METHODS = ["pix", "bolbradesco", "pec"];

/** The cardholder name picks the outcome of a test card (MP 'test cards'). */
const TEST_OUTCOMES: Record<string, [status: string, detail: string]> = {
  APRO: ["approved", "accredited"],
  OTHE: ["rejected", "cc_rejected_other_reason"],
  CONT: ["in_process", "pending_contingency"],
  CALL: ["rejected", "cc_rejected_call_for_authorize"],
  FUND: ["rejected", "cc_rejected_insufficient_amount"],
  SECU: ["rejected", "cc_rejected_bad_filled_security_code"],
  EXPI: ["rejected", "cc_rejected_bad_filled_date"],
  FORM: ["rejected", "cc_rejected_bad_filled_other"],
};

/** Any base64 PNG stands in for the QR image (1×1 transparent pixel). */
const QR_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** MP answers dates in its own offset, e.g. 2021-11-18T16:05:46.075-04:00. */
function mpTime(at: Date | null): string | null {
  if (!at) return null;
  return `${new Date(at.getTime() - 4 * 60 * MINUTE).toISOString().slice(0, 23)}-04:00`;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(cardNumber: string): string {
  if (/^(5067|4389|6362|509)/.test(cardNumber)) return "elo";
  if (/^3[47]/.test(cardNumber)) return "amex";
  if (/^4/.test(cardNumber)) return "visa";
  return "master";
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** MP refuses malformed addresses and reserved TLDs (.test, .local…) with code 4050. */
function validEmail(email: unknown): email is string {
  if (typeof email !== "string" || email.length >= 254) return false;
  const match = /^[^\s@]+@[^\s@]+\.([A-Za-z]{2,})$/.exec(email);
  return (
    !!match && !["test", "local", "localhost", "invalid", "example"].includes(match[1]?.toLowerCase() ?? "")
  );
}

const SEARCH_RANGES: Record<string, (p: FakePayment) => Date | null> = {
  date_created: (p) => p.created,
  date_approved: (p) => p.approved,
  date_last_updated: (p) => p.updated,
  money_release_date: (p) => p.moneyRelease,
};

const DATE_FORMAT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:?\d{2})$/;

export async function startMercadoPagoFake(options: MercadoPagoFakeOptions): Promise<MercadoPagoFake> {
  const requests: LoggedRequest[] = [];
  const payments = new Map<number, FakePayment>();
  const tokens = new Map<string, CardToken>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const ownerUserId = randomInt(100_000_000, 999_999_999);
  const clientId = options.clientId ?? String(randomInt(1_000_000_000, 9_999_999_999));
  const clientSecret = options.clientSecret ?? randomBytes(16).toString("hex");
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 15_552_000;
  const cardFeePercent = options.feePercent?.card ?? 4.98;
  const pixFeePercent = options.feePercent?.pix ?? 0.99;
  const accounts = new Map<number, Account>();
  /** Access token → whose, and until when (null: never, the owner's configured token). */
  const accessTokens = new Map<string, { userId: number; expiresAt: number | null }>();
  const codes = new Map<string, { userId: number; redirectUri: string; expiresAt: number; used: boolean }>();
  let nextUserId = randomInt(1_000_000_000, 1_900_000_000);
  let clockOffsetMs = 0;
  let denyNext = false;
  const pixKey = randomUUID();
  let nextPaymentId = randomInt(1_000_000_000, 9_000_000_000);
  let nextRefundId = randomInt(1_000_000_000, 2_000_000_000);
  let failures: number[] = [];
  let delayMs = 0;
  let baseUrl = "";

  function resource(p: FakePayment): Json {
    const isPix = p.methodId === "pix";
    const amount = p.amountCents / 100;
    return {
      id: p.id,
      date_created: mpTime(p.created),
      date_approved: mpTime(p.approved),
      date_last_updated: mpTime(p.updated),
      date_of_expiration: mpTime(p.expiresAt),
      money_release_date: mpTime(p.moneyRelease),
      money_release_status: p.moneyRelease ? (p.moneyRelease <= new Date() ? "released" : "pending") : null,
      operation_type: "regular_payment",
      issuer_id: p.issuerId,
      payment_method_id: p.methodId,
      payment_type_id: p.typeId,
      payment_method: { id: p.methodId, type: p.typeId, issuer_id: p.issuerId },
      status: p.status,
      status_detail: p.detail,
      currency_id: "BRL",
      description: p.description,
      live_mode: false,
      collector_id: p.collectorId,
      payer: p.payer,
      metadata: {},
      additional_info: {},
      external_reference: p.externalReference,
      transaction_amount: amount,
      transaction_amount_refunded: p.refundedCents / 100,
      coupon_amount: 0,
      installments: p.installments,
      transaction_details: {
        net_received_amount: p.fees
          ? (p.amountCents - p.fees.mercadopagoCents - p.fees.applicationCents) / 100
          : 0,
        total_paid_amount: amount,
        overpaid_amount: 0,
        installment_amount: isPix ? 0 : amount / p.installments,
        external_resource_url: null,
        financial_institution: null,
      },
      fee_details: feeDetails(p),
      captured: true,
      binary_mode: p.binaryMode,
      card: p.card ?? {},
      notification_url: p.notificationUrl,
      refunds: p.refunds.map((r) => refundResource(p, r)),
      point_of_interaction: isPix
        ? {
            type: "OPENPLATFORM",
            sub_type: null,
            application_data: { name: null, version: null },
            transaction_data: {
              qr_code: p.qrCode,
              qr_code_base64: QR_PNG_BASE64,
              ticket_url: `${baseUrl}/payments/${p.id}/ticket?caller_id=${p.collectorId}&hash=${p.ticketHash}`,
              transaction_id: null,
              bank_transfer_id: null,
              financial_institution: null,
            },
          }
        : { type: "UNSPECIFIED", business_info: { unit: "online_payments", sub_unit: "default" } },
      ...(p.creq && p.detail === "pending_challenge"
        ? { three_ds_info: { external_resource_url: `${baseUrl}/3ds/challenge/${p.id}`, creq: p.creq } }
        : {}),
    };
  }

  /** MP's fee first, then the marketplace's from the rest; both paid by the collector (the seller). */
  function feeDetails(p: FakePayment): Json[] {
    if (!p.fees) return [];
    return [
      { type: "mercadopago_fee", amount: p.fees.mercadopagoCents / 100, fee_payer: "collector" },
      ...(p.fees.applicationCents
        ? [{ type: "application_fee", amount: p.fees.applicationCents / 100, fee_payer: "collector" }]
        : []),
    ];
  }

  function takeFees(p: FakePayment) {
    const percent = p.methodId === "pix" ? pixFeePercent : cardFeePercent;
    p.fees = {
      mercadopagoCents: Math.round((p.amountCents * percent) / 100),
      applicationCents: p.applicationFeeCents,
    };
  }

  function refundResource(p: FakePayment, r: FakeRefund): Json {
    return {
      id: r.id,
      payment_id: p.id,
      amount: r.amountCents / 100,
      metadata: {},
      source: { id: String(p.collectorId), name: "Estadia Teste", type: "collector" },
      date_created: mpTime(r.created),
      unique_sequence_number: null,
      refund_mode: "standard",
      adjustment_amount: 0,
      status: "approved",
      reason: null,
      amount_refunded_to_payer: r.amountCents / 100,
    };
  }

  /** The payment, as `who` may see it: another account's payment is as good as missing. */
  /** Whether the next card's issuer asks for a 3-D Secure challenge. */
  let challengeNext = false;

  /** Chargeback cases by id, one per payment, as GET /v1/chargebacks/:id answers them. */
  const chargebacks = new Map<string, FakeChargeback>();

  function openCase(payment: FakePayment, step: "open" | "win" | "lose") {
    const now = new Date();
    const existing = [...chargebacks.values()].find((c) => c.paymentId === payment.id);
    const found = existing ?? {
      id: String(randomInt(100_000_000_000, 999_999_999_999)),
      paymentId: payment.id,
      amountCents: payment.amountCents,
      created: now,
      updated: now,
      resolved: null,
    };
    found.updated = now;
    // MP's coverage_applied: true when the decision was for the seller, false when the payer got the money.
    if (step !== "open") found.resolved = step === "win" ? "covered" : "not_covered";
    chargebacks.set(found.id, found);
  }

  function chargebackResource(id: string, who: Principal): Json {
    const found = chargebacks.get(id);
    if (!found || find(found.paymentId).collectorId !== who.userId) {
      throw new ApiError(404, "chargeback not found", "not_found");
    }
    return {
      id: found.id,
      payments: [found.paymentId],
      currency: "BRL",
      amount: found.amountCents / 100,
      coverage_applied: found.resolved === null ? null : found.resolved === "covered",
      coverage_elegible: true,
      documentation_required: true,
      documentation_status: "pending",
      documentation: [],
      date_documentation_deadline: mpTime(new Date(found.created.getTime() + 10 * DAY)),
      date_created: mpTime(found.created),
      date_last_updated: mpTime(found.updated),
      live_mode: false,
    } as Json;
  }

  function find(id: string | number, who?: Principal): FakePayment {
    const payment = /^\d+$/.test(String(id)) ? payments.get(Number(id)) : undefined;
    if (!payment || (who && payment.collectorId !== who.userId)) {
      throw new ApiError(404, "Payment not found", "not_found", [
        { code: 2000, description: "Payment not found" },
      ]);
    }
    return payment;
  }

  function change(p: FakePayment, status: string, detail: string) {
    p.status = status;
    p.detail = detail;
    p.updated = new Date();
  }

  // --- validation shared by PIX and card payments ---------------------------------------------------------

  function amountCentsOf(body: Json): number {
    const amount = body.transaction_amount;
    if (amount === undefined || amount === null)
      throw badRequest(4002, "transaction_amount attribute can't be null");
    if (typeof amount !== "number" || !Number.isFinite(amount)) {
      throw badRequest(4003, "transaction_amount attribute must be numeric");
    }
    if (amount <= 0) throw badRequest(4037, "Invalid transaction_amount");
    return Math.round(amount * 100);
  }

  function payerOf(body: Json): Json {
    const payer = body.payer ?? {};
    if (!isObject(payer)) throw badRequest(4006, "payer attribute is malformed");
    if (!validEmail(payer.email)) throw badRequest(4050, "payer.email must be a valid email");
    const identification = isObject(payer.identification) ? payer.identification : null;
    if (identification && (!identification.type || !identification.number)) {
      throw badRequest(2067, "Invalid user identification number");
    }
    return {
      id: null,
      type: null,
      email: payer.email,
      first_name: typeof payer.first_name === "string" ? payer.first_name : null,
      last_name: typeof payer.last_name === "string" ? payer.last_name : null,
      identification: identification ?? { type: null, number: null },
      entity_type: null,
    };
  }

  function newPayment(body: Json, fields: Partial<FakePayment>): FakePayment {
    const now = new Date();
    const payment: FakePayment = {
      id: nextPaymentId++,
      collectorId: ownerUserId,
      applicationFeeCents: 0,
      fees: null,
      methodId: "pix",
      typeId: "bank_transfer",
      status: "pending",
      detail: "pending_waiting_transfer",
      amountCents: 0,
      refundedCents: 0,
      description: typeof body.description === "string" ? body.description : null,
      externalReference: typeof body.external_reference === "string" ? body.external_reference : null,
      notificationUrl: typeof body.notification_url === "string" ? body.notification_url : null,
      payer: {},
      installments: 1,
      issuerId: null,
      binaryMode: body.binary_mode === true,
      created: now,
      updated: now,
      approved: null,
      expiresAt: null,
      moneyRelease: null,
      card: null,
      qrCode: null,
      ticketHash: randomUUID(),
      refunds: [],
      ...fields,
    };
    payments.set(payment.id, payment);
    return payment;
  }

  function createPayment(body: Json, who: Principal): FakePayment {
    const amountCents = amountCentsOf(body);
    const applicationFeeCents = applicationFeeOf(body, amountCents, who);
    if (typeof body.notification_url === "string" && !/^https?:\/\/\S+$/.test(body.notification_url)) {
      throw badRequest(4020, "notification_url attribute must be url valid");
    }
    const methodId = body.payment_method_id;
    if (
      methodId !== undefined &&
      (typeof methodId !== "string" || ![...CARD_METHODS, ...OTHER_METHODS].includes(methodId))
    ) {
      throw badRequest(3028, "Invalid payment_method_id");
    }
    const payer = payerOf(body);
    if (methodId === undefined && body.token === undefined) {
      throw badRequest(4001, "payment_method_id attribute can't be null");
    }
    if (methodId !== undefined && methodId !== "pix" && OTHER_METHODS.includes(methodId)) {
      throw badRequest(3028, "Invalid payment_method_id"); // boleto/lotérica are not faked
    }
    const payment =
      methodId === "pix"
        ? createPix(body, amountCents, payer)
        : chargeCard(body, amountCents, payer, methodId);
    payment.collectorId = who.userId;
    payment.applicationFeeCents = applicationFeeCents;
    if (payment.status === "approved") takeFees(payment);
    return payment;
  }

  /** The marketplace's cut: only on a connected seller's token, and less than the amount. */
  function applicationFeeOf(body: Json, amountCents: number, who: Principal): number {
    const fee = body.application_fee;
    if (fee === undefined || fee === null) return 0;
    if (typeof fee !== "number" || !Number.isFinite(fee) || fee < 0) {
      throw badRequest(4003, "application_fee attribute must be numeric");
    }
    if (who.owner) throw badRequest(2059, "You cannot use application_fee with this payment");
    const cents = Math.round(fee * 100);
    if (cents >= amountCents) {
      throw badRequest("invalid_application_fee", "application_fee must be less than transaction_amount");
    }
    return cents;
  }

  function createPix(body: Json, amountCents: number, payer: Json): FakePayment {
    const now = Date.now();
    let expiresAt = new Date(now + DAY); // MP's default: 24 h
    if (body.date_of_expiration !== undefined) {
      const text = body.date_of_expiration;
      if (typeof text !== "string" || !DATE_FORMAT.test(text) || Number.isNaN(Date.parse(text))) {
        throw badRequest(1001, "Date format must be yyyy-MM-dd'T'HH:mm:ss.SSSZ");
      }
      expiresAt = new Date(text);
      const ahead = expiresAt.getTime() - now;
      if (ahead < 30 * MINUTE || ahead > 30 * DAY) {
        throw badRequest(
          "invalid_date_of_expiration",
          "date_of_expiration must be between 30 minutes and 30 days from the payment's creation",
        );
      }
    }
    const payment = newPayment(body, { amountCents, payer, expiresAt });
    payment.qrCode = buildBrCode({
      key: pixKey,
      amountCents,
      merchantName: "Estadia Teste",
      merchantCity: "Sao Paulo",
      txid: `MP${payment.id}`,
      singleUse: true,
    });
    return payment;
  }

  function chargeCard(
    body: Json,
    amountCents: number,
    payer: Json,
    methodId: string | undefined,
  ): FakePayment {
    if (body.token === undefined || body.token === null)
      throw badRequest(4000, "card attribute can't be null");
    if (body.installments === undefined || body.installments === null) {
      throw badRequest(4004, "installments attribute can't be null");
    }
    if (
      typeof body.installments !== "number" ||
      !Number.isInteger(body.installments) ||
      body.installments < 1
    ) {
      throw badRequest(4005, "installments attribute must be numeric");
    }
    const token = typeof body.token === "string" ? tokens.get(body.token) : undefined;
    if (!token) throw badRequest(2006, "Card Token not found");
    if (token.used) {
      // MP's own words, token id included: why the adapter scrubs messages before they reach a log.
      throw new ApiError(
        400,
        `could not update the Cardtoken with the following id: ${token.id} because has been used or expired`,
        "bad_request",
        [{ code: 3003, description: "Invalid card_token_id" }],
      );
    }
    token.used = true; // consumed by the attempt, whatever its outcome
    const holder = token.holderName.trim().split(/\s+/)[0]?.toUpperCase() ?? "";
    // Any other holder name on a test card: refused as a general error, like OTHE.
    let [status, detail] = TEST_OUTCOMES[holder] ?? ["rejected", "cc_rejected_other_reason"];
    const challenged = challengeNext;
    challengeNext = false;
    if (challenged) {
      [status, detail] =
        body.three_d_secure_mode === "optional"
          ? ["pending", "pending_challenge"]
          : ["rejected", "cc_rejected_3ds_mandatory"];
    }
    const now = new Date();
    return newPayment(body, {
      methodId: methodId ?? brandOf(token.cardNumber),
      typeId: "credit_card",
      status,
      detail,
      amountCents,
      payer,
      installments: body.installments,
      issuerId:
        typeof body.issuer_id === "string" || typeof body.issuer_id === "number"
          ? String(body.issuer_id)
          : null,
      approved: status === "approved" ? now : null,
      moneyRelease: status === "approved" ? new Date(now.getTime() + 30 * DAY) : null,
      creq: detail === "pending_challenge" ? randomUUID().replace(/-/g, "") : null,
      card: {
        id: null,
        first_six_digits: token.cardNumber.slice(0, 6),
        last_four_digits: token.cardNumber.slice(-4),
        expiration_month: token.expirationMonth,
        expiration_year: token.expirationYear,
        date_created: mpTime(now),
        date_last_updated: mpTime(now),
        cardholder: { name: token.holderName, identification: token.identification ?? {} },
      },
    });
  }

  function createToken(body: Json): Json {
    const cardNumber = typeof body.card_number === "string" ? body.card_number.replace(/\s/g, "") : "";
    const holder = isObject(body.cardholder) ? body.cardholder : {};
    const month = Number(body.expiration_month);
    const year = Number(body.expiration_year);
    const cvv = typeof body.security_code === "string" ? body.security_code : "";
    if (!cardNumber) throw badRequest(205, "parameter cardNumber can not be null/empty");
    if (!/^\d{13,19}$/.test(cardNumber) || !luhn(cardNumber))
      throw badRequest("E301", "invalid parameter cardNumber");
    if (body.expiration_month === undefined)
      throw badRequest(208, "parameter expirationMonth can not be null/empty");
    if (!Number.isInteger(month) || month < 1 || month > 12)
      throw badRequest(325, "invalid parameter expirationMonth");
    if (body.expiration_year === undefined)
      throw badRequest(209, "parameter expirationYear can not be null/empty");
    if (!Number.isInteger(year) || year < 2000) throw badRequest(326, "invalid parameter expirationYear");
    if (typeof holder.name !== "string" || !holder.name.trim()) {
      throw badRequest(221, "parameter cardholderName can not be null/empty");
    }
    if (!cvv) throw badRequest(224, "parameter securityCode can not be null/empty");
    if (!/^\d{3,4}$/.test(cvv)) throw badRequest("E203", "invalid parameter securityCode");
    const now = new Date();
    const token: CardToken = {
      id: randomBytes(16).toString("hex"),
      cardNumber,
      holderName: holder.name,
      identification: isObject(holder.identification)
        ? (holder.identification as CardToken["identification"])
        : null,
      expirationMonth: month,
      expirationYear: year,
      created: now,
      used: false,
    };
    tokens.set(token.id, token);
    return {
      id: token.id,
      public_key: options.publicKey,
      first_six_digits: cardNumber.slice(0, 6),
      expiration_month: month,
      expiration_year: year,
      last_four_digits: cardNumber.slice(-4),
      cardholder: { identification: token.identification ?? {}, name: token.holderName },
      status: "active",
      date_created: mpTime(now),
      date_last_updated: mpTime(now),
      date_due: mpTime(new Date(now.getTime() + 7 * DAY)),
      luhn_validation: true,
      live_mode: false,
      require_esc: false,
      card_number_length: cardNumber.length,
      security_code_length: cvv.length,
    };
  }

  function cancel(p: FakePayment, body: Json): Json {
    if (body.status !== "cancelled") throw badRequest(4017, "status attribute can't be null");
    if (!["pending", "in_process", "authorized"].includes(p.status)) {
      throw badRequest(
        3005,
        "Not valid action, the resource is in a state that does not allow this operation. For more information see the state that has the resource.",
      );
    }
    change(p, "cancelled", "by_collector");
    return resource(p);
  }

  function refund(p: FakePayment, body: Json): Json {
    if (p.status !== "approved") {
      throw badRequest(
        3005,
        "Not valid action, the resource is in a state that does not allow this operation. For more information see the state that has the resource.",
      );
    }
    const left = p.amountCents - p.refundedCents;
    let amountCents = left;
    if (body.amount !== undefined) {
      if (typeof body.amount !== "number" || !Number.isFinite(body.amount)) {
        throw badRequest(4024, "transaction_amount attribute must be numeric");
      }
      amountCents = Math.round(body.amount * 100);
      if (amountCents <= 0 || amountCents > left) {
        throw badRequest(
          "invalid_refund_amount",
          "The amount to refund is more than what is left of the payment",
        );
      }
    }
    const r: FakeRefund = { id: nextRefundId++, amountCents, created: new Date() };
    p.refunds.push(r);
    p.refundedCents += amountCents;
    if (p.refundedCents >= p.amountCents) change(p, "refunded", "refunded");
    else change(p, "approved", "partially_refunded");
    return refundResource(p, r);
  }

  // --- accounts and OAuth -----------------------------------------------------------------------------

  const oauthNow = () => Date.now() + clockOffsetMs;

  if (options.accessToken) accessTokens.set(options.accessToken, { userId: ownerUserId, expiresAt: null });

  function addAccount(nickname?: string): Account {
    const userId = nextUserId++;
    const account: Account = {
      userId,
      nickname: nickname ?? `TESTUSER${userId}`,
      email: `test_user_${userId}@testuser.com`,
      publicKey: `TEST-${randomUUID()}`,
      refreshToken: null,
      refreshes: 0,
    };
    accounts.set(userId, account);
    return account;
  }

  function accountOf(userId: string | number): Account {
    const account = accounts.get(Number(userId));
    if (!account) throw new Error(`no seller ${userId} in the Mercado Pago fake`);
    return account;
  }

  /** New tokens for the seller: the previous refresh token stops working (MP rotates it). */
  function issueTokens(account: Account): Json {
    const accessToken = `TEST-${clientId}-${randomBytes(16).toString("hex")}-${account.userId}`;
    accessTokens.set(accessToken, {
      userId: account.userId,
      expiresAt: oauthNow() + tokenLifetimeSeconds * 1000,
    });
    account.refreshToken = `TG-${randomBytes(12).toString("hex")}-${account.userId}`;
    return {
      access_token: accessToken,
      token_type: "bearer",
      expires_in: tokenLifetimeSeconds,
      scope: "offline_access payments read write",
      user_id: account.userId,
      refresh_token: account.refreshToken,
      public_key: account.publicKey,
      live_mode: false,
    };
  }

  const invalidGrant = () =>
    new ApiError(
      400,
      "Error validating grant. Your authorization code or refresh token may be expired or it was already used.",
      "invalid_grant",
    );

  /** The authorization page, answered at once: the seller chosen by the test authorizes (or declines). */
  function authorize(query: URLSearchParams): string {
    const redirectUri = query.get("redirect_uri") ?? "";
    if (query.get("client_id") !== clientId) throw new ApiError(400, "invalid client_id", "invalid_client");
    if (query.get("response_type") !== "code") {
      throw new ApiError(400, "response_type must be code", "unsupported_response_type");
    }
    if (!URL.canParse(redirectUri)) throw new ApiError(400, "invalid redirect_uri", "invalid_request");
    const back = new URL(redirectUri);
    const state = query.get("state");
    if (state !== null) back.searchParams.set("state", state);
    if (denyNext) {
      // MP does not document a refusal; this is OAuth 2's (RFC 6749 4.1.2.1).
      denyNext = false;
      back.searchParams.set("error", "access_denied");
      return back.toString();
    }
    const chosen = query.get("fake_seller") ?? fake.nextAuthorizingSeller;
    const account = chosen ? accountOf(chosen) : addAccount();
    const code = `TG-${randomBytes(12).toString("hex")}-${account.userId}`;
    codes.set(code, {
      userId: account.userId,
      redirectUri,
      expiresAt: oauthNow() + 10 * MINUTE,
      used: false,
    });
    back.searchParams.set("code", code);
    return back.toString();
  }

  function token(body: Json): Json {
    if (body.client_id !== clientId || body.client_secret !== clientSecret) {
      throw new ApiError(400, "invalid client_id or client_secret", "invalid_client");
    }
    if (body.grant_type === "authorization_code") {
      const grant = typeof body.code === "string" ? codes.get(body.code) : undefined;
      if (!grant || grant.used || grant.expiresAt <= oauthNow() || body.redirect_uri !== grant.redirectUri) {
        throw invalidGrant();
      }
      grant.used = true;
      return issueTokens(accountOf(grant.userId));
    }
    if (body.grant_type === "refresh_token") {
      const account = [...accounts.values()].find(
        (a) => a.refreshToken !== null && a.refreshToken === body.refresh_token,
      );
      if (!account) throw invalidGrant();
      account.refreshes++;
      return issueTokens(account);
    }
    throw new ApiError(
      400,
      "grant_type must be authorization_code or refresh_token",
      "unsupported_grant_type",
    );
  }

  function principalOf(req: IncomingMessage): Principal | null {
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
    const entry = bearer ? accessTokens.get(bearer) : undefined;
    if (!entry || (entry.expiresAt !== null && entry.expiresAt <= oauthNow())) return null;
    return { userId: entry.userId, owner: entry.userId === ownerUserId };
  }

  function me(who: Principal): Json {
    const account = accounts.get(who.userId);
    const nickname = account?.nickname ?? "ESTADIA_TESTE";
    return {
      id: who.userId,
      nickname,
      first_name: "Test",
      last_name: "Test",
      email: account?.email ?? `test_user_${who.userId}@testuser.com`,
      site_id: "MLB",
      country_id: "BR",
      user_type: "normal",
      status: { site_status: "active" },
    };
  }

  /** GET /v1/payments/search: the caller's payments, filtered on one date field, sorted and paged. */
  function search(query: URLSearchParams, who: Principal): Json {
    const rangeField = SEARCH_RANGES[query.get("range") ?? "date_created"];
    const sortField = SEARCH_RANGES[query.get("sort") ?? "date_created"];
    if (!rangeField || !sortField) throw badRequest("invalid_parameter", "invalid range or sort");
    const bound = (name: string): number | null => {
      const text = query.get(name);
      if (text === null) return null;
      const at = Date.parse(text);
      if (!DATE_FORMAT.test(text) || Number.isNaN(at))
        throw badRequest("invalid_parameter", `invalid ${name}`);
      return at;
    };
    const begin = bound("begin_date");
    const end = bound("end_date");
    const limit = Math.min(Math.max(Number(query.get("limit") ?? 30) || 30, 1), fake.searchPageCap);
    const offset = Math.max(Number(query.get("offset") ?? 0) || 0, 0);
    const reference = query.get("external_reference");
    const direction = query.get("criteria") === "asc" ? 1 : -1;
    const matching = [...payments.values()]
      .filter((p) => p.collectorId === who.userId)
      .filter((p) => reference === null || p.externalReference === reference)
      .filter((p) => {
        if (begin === null && end === null) return true;
        const at = rangeField(p)?.getTime();
        // MP's range includes both ends.
        return at !== undefined && (begin === null || at >= begin) && (end === null || at <= end);
      })
      .sort(
        (a, b) =>
          direction * ((sortField(a)?.getTime() ?? 0) - (sortField(b)?.getTime() ?? 0) || a.id - b.id),
      );
    return {
      paging: { total: matching.length, limit, offset },
      results: matching.slice(offset, offset + limit).map(resource),
    };
  }

  // --- HTTP ------------------------------------------------------------------------------------------------

  function route(
    req: IncomingMessage,
    path: string,
    query: URLSearchParams,
    body: Json,
    who: Principal | null,
  ): [number, Json] {
    const method = req.method ?? "GET";
    if (method === "POST" && path === "/v1/card_tokens") {
      // The browser authenticates with the integrator's public key; the server side may use a token.
      if (query.get("public_key") !== options.publicKey && !who) {
        throw new ApiError(401, "invalid public_key", "unauthorized");
      }
      return [201, createToken(body)];
    }
    if (method === "POST" && path === "/oauth/token") return [200, token(body)];
    if (!who) throw new Error("unreachable: the caller checked the token");
    if (method === "GET" && path === "/users/me") return [200, me(who)];
    if (method === "GET" && path === "/v1/payments/search") return [200, search(query, who)];
    const chargeback = /^\/v1\/chargebacks\/([^/]+)$/.exec(path);
    if (chargeback && method === "GET") return [200, chargebackResource(chargeback[1] ?? "", who)];
    const paymentMatch = /^\/v1\/payments\/([^/]+)(\/refunds)?$/.exec(path);
    if (method === "POST" && path === "/v1/payments") return [201, resource(createPayment(body, who))];
    const id = paymentMatch?.[1] ?? "";
    if (paymentMatch && !paymentMatch[2] && method === "GET") return [200, resource(find(id, who))];
    if (paymentMatch && !paymentMatch[2] && method === "PUT") return [200, cancel(find(id, who), body)];
    if (paymentMatch?.[2] && method === "POST") return [201, refund(find(id, who), body)];
    if (paymentMatch?.[2] && method === "GET") {
      const p = find(id, who);
      return [200, { results: p.refunds.map((r) => refundResource(p, r)) } as Json];
    }
    throw new ApiError(404, "resource not found", "not_found");
  }

  /** Creations need an idempotency key; a repeated key answers what the first request got. */
  function needsIdempotencyKey(method: string, path: string): boolean {
    return method === "POST" && (path === "/v1/payments" || /^\/v1\/payments\/[^/]+\/refunds$/.test(path));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const { text, malformed, ...logged } = await readJsonRequest(req);
    const { method, path, query, body } = logged;
    requests.push(logged);

    const send = (status: number, payload: Json) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (method === "GET" && path === "/authorization") {
      // The auth host's page, not the API: no injected failures or delays.
      try {
        res.writeHead(302, { Location: authorize(query) }).end();
      } catch (error) {
        if (error instanceof ApiError) return send(error.status, error.body());
        throw error;
      }
      return;
    }
    if (delayMs) {
      const ms = delayMs;
      delayMs = 0;
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    const failure = failures.shift();
    if (failure !== undefined) {
      const error = failure === 429 ? "too_many_requests" : "internal_server_error";
      return send(failure, new ApiError(failure, error.replaceAll("_", " "), error).body());
    }
    try {
      const who = principalOf(req);
      const open = (method === "POST" && path === "/v1/card_tokens") || path === "/oauth/token";
      if (!open && !who) {
        throw new ApiError(401, "invalid access token", "unauthorized", [
          { code: 2, description: "invalid access token" },
        ]);
      }
      if (malformed) throw badRequest("json_parse_error", "The body is not valid JSON");
      let key: string | undefined;
      if (needsIdempotencyKey(method, path)) {
        // Keys are the caller's own: two sellers may happen to use the same one.
        key = `${who?.userId}|${path}|${req.headers["x-idempotency-key"] ?? ""}`;
        if (!req.headers["x-idempotency-key"])
          throw badRequest("header_x_idempotency_key", "Header X-Idempotency-Key can't be null");
        const stored = idempotent.get(key);
        if (stored) return send(stored.status, structuredClone(stored.body));
      }
      const [status, payload] = route(req, path, query, isObject(body) ? body : {}, who);
      if (key) idempotent.set(key, { status, body: structuredClone(payload) });
      send(status, payload);
    } catch (error) {
      if (error instanceof ApiError) return send(error.status, error.body());
      send(500, new ApiError(500, "internal error", "internal_server_error").body());
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function settleable(id: string | number, from: string[]): FakePayment {
    const p = find(id);
    if (!from.includes(p.status)) throw new Error(`payment ${p.id} is ${p.status}, not ${from.join(" or ")}`);
    return p;
  }

  function webhookFor(id: string | number): WebhookRequest {
    const payment = find(id);
    const dataId = String(payment.id);
    const requestId = randomUUID();
    const headers = new Headers({
      "content-type": "application/json",
      "x-request-id": requestId,
      "x-signature": signWebhook({ secret: options.webhookSecret, dataId, requestId }),
    });
    const query = new URLSearchParams({ "data.id": dataId, type: "payment" });
    const body = JSON.stringify({
      id: randomInt(100_000_000, 999_999_999) * 100 + randomInt(0, 100),
      live_mode: false,
      type: "payment",
      date_created: mpTime(new Date()),
      // The seller whose payment it is: whose credentials fetch it.
      user_id: payment.collectorId,
      api_version: "v1",
      action: "payment.updated",
      data: { id: dataId },
    });
    return { headers, query, body };
  }

  function ipnFor(id: string | number): WebhookRequest {
    const dataId = String(find(id).id);
    const query = new URLSearchParams({ id: dataId, topic: "payment" });
    const body = JSON.stringify({ resource: dataId, topic: "payment" });
    return { headers: new Headers({ "content-type": "application/json" }), query, body };
  }

  const fake: MercadoPagoFake = {
    url: baseUrl,
    requests,
    clientId,
    clientSecret,
    ownerId: String(ownerUserId),
    nextAuthorizingSeller: null,
    searchPageCap: 1000,
    approve(id) {
      const p = settleable(id, ["pending", "in_process"]);
      const now = new Date();
      change(p, "approved", "accredited");
      takeFees(p);
      p.approved = now;
      // A PIX is released at once; a card after the usual 30 days.
      p.moneyRelease = p.methodId === "pix" ? now : new Date(now.getTime() + 30 * DAY);
    },
    reject(id) {
      const p = settleable(id, ["pending", "in_process"]);
      change(p, "rejected", p.methodId === "pix" ? "rejected_by_bank" : "cc_rejected_other_reason");
    },
    expire(id) {
      change(settleable(id, ["pending"]), "cancelled", "expired");
    },
    dispute(id, step) {
      if (step === "open") change(settleable(id, ["approved"]), "in_mediation", "pending");
      if (step === "win") change(settleable(id, ["in_mediation"]), "approved", "accredited");
      if (step === "lose") change(settleable(id, ["approved", "in_mediation"]), "charged_back", "reimbursed");
      openCase(find(id), step);
    },
    requireChallengeNext() {
      challengeNext = true;
    },
    completeChallenge(id, passed) {
      const p = settleable(id, ["pending"]);
      if (p.detail !== "pending_challenge") throw new Error(`payment ${p.id} has no challenge`);
      if (!passed) return change(p, "rejected", "cc_rejected_3ds_challenge");
      change(p, "approved", "accredited");
      takeFees(p);
      p.approved = new Date();
      p.moneyRelease = new Date(Date.now() + 30 * DAY);
    },
    chargebackWebhookFor(paymentId) {
      const payment = find(paymentId);
      const found = [...chargebacks.values()].find((c) => c.paymentId === payment.id);
      if (!found) throw new Error(`payment ${payment.id} has no chargeback case`);
      const dataId = String(found.id);
      const requestId = randomUUID();
      return {
        headers: new Headers({
          "content-type": "application/json",
          "x-request-id": requestId,
          "x-signature": signWebhook({ secret: options.webhookSecret, dataId, requestId }),
        }),
        query: new URLSearchParams({ "data.id": dataId, type: "chargebacks" }),
        body: JSON.stringify({
          id: randomInt(100_000_000, 999_999_999) * 100 + randomInt(0, 100),
          live_mode: false,
          type: "chargebacks",
          date_created: mpTime(new Date()),
          user_id: payment.collectorId,
          api_version: "v1",
          action: found.resolved ? "chargeback.updated" : "chargeback.created",
          data: { id: dataId },
        }),
      };
    },
    payment(id) {
      const p = /^\d+$/.test(String(id)) ? payments.get(Number(id)) : undefined;
      return p && resource(p);
    },
    failNext(status, times = 1) {
      failures = [...failures, ...Array.from({ length: times }, () => status)];
    },
    delayNext(ms) {
      delayMs = ms;
    },
    webhookFor,
    ipnFor,
    async notify(id, notificationUrl) {
      const target = notificationUrl ?? find(id).notificationUrl;
      if (!target) throw new Error(`payment ${id} has no notification_url`);
      const request = webhookFor(id);
      const url = new URL(target);
      for (const [name, value] of request.query) url.searchParams.set(name, value);
      return fetch(url, { method: "POST", headers: request.headers, body: request.body });
    },
    appConfig(overrides = {}) {
      return {
        clientId,
        clientSecret,
        publicKey: options.publicKey,
        webhookSecret: options.webhookSecret,
        apiUrl: baseUrl,
        authUrl: baseUrl,
        payerEmail: "pagamentos@estadia.com.br",
        ...overrides,
      };
    },
    addSeller(nickname) {
      const { userId, email, ...account } = addAccount(nickname);
      return { userId: String(userId), nickname: account.nickname, email };
    },
    connect(userId) {
      const account = userId === undefined ? addAccount() : accountOf(userId);
      const answer = issueTokens(account);
      return {
        userId: String(account.userId),
        accessToken: String(answer.access_token),
        refreshToken: String(answer.refresh_token),
        publicKey: account.publicKey,
      };
    },
    denyNextAuthorization() {
      denyNext = true;
    },
    revoke(userId) {
      const account = accountOf(userId);
      account.refreshToken = null;
      for (const [token, entry] of accessTokens)
        if (entry.userId === account.userId) accessTokens.delete(token);
    },
    expireAccessToken(userId) {
      const account = accountOf(userId);
      for (const entry of accessTokens.values())
        if (entry.userId === account.userId) entry.expiresAt = oauthNow() - 1;
    },
    refreshCount(userId) {
      return accountOf(userId).refreshes;
    },
    advanceClock(ms) {
      clockOffsetMs += ms;
    },
    sellerOf(id) {
      return String(find(id).collectorId);
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
  return fake;
}
