// Payouts: the provider that holds a host's money (the host's own account there: an Asaas sub-account, or
// the sandbox's simulated seller) sends a withdrawal to the host's PIX key. Estadia never holds the money
// (docs/payments-notes.md, ADR 0021); our ledger reserves the amount, and posts or returns it when the provider
// says the transfer was done or failed. Mercado Pago accounts have none: the host withdraws in Mercado Pago.

export const PAYOUT_PROVIDER_NAMES = ["sandbox", "asaas"] as const;
export type PayoutProviderName = (typeof PAYOUT_PROVIDER_NAMES)[number];

/** The PIX key types of the Banco Central (Asaas: CPF, CNPJ, EMAIL, PHONE, EVP). */
export const PIX_KEY_TYPES = ["cpf", "cnpj", "email", "phone", "evp"] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** pending: asked, not done yet; done: the money reached the key; failed/cancelled: it did not move. */
export type TransferStatus = "pending" | "done" | "failed" | "cancelled";

export type ProviderTransfer = {
  /** The provider's id of the transfer. */
  id: string;
  status: TransferStatus;
  amountCents: number;
  /** Our withdrawal id, sent as the external reference. */
  externalReference: string;
  /** Why it failed, as the provider says (safe to show the host). */
  failureReason: string | null;
};

export type TransferInput = {
  withdrawalId: string;
  amountCents: number;
  /** Normalized: digits for cpf, cnpj and phone (+55 and area code), lowercase email, the EVP as given. */
  pixKey: string;
  pixKeyType: PixKeyType;
  description: string;
  /** Derived from the withdrawal: a retried request never pays twice. */
  idempotencyKey: string;
};

export class PayoutError extends Error {
  override name = "PayoutError";
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface PayoutProvider {
  readonly name: PayoutProviderName;
  createTransfer(input: TransferInput): Promise<ProviderTransfer>;
  getTransfer(id: string): Promise<ProviderTransfer>;
}
