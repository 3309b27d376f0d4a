import { openAsaasCredentials } from "../payments/asaas-accounts.server";
import { type AsaasList, brasiliaDate, cents, createAsaasApi, reais } from "../payments/asaas-api.server";
import {
  PayoutError,
  type PayoutProvider,
  type PixKeyType,
  type ProviderTransfer,
  type TransferInput,
  type TransferStatus,
} from "./payout-provider";

// Payouts from a host's Asaas sub-account, with its own key (asaas-accounts.server.ts), through the REST API
// (v3; asaas-api.server.ts makes the calls). What the code relies on, from docs.asaas.com:
// - `POST /v3/transfers` with `value` (reais), `pixAddressKey`, `pixAddressKeyType` (CPF, CNPJ, EMAIL, PHONE,
//   EVP), `description`, `externalReference` (our id, returned by the queries and in every transfer webhook;
//   changelog 2024-10-14); no more than the available balance; `GET /v3/transfers/{id}`;
// - `GET /v3/transfers` lists with `dateCreated[ge]`/`[le]`, `transferDate[ge]`/`[le]`, `type`, and the usual
//   `offset`/`limit` (1–100) pages answering `{hasMore, totalCount, limit, offset, data}`;
// - with the transfer validation webhook on (root account, applies to sub-accounts), Asaas asks Estadia to
//   approve each transfer about five seconds after it is made; a refused one ends CANCELLED.
//
// Idempotency: Asaas has no idempotency header for transfers, and the list cannot be filtered by
// externalReference. So createTransfer first looks for a transfer carrying our withdrawal id among the recent
// ones (created within LOOKUP_DAYS, at most LOOKUP_PAGES pages of 100) and gives that back if there is one.
// Asaas itself answers 409 to a transfer identical (same value, same destination) to one made in the last 15
// minutes (FAQ "Transferências"), which covers two attempts racing past the look-up: on a 409 we look again.
// What is left uncovered: a retry more than LOOKUP_DAYS after the first attempt, or a retry more than 15
// minutes later whose first attempt is not among the pages read, would send a second transfer. The caller's
// ledger (one reserved withdrawal, retried for a bounded time) must keep retries inside that window; the
// validation webhook refuses a transfer Estadia does not recognise as its pending withdrawal.

export type AsaasPayoutsConfig = {
  /** e.g. https://api.asaas.com or https://api-sandbox.asaas.com (without /v3). */
  apiUrl: string;
  /** The sub-account's `seal({apiKey, webhookToken})`. */
  sealedCredentials: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The sealing key; the process's own when not given (tests pass one). */
  key?: Buffer;
};

/** The part of Asaas's transfer resource we read. */
type AsaasTransfer = {
  id: string;
  status?: string | null;
  value?: number | null;
  failReason?: string | null;
  externalReference?: string | null;
};

const LOOKUP_DAYS = 7;
const LOOKUP_PAGES = 20;
const PAGE_SIZE = 100; // Asaas's largest page

const KEY_TYPE: Record<PixKeyType, string> = {
  cpf: "CPF",
  cnpj: "CNPJ",
  email: "EMAIL",
  phone: "PHONE",
  evp: "EVP",
};

// Asaas's transfer statuses: PENDING, BANK_PROCESSING, DONE, CANCELLED, FAILED ("Recuperar uma única
// transferência"). BLOCKED is not among them, but Asaas sends TRANSFER_BLOCKED: a transfer held by Asaas
// (review, critical-action authorization) that may still be done or cancelled. The money has neither reached
// the key nor come back, so it stays pending and the withdrawal keeps its reservation. Any status Asaas adds
// later is treated the same way: not final until it says so.
const STATUS: Record<string, TransferStatus> = {
  PENDING: "pending",
  BANK_PROCESSING: "pending",
  BLOCKED: "pending",
  DONE: "done",
  FAILED: "failed",
  CANCELLED: "cancelled",
};

const UNKNOWN_FAILURE = "A transferência falhou e o Asaas não informou o motivo.";

