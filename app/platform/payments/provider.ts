// The payment provider seen from our side: a regulated PSP (Mercado Pago) or the offline sandbox. The
// domain talks only to this interface; money never moves through Estadia itself (PAYMENTS-NOTES.md).

export const PROVIDER_NAMES = ["sandbox", "mercadopago"] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/**
 * A charge's state at the provider, in our words (Mercado Pago: pending / in_process / approved /
 * rejected / cancelled / refunded; an expired PIX comes back cancelled with detail 'expired').
 */
export type ChargeStatus = "pending" | "processing" | "approved" | "rejected" | "cancelled" | "refunded";

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
  /** The provider's reason code (e.g. accredited, cc_rejected_other_reason, expired). */
  statusDetail: string;
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
};

export type PixChargeInput = {
  orderId: string;
  amountCents: number;
  description: string;
  payer: Payer;
  expiresAt: Date;
  /** Derived from the order and attempt, so a retried request never charges twice. */
  idempotencyKey: string;
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
};

export type RefundInput = { amountCents?: number; idempotencyKey: string };

export type ProviderRefund = { id: string; amountCents: number; status: "approved" | "pending" | "rejected" };

/** What a webhook request is, once its signature is verified: a hint to go and fetch the payment. */
export type WebhookHint = {
  /** The notification's own id: stored with a unique key so a replay is recognised. */
  eventId: string;
  /** 'payment' for payment notifications; others are stored and ignored. */
  topic: string;
  /** The payment the notification is about. */
  paymentId: string;
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

/** A provider refused or failed a call: `retryable` when it may succeed later (network, 5xx, 429). */
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
  /** The hint in a webhook whose signature holds, or null when it does not (answer 401, change nothing). */
  verifyWebhook(request: WebhookRequest): WebhookHint | null;
  browserCardConfig(): BrowserCardConfig;
}
