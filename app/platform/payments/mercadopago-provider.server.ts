import { createMercadoPagoApi } from "./mercadopago-api.server";
import { mercadoPagoExpired, mercadoPagoRefusal } from "./mercadopago-codes";
import {
  type ChargeStatus,
  type DisputeOutcome,
  type Payer,
  type PaymentProvider,
  ProviderError,
  type ProviderFees,
  type ProviderPayment,
  type ProviderRefund,
  type WebhookHint,
  type WebhookVerifier,
} from "./provider";
import { webhookSignatureHolds } from "./webhook-signature";

// Mercado Pago's Payments API (checkout transparente) with plain fetch: the official SDK hard-codes
// https://api.mercadopago.com, and tests run this same code against a local fake of the API.
// Marketplace model (ADR 0021): each adapter holds one connected seller's access token, so every charge
// lands in that seller's own account, with Estadia's cut as `application_fee`; the browser still uses the
// platform's public key.

export type MercadoPagoConfig = {
  /** The connected seller's OAuth access token. */
  accessToken: string;
  /** The platform's (integrator's) public key, for the card form in the guest's browser. */
  publicKey: string;
  apiUrl: string;
  notificationUrl: string;
  /** MP requires a payer email; our checkout does not, so this stands in when the guest gave none. */
  fallbackPayerEmail: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** The part of MP's payment resource we read. */
type MpPayment = {
  id: number | string;
  status?: string;
  status_detail?: string | null;
  payment_method_id?: string | null;
  payment_type_id?: string | null;
  transaction_amount?: number;
  external_reference?: string | null;
  date_of_expiration?: string | null;
  money_release_date?: string | null;
  date_created?: string | null;
  fee_details?: MpFee[] | null;
  card?: { last_four_digits?: string | null } | null;
  point_of_interaction?: { transaction_data?: { qr_code?: string | null } | null } | null;
  /** A card the issuer wants confirmed (3-D Secure): where MercadoPago.js would frame the challenge. */
  three_ds_info?: { external_resource_url?: string | null; creq?: string | null } | null;
};

/** One line of `fee_details`: mercadopago_fee, application_fee, or another MP adds (financing_fee…). */
type MpFee = { type?: string; amount?: number; fee_payer?: string };

type MpSearch = { paging?: { total?: number; limit?: number; offset?: number }; results?: MpPayment[] };

type MpRefund = { id: number | string; amount?: number; status?: string };

const STATUS: Record<string, ChargeStatus> = {
  pending: "pending",
  in_process: "processing",
  // A paid charge under dispute stays paid for the order; `dispute` says it is held (ADR 0061).
  in_mediation: "approved",
  authorized: "processing",
  approved: "approved",
  rejected: "rejected",
  cancelled: "cancelled",
  refunded: "refunded",
  charged_back: "refunded",
};

/** Integer cents as MP's decimal reais: 1250 → 12.5 (an integer over 100 is the nearest double). */
function reais(cents: number): number {
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw new ProviderError("amount must be a positive whole number of cents", null, false, "invalid_amount");
  }
  return cents / 100;
}

/** Payments per search page; MP may answer fewer, and the search stops paging past MAX_SEARCH_OFFSET. */
const SEARCH_PAGE = 100;
const MAX_SEARCH_OFFSET = 10_000;

function cents(amount: number | undefined): number {
  return Math.round((amount ?? 0) * 100);
}

