import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, gte, lt, or, sql } from "drizzle-orm";
import { luhnValid } from "~/lib/card";
import { digitsOf } from "~/lib/cpf";
import { buildBrCode } from "~/lib/pix-brcode";
import type { Db } from "../db/database-handle.server";
import { sandboxCardTokens, sandboxPayments, sandboxRefunds } from "../db/schema";
import { mercadoPagoExpired, mercadoPagoRefusal } from "./mercadopago-codes";
import {
  type ChargeStatus,
  type PaymentProvider,
  ProviderError,
  type ProviderPayment,
  type WebhookVerifier,
} from "./provider";
import { sandboxNotification, sendNotification, verifiedNotification } from "./sandbox-notifications.server";

/** Where the browser turns a card into a token (the sandbox's own endpoint, apart from our checkout). */
export const SANDBOX_TOKENIZE_PATH = "/sandbox/v1/card_tokens";

/** Where a card's 3-D Secure challenge is framed: the sandbox's stand-in for the issuer's page (ADR 0063). */
export const SANDBOX_CHALLENGE_PATH = "/sandbox/3ds";

/** The sandbox's PIX key: a random-key (EVP) format, receiving nothing real. */
const SANDBOX_PIX_KEY = "7d9f0335-8dcc-4054-9bf9-0dbd61d36906";

/**
 * The test-card convention of Mercado Pago (docs/payments-notes.md): the name on the card decides the outcome,
 * with Mercado Pago's own codes (read by mercadopago-codes.ts). Any other name is approved, so a demo with a
 * real-looking name just works.
 */
const CARD_OUTCOMES: Record<string, { status: ChargeStatus; detail: string }> = {
  APRO: { status: "approved", detail: "accredited" },
  OTHE: { status: "rejected", detail: "cc_rejected_other_reason" },
  CONT: { status: "processing", detail: "pending_contingency" },
  CALL: { status: "rejected", detail: "cc_rejected_call_for_authorize" },
  FUND: { status: "rejected", detail: "cc_rejected_insufficient_amount" },
  SECU: { status: "rejected", detail: "cc_rejected_bad_filled_security_code" },
  EXPI: { status: "rejected", detail: "cc_rejected_bad_filled_date" },
  FORM: { status: "rejected", detail: "cc_rejected_bad_filled_other" },
  // The issuer asks the guest to confirm the purchase (3-D Secure), as Mercado Pago answers it.
  "3DS": { status: "pending", detail: "pending_challenge" },
};

export type SandboxOutcome = "approve" | "reject" | "expire";

/** What a payer's bank does to a paid charge: contest it, then end the dispute won or lost (ADR 0061). */
export type SandboxDisputeStep = "open" | "win" | "lose";

export type CardInput = {
  number: unknown;
  holderName: unknown;
  expiryMonth: unknown;
  expiryYear: unknown;
  cvv: unknown;
};

export type SandboxProvider = PaymentProvider & {
  /** The sandbox's tokenize endpoint: a card in, a single-use token out (what MercadoPago.js does). */
  tokenize(card: CardInput, now?: Date): Promise<{ id: string; lastFour: string; brand: string }>;
  /** What a payer or the provider would do to a pending charge: pay it, refuse it, let it expire. */
  settle(id: string, outcome: SandboxOutcome): Promise<ProviderPayment>;
  /**
   * The guest's answer on the issuer's challenge page: a card waiting for it (pending_challenge) is approved
   * or refused (cc_rejected_3ds_challenge). `creq` must be the one the charge answered: an id alone settles
   * nothing.
   */
  completeChallenge(id: string, creq: string, passed: boolean): Promise<ProviderPayment>;
  /** Moves a paid charge's dispute as Mercado Pago reports one: in_mediation, then approved or charged_back. */
  dispute(id: string, step: SandboxDisputeStep): Promise<ProviderPayment>;
  /** The signed notification the sandbox sends about a payment (as Mercado Pago sends them). */
  webhookFor(id: string, now?: Date): Promise<{ url: string; headers: Headers; body: string }>;
  /** Sends that notification to the app, over HTTP, like a real provider. */
  notify(id: string): Promise<number>;
  /** The newest charges, for the sandbox's page. */
  list(
    limit?: number,
  ): Promise<(ProviderPayment & { createdAt: Date; description: string; sellerId: string })[]>;
};

/** A new simulated seller account's id (what Mercado Pago's user_id is). */
export function newSandboxSellerId(): string {
  return `SBX${newId()}`;
}

type Row = typeof sandboxPayments.$inferSelect;

type ChallengeOf = (id: string) => { url: string; creq: string };

