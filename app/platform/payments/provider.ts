// The payment provider seen from our side: a regulated PSP (Mercado Pago, Asaas) or the offline sandbox,
// always bound to one host's own connected account (ADR 0021). The domain talks only to this interface;
// money never moves through Estadia itself (docs/payments-notes.md).

export const PROVIDER_NAMES = ["sandbox", "mercadopago", "asaas"] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** A charge's state at the provider, in our words: each adapter translates its provider's statuses. */
export type ChargeStatus = "pending" | "processing" | "approved" | "rejected" | "cancelled" | "refunded";

/** Why a card was refused, in our words: each adapter translates its provider's reason codes. */
export const CARD_REFUSALS = [
  "insufficient_funds",
  "bad_security_code",
  "bad_expiry_date",
  "bad_card_data",
  "call_bank",
  "challenge_failed",
  "other",
] as const;
export type CardRefusal = (typeof CARD_REFUSALS)[number];

export function isCardRefusal(value: unknown): value is CardRefusal {
  return CARD_REFUSALS.includes(value as CardRefusal);
}

export type Payer = {
  name: string;
  /** Optional in our checkout; providers that require one get a placeholder from the adapter. */
  email: string | null;
  /** Digits only, check digits valid, or null. */
  cpf: string | null;
};

/** A charge as the provider reports it (creation answers and getPayment alike). */
export type ProviderPayment = {
  /** The provider's id of the payment, as text. */
  id: string;
  status: ChargeStatus;
  /** The provider's own reason code, kept for diagnosis: our code reads `refusal` and `expired` instead. */
  statusDetail: string;
  /** Why the card was refused; null unless the status is rejected. */
  refusal: CardRefusal | null;
  /** Cancelled because its time to be paid ran out (a PIX past its expiry), not by anyone. */
  expired: boolean;
  method: "pix" | "credit_card";
  amountCents: number;
  /** Our order id, sent as the external reference. */
  externalReference: string;
  /** PIX only: the 'copia e cola' EMV BR Code and when the provider stops accepting it. */
  pix: { code: string; expiresAt: Date } | null;
  /** Card only: what may be shown of the card. */
  card: { lastFour: string; brand: string } | null;
  /** When the provider releases the money to the seller's balance, if it says. */
  moneyReleaseDate: Date | null;
  /**
   * The fees the provider really took, once it says (an approved payment): its own, and Estadia's
   * (Mercado Pago's application_fee, Asaas's split). Null while it does not say.
   */
  fees: ProviderFees | null;
  /**
   * Card only: the issuer asks the guest to confirm the purchase (3-D Secure): the page to open in a frame and
   * the `creq` to post to it. The charge stays pending until the challenge ends (ADR 0063).
   */
  challenge?: { url: string; creq: string } | null;
  /** A dispute the provider reports on this charge; absent or null when none (or its end is not told apart). */
  dispute?: DisputeOutcome | null;
};

/**
 * A paid charge contested by its payer (a card chargeback, a Pix MED), in our words (ADR 0061): opened while
 * the provider holds the money, won when it releases it, lost when it gives it back to the payer.
 */
export type DisputeOutcome = {
  state: "opened" | "won" | "lost";
  /** Lost: what the provider takes back from the seller's balance; null when it does not say (the sale's net). */
  takenCents: number | null;
};

export type ProviderFees = { providerCents: number; platformCents: number };

export type PixChargeInput = {
  orderId: string;
  amountCents: number;
  description: string;
  payer: Payer;
  expiresAt: Date;
  /** Derived from the order and attempt, so a retried request never charges twice. */
  idempotencyKey: string;
  /** Estadia's fee on this charge (application_fee / split); 0 takes none. */
  platformFeeCents: number;
};

export type CardChargeInput = {
  orderId: string;
  amountCents: number;
  description: string;
  payer: Payer;
  /** Made in the browser by the provider's own script: the card number never reaches our server. */
  token: string;
  /** The card's brand and issuer as the provider's browser script found them (Mercado Pago needs both). */
  paymentMethodId: string | null;
  issuerId: string | null;
  idempotencyKey: string;
  /** Estadia's fee on this charge (application_fee / split); 0 takes none. */
  platformFeeCents: number;
};