function date(text: string | null | undefined): Date | null {
  if (!text) return null;
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** MP documents `yyyy-MM-dd'T'HH:mm:ss.SSSZ` with an explicit offset; Brasília (UTC-3, no DST since 2019). */
export function mercadoPagoDate(at: Date): string {
  const local = new Date(at.getTime() - 3 * 60 * 60 * 1000);
  return `${local.toISOString().slice(0, 23)}-03:00`;
}

function toPayment(p: MpPayment): ProviderPayment {
  const isPix = p.payment_method_id === "pix" || p.payment_type_id === "bank_transfer";
  const qrCode = p.point_of_interaction?.transaction_data?.qr_code;
  const expiresAt = date(p.date_of_expiration);
  const lastFour = p.card?.last_four_digits;
  // A status MP adds later is not final for us: treat it as still being processed.
  const status = STATUS[p.status ?? ""] ?? "processing";
  const detail = p.status_detail ?? "";
  return {
    id: String(p.id),
    status,
    statusDetail: detail,
    refusal: mercadoPagoRefusal(status, detail),
    expired: mercadoPagoExpired(status, detail),
    method: isPix ? "pix" : "credit_card",
    amountCents: cents(p.transaction_amount),
    externalReference: p.external_reference ?? "",
    pix: isPix && qrCode && expiresAt ? { code: qrCode, expiresAt } : null,
    card: !isPix && lastFour ? { lastFour, brand: p.payment_method_id ?? "" } : null,
    moneyReleaseDate: date(p.money_release_date),
    fees: feesOf(p),
    dispute: disputeOf(p),
    challenge: challengeOf(p),
  };
}

/** A 3-D Secure challenge MP asks for (pending / pending_challenge), with an https page to frame. */
function challengeOf(p: MpPayment): ProviderPayment["challenge"] {
  const url = p.three_ds_info?.external_resource_url;
  const creq = p.three_ds_info?.creq;
  if (p.status !== "pending" || p.status_detail !== "pending_challenge" || !url || !creq) return null;
  return /^https:\/\//.test(url) || /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url) ? { url, creq } : null;
}

/**
 * MP's dispute states on the payment: in_mediation while the claim or chargeback lasts, charged_back when the
 * payer got the money; won reads as the payment back to approved (the domain tells it from its open dispute).
 */
function disputeOf(p: MpPayment): DisputeOutcome | null {
  if (p.status === "in_mediation") return { state: "opened", takenCents: null };
  if (p.status === "charged_back") return { state: "lost", takenCents: null };
  return null;
}

/**
 * What MP took from the seller's side of an approved payment: Estadia's application_fee, and every other
 * fee the collector pays (mercadopago_fee first of all). A fee the payer pays (installment financing) was
 * never part of the amount, so it is left out. Null until MP says.
 */
function feesOf(p: MpPayment): ProviderFees | null {
  if (p.status !== "approved" || !Array.isArray(p.fee_details) || p.fee_details.length === 0) return null;
  const fees = { providerCents: 0, platformCents: 0 };
  for (const fee of p.fee_details) {
    if (fee.fee_payer === "payer") continue;
    if (fee.type === "application_fee") fees.platformCents += cents(fee.amount);
    else fees.providerCents += cents(fee.amount);
  }
  return fees;
}

/** MP's refund statuses; in_process and anything newer are still pending for us. */
const REFUND_STATUS: Record<string, ProviderRefund["status"]> = {
  approved: "approved",
  rejected: "rejected",
  cancelled: "rejected",
};

function toRefund(r: MpRefund): ProviderRefund {
  return {
    id: String(r.id),
    amountCents: cents(r.amount),
    status: REFUND_STATUS[r.status ?? ""] ?? "pending",
  };
}

function payerBody(payer: Payer, fallbackEmail: string) {
  const [first = "", ...rest] = payer.name.trim().split(/\s+/);
  return {
    email: payer.email || fallbackEmail,
    ...(first ? { first_name: first } : {}),
    ...(rest.length ? { last_name: rest.join(" ") } : {}),
    ...(payer.cpf ? { identification: { type: "CPF", number: payer.cpf } } : {}),
  };
}

/** Estadia's cut as MP's application_fee, sent only when there is one (0 takes none). */
function applicationFee(feeCents: number, amountCents: number): { application_fee?: number } {
  if (!Number.isSafeInteger(feeCents) || feeCents < 0 || feeCents >= amountCents) {
    throw new ProviderError("platform fee must be whole cents below the amount", null, false, "invalid_fee");
  }
  return feeCents > 0 ? { application_fee: feeCents / 100 } : {};
}

/** GET /v1/chargebacks/{id}: the case and the payments it is about (the rest is read on the payment). */
type MpChargeback = { id?: string | number; payments?: unknown[] | null };

function paymentPath(id: string): string {
  return `/v1/payments/${encodeURIComponent(id)}`;
}

export function createMercadoPagoProvider(config: MercadoPagoConfig): PaymentProvider {
  const call = createMercadoPagoApi(config);

  return {
    name: "mercadopago",

    async createPixCharge(input) {
      // Mercado Pago takes a PIX expiry 30 minutes to 30 days ahead; an order held for exactly 30 minutes is
      // a few milliseconds short by now. The order's own expiry still rules: it cancels the charge then.
      const payment = await call<MpPayment>({
        method: "POST",
        path: "/v1/payments",
        idempotencyKey: input.idempotencyKey,
        secrets: [input.payer.cpf, input.payer.email],
        body: {
          transaction_amount: reais(input.amountCents),
          payment_method_id: "pix",
          description: input.description,
          external_reference: input.orderId,
          notification_url: config.notificationUrl,
          date_of_expiration: mercadoPagoDate(payableUntil(input.expiresAt)),
          payer: payerBody(input.payer, config.fallbackPayerEmail),
          ...applicationFee(input.platformFeeCents, input.amountCents),
        },
      });
      return toPayment(payment);
    },

    async chargeCard(input) {
      const payment = await call<MpPayment>({
        method: "POST",
        path: "/v1/payments",
        idempotencyKey: input.idempotencyKey,
        secrets: [input.token, input.payer.cpf, input.payer.email],
        body: {
          token: input.token,
          transaction_amount: reais(input.amountCents),
          installments: 1,
          ...(input.paymentMethodId ? { payment_method_id: input.paymentMethodId } : {}),
          ...(input.issuerId ? { issuer_id: input.issuerId } : {}),
          description: input.description,
          external_reference: input.orderId,
          notification_url: config.notificationUrl,
          payer: payerBody(input.payer, config.fallbackPayerEmail),
          ...applicationFee(input.platformFeeCents, input.amountCents),
          // Not binary: a card under review answers in_process and is settled by webhook, not refused.
          binary_mode: false,
          // The issuer may ask the guest to confirm (pending_challenge, ADR 0063).
          three_d_secure_mode: "optional",
        },
      });
      return toPayment(payment);
    },

    async getPayment(id) {
      return toPayment(await call<MpPayment>({ method: "GET", path: paymentPath(id) }));
    },

    async cancelPayment(id) {
      const payment = await call<MpPayment>({
        method: "PUT",
        path: paymentPath(id),
        idempotencyKey: `cancel-${id}`,
        body: { status: "cancelled" },
      });
      return toPayment(payment);
    },

    async refund(id, input) {
      const refund = await call<MpRefund>({
        method: "POST",
        path: `${paymentPath(id)}/refunds`,
        idempotencyKey: input.idempotencyKey,
        // No amount refunds whatever is left of the payment.
        body: input.amountCents === undefined ? {} : { amount: reais(input.amountCents) },
      });
      return toRefund(refund);
    },

    async listPayments({ from, to }) {
      const found = new Map<string, ProviderPayment>();
      // Oldest first, so a payment made while we page lands at the end instead of shifting the pages.
      for (let offset = 0; offset < MAX_SEARCH_OFFSET; ) {
        const query = new URLSearchParams({
          sort: "date_created",
          criteria: "asc",
          range: "date_created",
          begin_date: mercadoPagoDate(from),
          end_date: mercadoPagoDate(to),
          limit: String(SEARCH_PAGE),
          offset: String(offset),
        });
        const page = await call<MpSearch>({ method: "GET", path: `/v1/payments/search?${query}` });
        const results = page.results ?? [];
        for (const p of results) {
          // MP's range includes its end; ours does not.
          const created = date(p.date_created);
          if (created && created >= from && created < to) found.set(String(p.id), toPayment(p));
        }
        // MP may answer fewer than asked: step by what came back.
        offset += results.length;
        if (results.length === 0 || offset >= (page.paging?.total ?? 0)) return [...found.values()];
      }
      throw new ProviderError("too many payments in the range: ask for a shorter one", null, false, "range");
    },

    async chargebackPayments(caseId) {
      const found = await call<MpChargeback>({
        method: "GET",
        path: `/v1/chargebacks/${encodeURIComponent(caseId)}`,
      });
      return (found.payments ?? []).flatMap((id) => {
        const text = typeof id === "number" || typeof id === "string" ? String(id) : "";
        return /^\d{1,20}$/.test(text) ? [text] : [];
      });
    },

    browserCardConfig() {
      return {
        provider: "mercadopago",
        publicKey: config.publicKey,
        sdkUrl: "https://sdk.mercadopago.com/js/v2",
      };
    },
  };
}

/**
 * Reads Mercado Pago's webhooks, for every connected seller (they all reach the application's one URL):
 * the signature is over the query's `data.id`, `x-request-id` and `ts` with the application's secret, and
 * the body's `user_id` names the seller whose credentials fetch the payment.
 */
export function mercadoPagoWebhookVerifier(webhookSecret: string): WebhookVerifier {
  return ({ headers, query, body }) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return ipnHint(query);
    }
    if (!parsed || typeof parsed !== "object") return ipnHint(query);
    const event = parsed as {
      id?: unknown;
      type?: unknown;
      action?: unknown;
      date_created?: unknown;
      user_id?: unknown;
      data?: { id?: unknown } | null;
    };
    // MP signs the query's data.id, so that is the payment we trust; the body is not signed.
    const dataId = query.get("data.id") ?? idText(event.data?.id);
    const holds =
      dataId !== null &&
      webhookSignatureHolds({
        secret: webhookSecret,
        signature: headers.get("x-signature"),
        dataId,
        requestId: headers.get("x-request-id"),
      });
    if (!holds) return ipnHint(query);
    const topic =
      typeof event.type === "string" ? event.type : (query.get("type") ?? query.get("topic") ?? "");
    return {
      eventId:
        idText(event.id) ?? `${String(event.action ?? topic)}:${dataId}:${String(event.date_created ?? "")}`,
      topic,
      paymentId: dataId,
      // Unsigned, like the rest of the body: it only picks whose credentials re-fetch the payment, and
      // another seller's credentials get a 404 for a payment that is not theirs.
      sellerId: idText(event.user_id),
    };
  };
}

/** One unsigned call per payment a minute is taken; the rest are replays of it (answered, not stored). */
const IPN_BUCKET_MS = 60_000;

/**
 * Mercado Pago's IPN (`?topic=payment&id=…`, or `?type=payment&data.id=…` whose signature does not hold):
 * it cannot be authenticated, so only the payment id in the query is read, never the body or a seller.
 * Anything else unsigned is not a notification (null: 401).
 */
function ipnHint(query: URLSearchParams): WebhookHint | null {
  const topic = query.get("topic") ?? query.get("type");
  const id = query.get("id") ?? query.get("data.id");
  if (topic !== "payment" || !id || !/^\d{1,20}$/.test(id)) return null;
  const bucket = Math.floor(Date.now() / IPN_BUCKET_MS);
  return { eventId: `ipn:payment:${id}:${bucket}`, topic, paymentId: id, sellerId: null, unsigned: true };
}

function idText(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" && value !== "" ? value : null;
}

/** The PIX expiry Mercado Pago accepts: at least 30 minutes (plus a minute of margin) from now. */
function payableUntil(wanted: Date): Date {
  return new Date(Math.max(wanted.getTime(), Date.now() + 31 * 60_000));
}
