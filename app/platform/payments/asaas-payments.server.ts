import { createHash } from "node:crypto";
import { openAsaasCredentials } from "./asaas-accounts.server";
import { type AsaasList, brasiliaDate, cents, createAsaasApi, fromBrasilia, reais } from "./asaas-api.server";
import {
  type ChargeStatus,
  type DisputeOutcome,
  type Payer,
  type PaymentProvider,
  ProviderError,
  type ProviderFees,
  type ProviderPayment,
  type ProviderRefund,
} from "./provider";

// Charges in a host's Asaas sub-account, made with its own key (asaas-accounts.server.ts), each carrying a
// split of Estadia's fee to Estadia's wallet. What this relies on, from docs.asaas.com:
// - a charge belongs to a customer (`POST /v3/customers`), and creating a customer needs `cpfCnpj`: so a
//   charge cannot be made without the payer's CPF ("cpf_required");
// - `POST /v3/payments` with `billingType: "PIX"`, `value` and `dueDate`; `GET /v3/payments/{id}/pixQrCode`
//   answers `payload` (copia e cola) and `expirationDate`;
// - `split: [{walletId, fixedValue}]` moves that much of the received money to the wallet; splits are taken
//   from `netValue` (the value less Asaas's fee), and the payment answers them with their `totalValue`;
// - `DELETE /v3/payments/{id}` removes a pending charge (GET then answers it with `deleted: true`);
//   `POST /v3/payments/{id}/refund` refunds all or `value`, and the payment lists its `refunds`;
// - lists page with `offset`/`limit` (at most 100) and filter by `externalReference` and
//   `dateCreated[ge]`/`[le]` (yyyy-MM-dd, Brasília).
//
// Idempotency: Asaas has no idempotency header. Several attempts of one order share the order id, so each
// charge's external reference is `<order id>:<16 hex of the attempt's idempotency key>`: a retried attempt
// finds its own charge by that exact reference and gets it back, another attempt makes its own. Callers
// see the order id alone. Refunds carry the key's hash in their description, and are found in the
// payment's `refunds` the same way.
//
// Cards: Asaas offers no browser-side tokenization (its tokenize endpoint takes the card number on our
// server), so the embedded card form is not offered with Asaas.

export type AsaasPaymentsConfig = {
  /** e.g. https://api.asaas.com or https://api-sandbox.asaas.com (without /v3). */
  apiUrl: string;
  /** The sub-account's `seal({apiKey, webhookToken})`. */
  sealedCredentials: string;
  /** Estadia's wallet: where each charge's split leaves Estadia's fee. */
  platformWalletId: string;
  /** Unused: Asaas notifies through the sub-account's webhook, not a per-charge URL. */
  notificationUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The sealing key; the process's own when not given (tests pass one). */
  key?: Buffer;
};

/** The part of Asaas's payment resource we read. */
type AsaasPayment = {
  id: string;
  status?: string | null;
  billingType?: string | null;
  value?: number | null;
  netValue?: number | null;
  externalReference?: string | null;
  deleted?: boolean | null;
  creditDate?: string | null;
  estimatedCreditDate?: string | null;
  creditCard?: { creditCardNumber?: string | null; creditCardBrand?: string | null } | null;
  split?: { walletId?: string | null; fixedValue?: number | null; totalValue?: number | null }[] | null;
  refunds?: AsaasRefund[] | null;
  /** Present once the payer contested the charge: REQUESTED, IN_DISPUTE, DISPUTE_LOST, REVERSED, DONE. */
  chargeback?: { status?: string | null; reason?: string | null } | null;
};

type AsaasRefund = { status?: string | null; value?: number | null; description?: string | null };

type AsaasPixQrCode = { payload?: string | null; expirationDate?: string | null };

type AsaasCustomer = { id: string; deleted?: boolean | null };

// Asaas's payment statuses ("Status possíveis de uma cobrança"). OVERDUE is a charge past its due date:
// our order's hold is over by then (the domain removes the charge when it ends), so it reads as expired.
const STATUS: Record<string, ChargeStatus> = {
  PENDING: "pending",
  AWAITING_RISK_ANALYSIS: "processing",
  CONFIRMED: "approved",
  RECEIVED: "approved",
  RECEIVED_IN_CASH: "approved",
  DUNNING_RECEIVED: "approved",
  OVERDUE: "cancelled",
  DUNNING_REQUESTED: "cancelled",
  REFUND_REQUESTED: "refunded",
  REFUND_IN_PROGRESS: "refunded",
  REFUNDED: "refunded",
  // A paid charge under dispute stays paid for the order; `dispute` says its money is held (ADR 0061).
  CHARGEBACK_REQUESTED: "approved",
  CHARGEBACK_DISPUTE: "approved",
  AWAITING_CHARGEBACK_REVERSAL: "approved",
};

const DISPUTED = new Set(["CHARGEBACK_REQUESTED", "CHARGEBACK_DISPUTE", "AWAITING_CHARGEBACK_REVERSAL"]);

/**
 * Asaas's dispute states: the three chargeback statuses hold the money; REFUNDED with a chargeback (or a
 * chargeback DONE / DISPUTE_LOST) is lost; a paid status whose chargeback was REVERSED is won.
 */
