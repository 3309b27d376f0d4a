import type { AccountProviderName } from "~/platform/env.server";

// What people read about payment accounts (pt-BR).

export type AccountStatus = "active" | "pending" | "needs_reconnect" | "disconnected";

export const ACCOUNT_STATUS_LABEL: Record<AccountStatus, string> = {
  active: "Conectada",
  pending: "Pendente",
  needs_reconnect: "Precisa reconectar",
  disconnected: "Desconectada",
};

export const PROVIDER_LABEL: Record<AccountProviderName, string> = {
  mercadopago: "Mercado Pago",
  asaas: "Asaas",
  sandbox: "Conta de teste (sandbox)",
};

export const RECEIVING_TEXT = {
  /** The guest's sentence when the organization has no active account (nothing is created or held). */
  notReceiving: "Este imóvel ainda não está recebendo pagamentos. Avise o anfitrião.",
  notOffered: "Este provedor de pagamentos não está disponível.",
  alreadyConnected: "Desconecte a conta atual antes de conectar outra.",
  nothingToDisconnect: "Não há conta conectada.",
  oauthExpired: "O pedido de conexão expirou ou já foi usado. Clique em 'Conectar Mercado Pago' de novo.",
  oauthRefused: "O Mercado Pago não autorizou a conexão. Tente de novo.",
  asaasRefused:
    "O Asaas recusou a abertura da conta. Confira os dados (CPF ou CNPJ, CEP, e-mail) e tente de novo.",
  providerUnavailable: "Não foi possível falar com o provedor agora. Tente de novo em instantes.",
  takenByOther: "Esta conta do provedor já está conectada a outra organização.",
  connected: "Conta conectada. Seus imóveis já podem receber pagamentos.",
  disconnected: "Conta desconectada. Seus imóveis não recebem pagamentos até você conectar outra.",
} as const;

export function statusLabel(status: string): string {
  return ACCOUNT_STATUS_LABEL[status as AccountStatus] ?? status;
}

export function providerLabel(provider: string): string {
  return PROVIDER_LABEL[provider as AccountProviderName] ?? provider;
}

const APPROVAL_PART_LABEL = {
  commercialInfo: "Dados comerciais",
  bankAccountInfo: "Conta bancária",
  documentation: "Documentos",
} as const;

const APPROVAL_STATUS_TEXT: Record<string, string> = {
  PENDING: "falta enviar",
  AWAITING_APPROVAL: "em análise no Asaas",
  REJECTED: "recusado pelo Asaas",
};

/**
 * What an Asaas sub-account still lacks to be approved, one line per part (Asaas's
 * `GET /v3/myAccount/status`); empty once it is approved or while it was never read.
 */
export function asaasPendingLines(approval: Record<string, string> | null): string[] {
  if (!approval || approval.general === "APPROVED") return [];
  const lines = (Object.keys(APPROVAL_PART_LABEL) as (keyof typeof APPROVAL_PART_LABEL)[]).flatMap((part) => {
    const status = approval[part] ?? "PENDING";
    if (status === "APPROVED") return [];
    return [`${APPROVAL_PART_LABEL[part]}: ${APPROVAL_STATUS_TEXT[status] ?? status}`];
  });
  if (lines.length > 0) return lines;
  return [`Aprovação geral: ${APPROVAL_STATUS_TEXT[approval.general ?? "PENDING"] ?? approval.general}`];
}
