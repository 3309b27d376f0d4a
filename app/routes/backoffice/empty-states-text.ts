import type { PayoutMode } from "~/domain/ledger/read-wallets.server";

/**
 * What the back office's empty lists explain (issue 25), for the screens without a text file of their own.
 * The titles are the spec's where it gives one (part 1 §8, part 2 §8) and stay where they are.
 */
export const EMPTY_TEXT = {
  clearFilters: "Limpar filtros",

  categories: "Nenhuma categoria cadastrada",
  categoriesHint:
    "As categorias agrupam os produtos na loja do hóspede, como Bebidas ou Higiene. São opcionais: um produto pode ficar sem categoria.",
  categoriesAction: "Criar primeira categoria",

  salesHint:
    "As vendas aparecem aqui assim que um hóspede paga na loja do imóvel, que ele abre pelo QR Code do cartaz.",
  salesFiltered: "Nenhuma venda corresponde aos filtros escolhidos.",
  salesToProperties: "Ver imóveis",

  walletsHint: (mode: PayoutMode) =>
    `Cada imóvel ganha uma carteira na primeira venda paga. ${WHERE_THE_MONEY_GOES[mode]}`,
  toReceiving: "Ver Recebimentos",
  withdrawalsHint: "Cada saque pedido aparece aqui com o seu status, até o dinheiro chegar à chave Pix.",

  noWalletIdHint: "Abra o extrato pela carteira do imóvel, em Saques.",
  toWallets: "Ver carteiras",
  statementHint:
    "O saldo disponível muda quando uma venda no Pix é paga, quando uma venda no cartão é liberada e quando há um saque.",
  noReceivables: "Nenhuma venda no cartão a receber: cada uma aparece aqui até ser liberada para o saldo.",

  invitations: "Nenhum convite pendente",
  invitationsHint:
    "Convide quem ajuda nos imóveis: gerentes cuidam do catálogo, do estoque e das reposições e veem as vendas; a equipe de limpeza confere o estoque e entrega as reposições. O convite chega por e-mail.",
  invite: "Convidar",

  activity: "Nenhuma atividade registrada",
  activityHint:
    "Aqui aparecem as mudanças de preço, da equipe e da conta de recebimento: o que mudou, quem mudou e quando. As mudanças de estoque ficam no histórico do estoque.",
} as const;

/** Where the money of the sales goes, by how the organization is paid out (see receiving-text.ts). */
const WHERE_THE_MONEY_GOES: Record<PayoutMode, string> = {
  none: "O dinheiro das vendas vai para a conta de recebimento que você conectar em Recebimentos, não para o Estadia.",
  here: "O dinheiro das vendas vai para a sua conta de recebimento, não para o Estadia; o saque para a sua chave Pix é pedido aqui.",
  mercadopago:
    "O dinheiro das vendas vai direto para a sua conta do Mercado Pago, não para o Estadia; o saque é feito lá.",
};
