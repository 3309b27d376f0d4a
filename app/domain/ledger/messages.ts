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
  belowMinimum: (min: number) => `O valor mínimo de saque é ${formatCents(min)}.`,
  aboveAvailable: (available: number) =>
    available > 0
      ? `Saldo insuficiente: você pode sacar até ${formatCents(available)}.`
      : "Saldo insuficiente: não há saldo disponível para saque nesta carteira.",
  keyTypeRequired: "Escolha o tipo da chave Pix.",
  orderNotFound: "Pedido não encontrado",
  refundOnlyPaid: "Só pedidos pagos podem ser reembolsados.",
  alreadyRefunded: "Este pedido já foi reembolsado.",
  refundReasonRequired: "Informe o motivo do reembolso (até 500 caracteres).",
  refundFailed:
    "O processador de pagamentos não conseguiu estornar agora. Tente novamente em alguns minutos.",
  refunded: "Pedido reembolsado. O valor volta ao hóspede e os produtos voltaram ao estoque.",
} as const;
