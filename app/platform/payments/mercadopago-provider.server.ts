import { createMercadoPagoApi } from "./mercadopago-api.server";
import {
  type ChargeStatus,
  type Payer,
  type PaymentProvider,
  ProviderError,
  type ProviderPayment,
  type ProviderRefund,
  type WebhookHint,
} from "./provider";
import { webhookSignatureHolds } from "./webhook-signature";

// Mercado Pago's Payments API (checkout transparente) with plain fetch: the official SDK hard-codes
// https://api.mercadopago.com, and tests run this same code against a local fake of the API.

export type MercadoPagoConfig = {
  accessToken: string;
  publicKey: string;
  webhookSecret: string;
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
  card?: { last_four_digits?: string | null } | null;
  point_of_interaction?: { transaction_data?: { qr_code?: string | null } | null } | null;
};

type MpRefund = { id: number | string; amount?: number; status?: string };

const STATUS: Record<string, ChargeStatus> = {
  pending: "pending",
  in_process: "processing",
  in_mediation: "processing",
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
  return {
    id: String(p.id),
    // A status MP adds later is not final for us: treat it as still being processed.
    status: STATUS[p.status ?? ""] ?? "processing",
    statusDetail: p.status_detail ?? "",
    method: isPix ? "pix" : "credit_card",
    amountCents: cents(p.transaction_amount),
    externalReference: p.external_reference ?? "",
    pix: isPix && qrCode && expiresAt ? { code: qrCode, expiresAt } : null,
    card: !isPix && lastFour ? { lastFour, brand: p.payment_method_id ?? "" } : null,
    moneyReleaseDate: date(p.money_release_date),
  };
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
          // Not binary: a card under review answers in_process and is settled by webhook, not refused.
          binary_mode: false,
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

    verifyWebhook({ headers, query, body }): WebhookHint | null {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return null;
      }
      if (!parsed || typeof parsed !== "object") return null;
      const event = parsed as {
        id?: unknown;
        type?: unknown;
        action?: unknown;
        date_created?: unknown;
        data?: { id?: unknown } | null;
      };
      const bodyDataId = event.data?.id;
      // MP signs the query's data.id, so that is the payment we trust; the body is not signed.
      const dataId =
        query.get("data.id") ??
        (typeof bodyDataId === "string" || typeof bodyDataId === "number" ? String(bodyDataId) : null);
      if (!dataId) return null;
      const holds = webhookSignatureHolds({
        secret: config.webhookSecret,
        signature: headers.get("x-signature"),
        dataId,
        requestId: headers.get("x-request-id"),
      });
      if (!holds) return null;
      const topic =
        typeof event.type === "string" ? event.type : (query.get("type") ?? query.get("topic") ?? "");
      const notificationId =
        typeof event.id === "string" || typeof event.id === "number" ? String(event.id) : "";
      return {
        eventId:
          notificationId || `${String(event.action ?? topic)}:${dataId}:${String(event.date_created ?? "")}`,
        topic,
        paymentId: dataId,
      };
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

/** The PIX expiry Mercado Pago accepts: at least 30 minutes (plus a minute of margin) from now. */
function payableUntil(wanted: Date): Date {
  return new Date(Math.max(wanted.getTime(), Date.now() + 31 * 60_000));
}