function disputeOf(p: AsaasPayment): DisputeOutcome | null {
  const chargeback = p.chargeback?.status ?? null;
  if (DISPUTED.has(p.status ?? "")) return { state: "opened", takenCents: null };
  if (chargeback === "DONE" || chargeback === "DISPUTE_LOST" || (chargeback && p.status === "REFUNDED"))
    return { state: "lost", takenCents: null };
  if (chargeback === "REVERSED" && PAID.has(p.status ?? "")) return { state: "won", takenCents: null };
  return null;
}

const PAID = new Set(["CONFIRMED", "RECEIVED", "RECEIVED_IN_CASH", "DUNNING_RECEIVED"]);

const REFUND_STATUS: Record<string, ProviderRefund["status"]> = {
  PENDING: "pending",
  AWAITING_CRITICAL_ACTION_AUTHORIZATION: "pending",
  DONE: "approved",
  CANCELLED: "rejected",
};

const PAGE_SIZE = 100; // Asaas's largest page
const MAX_LIST_PAGES = 100;

/** 16 hex of a key: distinct per attempt, short enough for a reference or a description. */
function tag(key: string): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 16);
}

/** Our order id out of a charge's external reference (`<order id>:<tag>`). */
function orderIdOf(reference: string | null | undefined): string {
  return (reference ?? "").replace(/:[0-9a-f]{16}$/, "");
}

function fees(p: AsaasPayment): ProviderFees | null {
  if (!PAID.has(p.status ?? "") || typeof p.value !== "number" || typeof p.netValue !== "number") return null;
  const platformCents = (p.split ?? []).reduce(
    (total, split) => total + cents(split.totalValue ?? split.fixedValue),
    0,
  );
  return { providerCents: cents(p.value) - cents(p.netValue), platformCents };
}

function toPayment(p: AsaasPayment, pix: ProviderPayment["pix"] = null): ProviderPayment {
  const status: ChargeStatus = p.deleted ? "cancelled" : (STATUS[p.status ?? ""] ?? "pending");
  const card = p.creditCard;
  return {
    id: String(p.id),
    status,
    statusDetail: p.deleted ? "deleted" : (p.status ?? "").toLowerCase(),
    // Cards are not taken with Asaas (chargeCard refuses), so no charge here is a refused card.
    refusal: null,
    expired: !p.deleted && p.status === "OVERDUE",
    method: p.billingType === "CREDIT_CARD" ? "credit_card" : "pix",
    amountCents: cents(p.value),
    externalReference: orderIdOf(p.externalReference),
    pix: status === "pending" ? pix : null,
    card: card?.creditCardNumber
      ? { lastFour: card.creditCardNumber.slice(-4), brand: (card.creditCardBrand ?? "").toLowerCase() }
      : null,
    moneyReleaseDate: fromBrasilia(p.creditDate ?? p.estimatedCreditDate),
    fees: fees(p),
    dispute: disputeOf(p),
  };
}