function toPayment(row: Row, now: Date, challengeOf?: ChallengeOf): ProviderPayment {
  // A PIX past its expiry is no longer payable: the provider reports it cancelled, detail 'expired'.
  const lapsed =
    row.method === "pix" && row.status === "pending" && row.expiresAt !== null && row.expiresAt <= now;
  const took = row.status === "approved" || row.status === "refunded";
  const status: ChargeStatus = lapsed ? "cancelled" : (row.status as ChargeStatus);
  const detail = lapsed ? "expired" : row.statusDetail;
  return {
    fees: took ? { providerCents: row.feeCents, platformCents: row.applicationFeeCents } : null,
    id: row.id,
    status,
    statusDetail: detail,
    refusal: mercadoPagoRefusal(status, detail),
    expired: mercadoPagoExpired(status, detail),
    method: row.method as ProviderPayment["method"],
    amountCents: row.amountCents,
    externalReference: row.externalReference,
    pix: row.pixCode && row.expiresAt ? { code: row.pixCode, expiresAt: row.expiresAt } : null,
    card: row.cardLastFour ? { lastFour: row.cardLastFour, brand: row.cardBrand ?? "" } : null,
    moneyReleaseDate: null,
    challenge: detail === "pending_challenge" && challengeOf ? challengeOf(row.id) : null,
    dispute:
      detail === "in_mediation"
        ? { state: "opened", takenCents: null }
        : detail === "charged_back"
          ? { state: "lost", takenCents: null }
          : null,
  };
}

/** A dispute step's move: from which row (status and detail) to which. */
const DISPUTE_MOVES: Record<SandboxDisputeStep, { from: [string, string][]; to: [string, string] }> = {
  open: { from: [["approved", "accredited"]], to: ["approved", "in_mediation"] },
  win: { from: [["approved", "in_mediation"]], to: ["approved", "accredited"] },
  lose: {
    from: [
      ["approved", "in_mediation"],
      ["approved", "accredited"],
    ],
    to: ["refunded", "charged_back"],
  },
};

function brandOf(number: string): string {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|2[2-7]|50)/.test(number)) return "master";
  if (/^(636368|438935|504175|451416|636297|5067|4576|4011)/.test(number)) return "elo";
  return "unknown";
}

/** Mercado Pago-like numeric ids. */
function newId(): string {
  return String(randomInt(1, 9)) + String(randomInt(0, 1e12)).padStart(12, "0");
}

/**
 * The offline provider, bound to one simulated seller account (`sellerId`) as a real adapter is bound to a
 * seller's credentials: it sees only that seller's payments. `sellerId: null` is the operator's view, for
 * the sandbox's own page (/dev/payments), which sees and settles every seller's.
 */