export type RefundInput = { amountCents?: number; idempotencyKey: string };

export type ProviderRefund = { id: string; amountCents: number; status: "approved" | "pending" | "rejected" };

/** What a payment webhook request is, once its signature is verified: a hint to go and fetch the payment. */
export type WebhookHint = {
  /** The notification's own id: stored with a unique key so a replay is recognised. */
  eventId: string;
  /** 'payment' for payment notifications; others are stored and ignored. */
  topic: string;
  /** The payment the notification is about. */
  paymentId: string;
  /**
   * The seller account it is about, as the provider names it (Mercado Pago's `user_id`): the account
   * whose credentials fetch the payment. Null when the notification does not say.
   */
  sellerId: string | null;
  /**
   * A call whose authenticity cannot be checked (Mercado Pago's IPN, `?topic=payment&id=…`): it names a
   * payment id and nothing else is read from it; only a payment we already made is fetched, with the
   * account that made it.
   */
  unsigned?: true;
};

export type WebhookRequest = {
  headers: Headers;
  /** The request URL's query (Mercado Pago signs `data.id` from it). */
  query: URLSearchParams;
  /** The raw body text. */
  body: string;
};

/** What the browser needs to turn a card into a token with the provider's own code. */
export type BrowserCardConfig =
  | { provider: "sandbox"; tokenizeUrl: string }
  | { provider: "mercadopago"; publicKey: string; sdkUrl: string };

/**
 * A provider refused or failed a call: `retryable` when it may succeed later (network, 5xx, 429). A 401
 * means the seller's credentials no longer work (revoked or expired): the account needs reconnecting.
 */
export class ProviderError extends Error {
  override name = "ProviderError";
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
    /** The provider's error code or cause, safe to log (never card data). */
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createPixCharge(input: PixChargeInput): Promise<ProviderPayment>;
  chargeCard(input: CardChargeInput): Promise<ProviderPayment>;
  getPayment(id: string): Promise<ProviderPayment>;
  /** Stops a pending charge (a PIX whose order expired); answers the payment as it now stands. */
  cancelPayment(id: string): Promise<ProviderPayment>;
  refund(id: string, input: RefundInput): Promise<ProviderRefund>;
  /** The account's payments created in [from, to), for the daily reconciliation. */
  listPayments(range: { from: Date; to: Date }): Promise<ProviderPayment[]>;
  /**
   * The payments a chargeback case is about, for a provider whose dispute notices name the case and not the
   * payment (Mercado Pago's `chargebacks` topic); each is then fetched and applied like any payment news.
   */
  chargebackPayments?(caseId: string): Promise<string[]>;
  /** What the guest's browser needs for a card, or null when this provider takes no card in our checkout. */
  browserCardConfig(): BrowserCardConfig | null;
}

/** Reads a webhook request once its authenticity is checked: the hint, or null (answer 401, change nothing). */
export type WebhookVerifier = (request: WebhookRequest) => WebhookHint | null;

/**
 * Any provider's notification, about a payment or a payout, in our words once it is authentic: only a hint
 * of what to fetch from the provider.
 */
export type WebhookNotice = {
  /** The notification's own id (or one built from it): stored with a unique key so a replay is recognised. */
  eventId: string;
  /**
   * "payment" and "transfer" are fetched and applied, and "chargebacks" (a case naming payments, each then
   * fetched); any other topic (the provider's name) is only stored.
   */
  topic: string;
  /** The id at the provider of the payment, transfer or chargeback case it is about; "" when none. */
  subjectId: string;
  /** The seller account it names, as the provider names accounts; null when it does not say. */
  sellerId: string | null;
  /** Not authentic, only a payment id to look up (WebhookHint.unsigned); never names a seller. */
  unsigned?: true;
};

/** Reads a notification: the notice, or null when it is not authentic (answer 401, change nothing). */
export type WebhookReader = (request: WebhookRequest) => WebhookNotice | null;
