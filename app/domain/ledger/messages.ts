import { formatCents } from "~/lib/money";

// pt-BR texts of sales, wallets and withdrawals (part 2 §8 where the spec gives them).
export const MONEY_TEXT = {
  walletsFailed: "Erro ao buscar carteiras",
  historyFailed: "Erro ao carregar histórico da carteira",
  receivablesFailed: "Erro ao carregar valores a receber",
  walletNotFound: "Carteira não encontrada",
  noWalletId: "ID da carteira não encontrado",
  noWallets: "Nenhuma carteira encontrada",
  noMovements: "Nenhuma movimentação encontrada",
  noSales: "Nenhuma venda encontrada",
  amountRequired: "Informe o valor do saque.",
  amountInvalid: "Digite o valor só com números e vírgula, como 150,00.",
  belowMinimum: (min: number) => `O valor mínimo de saque é ${formatCents(min)}.`,
  aboveAvailable: (available: number) =>
    available > 0
      ? `Saldo insuficiente: você pode sacar até ${formatCents(available)}.`
      : "Saldo insuficiente: não há saldo disponível para saque nesta carteira.",
  negativeBalance: (balance: number) =>
    `O saldo desta carteira está negativo (${formatCents(balance)}) por uma venda contestada ou estornada: novos saques ficam bloqueados até que ele seja coberto por novas vendas.`,
  keyTypeRequired: "Escolha o tipo da chave Pix.",
  transferRefused:
    "O provedor recusou a transferência (saldo da conta ou chave Pix). O valor voltou para o disponível.",
  noPayoutAccount: "Conecte uma conta de recebimento em Recebimentos para sacar.",
  withdrawAtProvider:
    "O dinheiro das suas vendas fica na sua conta do Mercado Pago: o saque é feito no Mercado Pago.",
  orderNotFound: "Pedido não encontrado",
  refundOnlyPaid: "Só pedidos pagos podem ser reembolsados.",
  alreadyRefunded: "Este pedido já foi reembolsado.",
  refundReasonRequired: "Informe o motivo do reembolso (até 500 caracteres).",
  refundFailed:
    "O processador de pagamentos não conseguiu estornar agora. Tente novamente em alguns minutos.",
  refunded: "Pedido reembolsado. O valor volta ao hóspede e os produtos voltaram ao estoque.",
  noWithdrawals: "Nenhum saque solicitado ainda.",
  nothingToRelease: "Nada a liberar: todas as vendas no cartão já foram liberadas.",
} as const;

/** The money of a sale as /sales, the statement and the CSVs name it. */
export const MONEY_LABEL = {
  gross: "Bruto",
  grossTotal: "Vendas brutas",
  providerFee: "Taxa do provedor",
  platformFee: "Taxa Estadia",
  refund: "Reembolso",
  refundTotal: "Reembolsos",
  net: "Líquido",
} as const;

export type WithdrawalStatus = "processing" | "paid" | "failed";

export const WITHDRAWAL_STATUS_LABEL: Record<WithdrawalStatus, string> = {
  processing: "Processando",
  paid: "Pago",
  failed: "Falhou",
};

/** '1 paga', '3 pagas': a count with the word that says what it counts. */
export function countOf(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