export function createSandboxProvider(options: {
  db: Db;
  sellerId: string | null;
  /** The sandbox's own fee on an approved payment, in basis points (a real provider reports its own). */
  feeBps: number;
  /** Signs the sandbox's webhooks. */
  webhookSecret: string;
  /** Where notifications are sent: the app's /webhooks/payments/sandbox. */
  notificationUrl: string;
  now?: () => Date;
}): SandboxProvider {
  const { db, webhookSecret, notificationUrl, sellerId, feeBps } = options;
  const now = options.now ?? (() => new Date());
  const mine = sellerId === null ? sql`true` : eq(sandboxPayments.sellerId, sellerId);
  const creqOf = (id: string) => createHmac("sha256", webhookSecret).update(`3ds:${id}`).digest("hex");
  // A path, like the tokenize endpoint's: the card page frames it from its own origin.
  const challengeOf: ChallengeOf = (id) => ({ url: `${SANDBOX_CHALLENGE_PATH}/${id}`, creq: creqOf(id) });

  const find = async (id: string): Promise<Row> => {
    const [row] = await db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.id, id), mine));
    if (!row) throw new ProviderError("Pagamento não encontrado no sandbox", 404, false, "not_found");
    return row;
  };

  const byKey = async (key: string) =>
    (
      await db
        .select()
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.idempotencyKey, key), mine))
    )[0];

  const sellerOf = (): string => {
    if (sellerId === null) throw new ProviderError("Sem conta de vendedor", 400, false, "no_seller");
    return sellerId;
  };

  /** Moves a charge from one of `from` to `to`; answers it as it stands either way. */
  const move = async (id: string, from: string[], to: ChargeStatus, detail: string) => {
    const row = await find(id);
    await db
      .update(sandboxPayments)
      .set({
        status: to,
        statusDetail: detail,
        // The provider takes its fee when it approves (what Mercado Pago's fee_details then say).
        ...(to === "approved" ? { feeCents: sandboxFee(row.amountCents, feeBps) } : {}),
        updatedAt: now(),
      })
      .where(and(eq(sandboxPayments.id, id), sql`${sandboxPayments.status} in ${from}`));
    return toPayment(await find(id), now(), challengeOf);
  };

  const provider: SandboxProvider = {
    name: "sandbox",

    async createPixCharge(input) {
      const id = newId();
      const [made] = await db
        .insert(sandboxPayments)
        .values({
          id,
          idempotencyKey: input.idempotencyKey,
          sellerId: sellerOf(),
          applicationFeeCents: input.platformFeeCents,
          method: "pix",
          status: "pending",
          statusDetail: "pending_waiting_transfer",
          amountCents: input.amountCents,
          externalReference: input.orderId,
          description: input.description,
          pixCode: buildBrCode({
            key: SANDBOX_PIX_KEY,
            amountCents: input.amountCents,
            merchantName: "Estadia Sandbox",
            merchantCity: "Sao Paulo",
            txid: `SBX${id}`,
          }),
          expiresAt: input.expiresAt,
        })
        .onConflictDoNothing({ target: sandboxPayments.idempotencyKey })
        .returning();
      // A repeated key answers the payment made the first time.
      const row = made ?? (await byKey(input.idempotencyKey));
      if (!row) throw new ProviderError("Pagamento não encontrado no sandbox", 500, true, "lost");
      return toPayment(row, now(), challengeOf);
    },

    async chargeCard(input) {
      const existing = await byKey(input.idempotencyKey);
      if (existing) return toPayment(existing, now(), challengeOf);
      // Spending the token and recording the charge happen together, or not at all.
      const id = newId();
      const seller = sellerOf();
      await db.transaction(async (tx) => {
        const [token] = await tx
          .update(sandboxCardTokens)
          .set({ usedAt: now() })
          .where(and(eq(sandboxCardTokens.id, input.token), sql`${sandboxCardTokens.usedAt} is null`))
          .returning();
        if (!token)
          throw new ProviderError("Token de cartão inválido ou já usado", 400, false, "invalid_token");
        const outcome = CARD_OUTCOMES[token.holderName.trim().toUpperCase()] ?? CARD_OUTCOMES.APRO;
        await tx.insert(sandboxPayments).values({
          id,
          idempotencyKey: input.idempotencyKey,
          sellerId: seller,
          applicationFeeCents: input.platformFeeCents,
          feeCents: outcome?.status === "rejected" ? 0 : sandboxFee(input.amountCents, feeBps),
          method: "credit_card",
          status: outcome?.status ?? "approved",
          statusDetail: outcome?.detail ?? "accredited",
          amountCents: input.amountCents,
          externalReference: input.orderId,
          description: input.description,
          cardLastFour: token.lastFour,
          cardBrand: token.brand,
        });
      });
      return toPayment(await find(id), now(), challengeOf);
    },

    async getPayment(id) {
      return toPayment(await find(id), now(), challengeOf);
    },

    async cancelPayment(id) {
      return move(id, ["pending", "processing"], "cancelled", "by_collector");
    },

    async refund(id, input) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(sandboxPayments)
          .where(and(eq(sandboxPayments.id, id), mine))
          .for("update");
        if (!row) throw new ProviderError("Pagamento não encontrado no sandbox", 404, false, "not_found");
        // Under the payment's lock: a repeated key, even one racing this call, answers the refund made.
        const [done] = await tx
          .select()
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.idempotencyKey, input.idempotencyKey));
        if (done) return { id: done.id, amountCents: done.amountCents, status: "approved" as const };
        const left = row.amountCents - row.refundedCents;
        const amount = input.amountCents ?? left;
        if (row.status !== "approved" || amount <= 0 || amount > left) {
          throw new ProviderError("Este pagamento não pode ser estornado", 400, false, "invalid_refund");
        }
        const refundId = newId();
        await tx
          .insert(sandboxRefunds)
          .values({ id: refundId, idempotencyKey: input.idempotencyKey, paymentId: id, amountCents: amount });
        const full = amount === left;
        await tx
          .update(sandboxPayments)
          .set({
            refundedCents: row.refundedCents + amount,
            ...(full ? { status: "refunded", statusDetail: "refunded" } : {}),
            updatedAt: now(),
          })
          .where(eq(sandboxPayments.id, id));
        return { id: refundId, amountCents: amount, status: "approved" as const };
      });
    },

    async listPayments({ from, to }) {
      const rows = await db
        .select()
        .from(sandboxPayments)
        .where(and(mine, gte(sandboxPayments.createdAt, from), lt(sandboxPayments.createdAt, to)))
        .orderBy(sandboxPayments.createdAt);
      return rows.map((row) => toPayment(row, now(), challengeOf));
    },

    browserCardConfig() {
      return { provider: "sandbox", tokenizeUrl: SANDBOX_TOKENIZE_PATH };
    },

    async tokenize(card, at = now()) {
      const number = digitsOf(String(card.number ?? ""));
      const holderName = String(card.holderName ?? "").trim();
      const month = Number(card.expiryMonth);
      const year = Number(card.expiryYear);
      const cvv = String(card.cvv ?? "");
      const expired = year * 12 + month < at.getUTCFullYear() * 12 + at.getUTCMonth() + 1;
      if (number.length < 13 || number.length > 19 || !luhnValid(number))
        throw new ProviderError("Número do cartão inválido", 400, false, "invalid_card_number");
      if (!holderName || holderName.length > 80)
        throw new ProviderError("Nome no cartão inválido", 400, false, "invalid_cardholder_name");
      if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || expired)
        throw new ProviderError("Data de expiração inválida", 400, false, "invalid_expiration_date");
      if (!/^\d{3,4}$/.test(cvv))
        throw new ProviderError("CVV inválido", 400, false, "invalid_security_code");
      const token = {
        id: randomBytes(16).toString("hex"),
        lastFour: number.slice(-4),
        brand: brandOf(number),
      };
      await db.insert(sandboxCardTokens).values({ ...token, holderName });
      return token;
    },

    async settle(id, outcome) {
      if (outcome === "approve") {
        // A PIX past its expiry can no longer be paid (what a bank answers the payer).
        if (toPayment(await find(id), now(), challengeOf).expired)
          throw new ProviderError("Cobrança Pix expirada: não pode mais ser paga", 400, false, "expired");
        return move(id, ["pending", "processing"], "approved", "accredited");
      }
      if (outcome === "reject")
        return move(id, ["pending", "processing"], "rejected", "cc_rejected_other_reason");
      return move(id, ["pending"], "cancelled", "expired");
    },

    async completeChallenge(id, creq, passed) {
      const expected = Buffer.from(creqOf(id));
      const given = Buffer.from(creq);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new ProviderError("Verificação inválida para este pagamento", 400, false, "invalid_creq");
      const row = await find(id);
      await db
        .update(sandboxPayments)
        .set({
          status: passed ? "approved" : "rejected",
          statusDetail: passed ? "accredited" : "cc_rejected_3ds_challenge",
          feeCents: passed ? sandboxFee(row.amountCents, feeBps) : 0,
          updatedAt: now(),
        })
        .where(
          and(
            eq(sandboxPayments.id, id),
            eq(sandboxPayments.status, "pending"),
            eq(sandboxPayments.statusDetail, "pending_challenge"),
          ),
        );
      return toPayment(await find(id), now(), challengeOf);
    },

    async dispute(id, step) {
      const { from, to } = DISPUTE_MOVES[step];
      const [moved] = await db
        .update(sandboxPayments)
        .set({ status: to[0], statusDetail: to[1], updatedAt: now() })
        .where(
          and(
            eq(sandboxPayments.id, id),
            mine,
            or(
              ...from.map(([st, d]) =>
                and(eq(sandboxPayments.status, st), eq(sandboxPayments.statusDetail, d)),
              ),
            ),
          ),
        )
        .returning({ id: sandboxPayments.id });
      if (!moved)
        throw new ProviderError(
          "Este pagamento não pode ter essa contestação agora",
          400,
          false,
          "invalid_dispute",
        );
      return toPayment(await find(id), now(), challengeOf);
    },

    async webhookFor(id, at = now()) {
      const row = await find(id);
      return sandboxNotification({
        secret: webhookSecret,
        notificationUrl,
        dataId: id,
        query: { type: "payment" },
        body: {
          id: newId(),
          live_mode: false,
          type: "payment",
          date_created: at.toISOString(),
          api_version: "v1",
          action: "payment.updated",
          user_id: row.sellerId,
          data: { id },
        },
        now: at,
      });
    },

    notify: async (id) => sendNotification(await provider.webhookFor(id)),

    async list(limit = 50) {
      const rows = await db
        .select()
        .from(sandboxPayments)
        .where(mine)
        .orderBy(sql`${sandboxPayments.createdAt} desc`)
        .limit(limit);
      return rows.map((row) => ({
        ...toPayment(row, now(), challengeOf),
        createdAt: row.createdAt,
        description: row.description,
        sellerId: row.sellerId,
      }));
    },
  };
  return provider;
}

/** The sandbox's fee on an amount, rounded half up (what a real provider reports in its fee details). */
function sandboxFee(amountCents: number, bps: number): number {
  return Math.floor((amountCents * bps + 5000) / 10000);
}

/** Checks the sandbox's notifications: its signature, and the seller (`user_id`) they are about. */
export function sandboxWebhookVerifier(webhookSecret: string): WebhookVerifier {
  return (request) => {
    const verified = verifiedNotification(webhookSecret, request, (b) => (b.data as { id?: unknown })?.id);
    if (!verified) return null;
    const seller = verified.body.user_id;
    return {
      eventId: verified.eventId,
      topic: String(verified.body.type ?? ""),
      paymentId: verified.dataId,
      sellerId: typeof seller === "string" && seller ? seller : null,
    };
  };
}