/**
 * The key as Asaas takes it. Ours is normalized (payout-provider.ts): digits for CPF, CNPJ and phone, the
 * phone with 55 and the area code. Asaas wants a phone key as the area code and number only ("must contain 11
 * digits, including the area code"), so the country code goes.
 */
export function asaasPixKey(key: string, type: PixKeyType): string {
  if (type === "cpf" || type === "cnpj") return key.replace(/\D/g, "");
  if (type === "phone") {
    const digits = key.replace(/\D/g, "");
    return digits.length >= 12 && digits.startsWith("55") ? digits.slice(2) : digits;
  }
  if (type === "email") return key.trim().toLowerCase();
  return key.trim();
}

function toTransfer(t: AsaasTransfer): ProviderTransfer {
  const status = STATUS[t.status ?? ""] ?? "pending";
  const said = typeof t.failReason === "string" && t.failReason.trim() ? t.failReason.trim() : null;
  return {
    id: String(t.id),
    status,
    amountCents: cents(t.value),
    externalReference: t.externalReference ?? "",
    failureReason: status === "failed" ? (said ?? UNKNOWN_FAILURE) : said,
  };
}

export function createAsaasPayouts(config: AsaasPayoutsConfig): PayoutProvider {
  const { apiKey } = openAsaasCredentials(config.sealedCredentials, config.key);
  const call = createAsaasApi(
    { apiKey, apiUrl: config.apiUrl, fetch: config.fetch, timeoutMs: config.timeoutMs },
    PayoutError,
  );

  /** Our withdrawal among the account's recent transfers, or null. */
  async function findByReference(reference: string, secrets: string[]): Promise<AsaasTransfer | null> {
    const since = brasiliaDate(new Date(Date.now() - LOOKUP_DAYS * 24 * 60 * 60 * 1000));
    for (let page = 0; page < LOOKUP_PAGES; page++) {
      const query = new URLSearchParams({
        "dateCreated[ge]": since,
        offset: String(page * PAGE_SIZE),
        limit: String(PAGE_SIZE),
      });
      const list = await call<AsaasList<AsaasTransfer>>({
        method: "GET",
        path: `/v3/transfers?${query}`,
        secrets,
      });
      const found = list.data?.find((t) => t.externalReference === reference);
      if (found) return found;
      if (!list.hasMore || !list.data?.length) return null;
    }
    return null;
  }

  return {
    name: "asaas",

    async createTransfer(input: TransferInput): Promise<ProviderTransfer> {
      const value = reais(input.amountCents, PayoutError);
      const pixAddressKey = asaasPixKey(input.pixKey, input.pixKeyType);
      const secrets = [input.pixKey, pixAddressKey];

      const existing = await findByReference(input.withdrawalId, secrets);
      if (existing) return toTransfer(existing);

      try {
        const created = await call<AsaasTransfer>({
          method: "POST",
          path: "/v3/transfers",
          secrets,
          body: {
            value,
            pixAddressKey,
            pixAddressKeyType: KEY_TYPE[input.pixKeyType],
            description: input.description,
            externalReference: input.withdrawalId,
          },
        });
        return toTransfer(created);
      } catch (error) {
        if (!(error instanceof PayoutError) || error.status !== 409) throw error;
        // Asaas refused an identical transfer made in the last 15 minutes: ours, from an attempt whose answer
        // was lost or that raced this one, or another withdrawal of the same amount to the same key.
        const ours = await findByReference(input.withdrawalId, secrets);
        if (ours) return toTransfer(ours);
        // Not ours: Asaas accepts it once the 15 minutes are over, so this is worth retrying later.
        throw new PayoutError(error.message, 409, true, error.code ?? "duplicate_transfer");
      }
    },

    async getTransfer(id: string): Promise<ProviderTransfer> {
      return toTransfer(
        await call<AsaasTransfer>({ method: "GET", path: `/v3/transfers/${encodeURIComponent(id)}` }),
      );
    },
  };
}