export function createAsaasPayments(config: AsaasPaymentsConfig): PaymentProvider {
  const { apiKey } = openAsaasCredentials(config.sealedCredentials, config.key);
  const call = createAsaasApi(
    { apiKey, apiUrl: config.apiUrl, fetch: config.fetch, timeoutMs: config.timeoutMs },
    ProviderError,
  );
  const path = (id: string) => `/v3/payments/${encodeURIComponent(id)}`;
  const getRaw = (id: string) => call<AsaasPayment>({ method: "GET", path: path(id) });

  async function customerFor(payer: Payer & { cpf: string }): Promise<string> {
    const cpf = payer.cpf;
    const secrets = [cpf, payer.email, payer.name];
    const query = new URLSearchParams({ cpfCnpj: cpf, limit: "10" });
    const found = await call<AsaasList<AsaasCustomer>>({
      method: "GET",
      path: `/v3/customers?${query}`,
      secrets,
    });
    const known = found.data?.find((c) => !c.deleted);
    if (known) return known.id;
    const created = await call<AsaasCustomer>({
      method: "POST",
      path: "/v3/customers",
      secrets,
      body: {
        name: payer.name,
        cpfCnpj: cpf,
        ...(payer.email ? { email: payer.email } : {}),
        // Estadia sends the guest its own receipt: no emails or SMS from Asaas about the charge.
        notificationDisabled: true,
      },
    });
    return created.id;
  }

  async function withPix(p: AsaasPayment, expiresAt: Date): Promise<ProviderPayment> {
    const payment = toPayment(p);
    if (payment.status !== "pending") return payment;
    const qr = await call<AsaasPixQrCode>({ method: "GET", path: `${path(p.id)}/pixQrCode` });
    if (!qr.payload) throw new ProviderError("Asaas answered no PIX code", 502, true, "no_pix_code");
    // Asaas keeps a charge's code payable long after our order's hold (months after the due date); the
    // domain removes the charge when the hold ends, so the code stops being payable at the earlier time.
    const asaasEnd = fromBrasilia(qr.expirationDate);
    const end = asaasEnd && asaasEnd < expiresAt ? asaasEnd : expiresAt;
    return { ...payment, pix: { code: qr.payload, expiresAt: end } };
  }

  async function byReference(reference: string): Promise<AsaasPayment | null> {
    const query = new URLSearchParams({ externalReference: reference, limit: "10" });
    const list = await call<AsaasList<AsaasPayment>>({ method: "GET", path: `/v3/payments?${query}` });
    return list.data?.find((p) => p.externalReference === reference) ?? null;
  }

  return {
    name: "asaas",

    async createPixCharge(input) {
      const { cpf } = input.payer;
      if (!cpf) throw new ProviderError("Asaas needs the payer's CPF to charge", null, false, "cpf_required");
      const value = reais(input.amountCents, ProviderError);
      if (!Number.isSafeInteger(input.platformFeeCents) || input.platformFeeCents < 0) {
        throw new ProviderError("platform fee must be whole cents, 0 or more", null, false, "invalid_fee");
      }
      if (input.platformFeeCents >= input.amountCents) {
        throw new ProviderError("platform fee must be less than the amount", null, false, "invalid_fee");
      }
      const reference = `${input.orderId}:${tag(input.idempotencyKey)}`;
      const existing = await byReference(reference);
      if (existing) return withPix(existing, input.expiresAt);

      const customer = await customerFor({ ...input.payer, cpf });
      // Asaas refuses a due date in the past; the charge is due the day our hold ends (Brasília).
      const now = new Date();
      const dueDate = brasiliaDate(input.expiresAt > now ? input.expiresAt : now);
      const created = await call<AsaasPayment>({
        method: "POST",
        path: "/v3/payments",
        secrets: [input.payer.cpf, input.payer.email, input.payer.name],
        body: {
          customer,
          billingType: "PIX",
          value,
          dueDate,
          description: input.description.slice(0, 500),
          externalReference: reference,
          ...(input.platformFeeCents > 0
            ? {
                split: [
                  {
                    walletId: config.platformWalletId,
                    fixedValue: reais(input.platformFeeCents, ProviderError),
                  },
                ],
              }
            : {}),
        },
      });
      return withPix(created, input.expiresAt);
    },

    async chargeCard() {
      throw new ProviderError(
        "Asaas has no browser card tokenization: cards are not taken with Asaas",
        null,
        false,
        "card_unsupported",
      );
    },

    async getPayment(id) {
      return toPayment(await getRaw(id));
    },

    async cancelPayment(id) {
      const before = await getRaw(id);
      // An overdue charge can still be paid at Asaas: it is removed too.
      if (before.deleted || (before.status !== "PENDING" && before.status !== "OVERDUE"))
        return toPayment(before);
      try {
        await call({ method: "DELETE", path: path(id) });
      } catch (error) {
        // Paid (or removed) in the meantime: Asaas refuses; the payment as it now stands says which.
        if (error instanceof ProviderError && (error.status === 400 || error.status === 404)) {
          return toPayment(await getRaw(id));
        }
        throw error;
      }
      try {
        return toPayment(await getRaw(id));
      } catch (error) {
        if (error instanceof ProviderError && error.status === 404)
          return toPayment({ ...before, deleted: true });
        throw error;
      }
    },

    async refund(id, input) {
      const marker = `Estadia estorno ${tag(input.idempotencyKey)}`;
      const refundId = `${id}:${tag(input.idempotencyKey)}`;
      const ours = (p: AsaasPayment): ProviderRefund | null => {
        const found = p.refunds?.find((r) => r.description === marker);
        return found
          ? {
              id: refundId,
              amountCents: cents(found.value),
              status: REFUND_STATUS[found.status ?? ""] ?? "pending",
            }
          : null;
      };
      const done = ours(await getRaw(id));
      if (done) return done;
      const answer = await call<AsaasPayment>({
        method: "POST",
        path: `${path(id)}/refund`,
        body: {
          ...(input.amountCents === undefined ? {} : { value: reais(input.amountCents, ProviderError) }),
          description: marker,
        },
      });
      return (
        ours(answer) ?? {
          id: refundId,
          amountCents: input.amountCents ?? cents(answer.value),
          status: "pending",
        }
      );
    },

    async listPayments({ from, to }) {
      // Asaas filters by whole days (Brasília): the range covers [from, to) and may hold a little more.
      const last = new Date(Math.max(from.getTime(), to.getTime() - 1));
      const payments: ProviderPayment[] = [];
      for (let page = 0; page < MAX_LIST_PAGES; page++) {
        const query = new URLSearchParams({
          "dateCreated[ge]": brasiliaDate(from),
          "dateCreated[le]": brasiliaDate(last),
          offset: String(page * PAGE_SIZE),
          limit: String(PAGE_SIZE),
        });
        const list = await call<AsaasList<AsaasPayment>>({ method: "GET", path: `/v3/payments?${query}` });
        payments.push(...(list.data ?? []).map((p) => toPayment(p)));
        if (!list.hasMore || !list.data?.length) break;
      }
      return payments;
    },

    browserCardConfig() {
      return null;
    },
  };
}
