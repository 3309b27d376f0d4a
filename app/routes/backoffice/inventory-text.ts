/** Texts of the inventory screens (/inventory and its history; the spec does not show them). */
export const INVENTORY_TEXT = {
  title: "Estoque",
  description: "O que cada imóvel tem, o que falta e quando você é avisado.",
  historyTitle: "Movimentações de estoque",
  historyDescription: "Cada mudança de quantidade: quem, quando, por quê.",
  empty: "Nenhum produto nos imóveis",
  emptyHint: "Adicione produtos a um imóvel em Imóveis → Produtos para acompanhar o estoque aqui.",
  // Spec part 2 §8 (empty states).
  emptyFiltered: "Nenhum produto encontrado para os filtros selecionados",
  noMovements: "Nenhuma movimentação encontrada",
  alertSaved: "Nível de alerta salvo",
  alertFailed: (message: string) => `Erro ao salvar o nível de alerta: ${message}`,
  alertHint:
    "Nível de alerta: com o estoque nele ou abaixo, proprietários e gerentes recebem um e-mail. Vazio = um quarto do esperado.",
  unlimited: "Sem limite",
  loadMore: "Carregar mais",
} as const;
