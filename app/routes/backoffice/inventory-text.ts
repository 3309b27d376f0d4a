/** Texts of the inventory screens (/inventory and its history; the spec does not show them). */
export const INVENTORY_TEXT = {
  title: "Estoque",
  description: "O que cada imóvel tem, o que falta e quando você é avisado.",
  historyTitle: "Movimentações de estoque",
  historyDescription: "Cada mudança de quantidade: quem, quando, por quê.",
  empty: "Nenhum produto nos imóveis",
  emptyHint:
    "O estoque de cada imóvel aparece aqui quando ele recebe produtos: adicione-os em Imóveis → Produtos, com a quantidade que há no imóvel.",
  emptyHintNoProperty: "Cadastre um imóvel e adicione produtos a ele: o estoque de cada imóvel aparece aqui.",
  emptyHintStaff: "O estoque aparece aqui quando o proprietário ou um gerente colocar produtos nos imóveis.",
  emptyToProperties: "Ir para Imóveis",
  emptyToProperty: (name: string) => `Adicionar produtos em ${name}`,
  // Spec part 2 §8 (empty states).
  emptyFiltered: "Nenhum produto encontrado para os filtros selecionados",
  noMovements: "Nenhuma movimentação encontrada",
  noMovementsHint:
    "Cada mudança de quantidade aparece aqui: vendas, reposições, ajustes e perdas, com quem fez e quando.",
  noMovementsFiltered: "Nenhuma movimentação corresponde aos filtros escolhidos.",
  toStock: "Ver estoque",
  clearFilters: "Limpar filtros",
  alertSaved: "Nível de alerta salvo",
  alertFailed: (message: string) => `Erro ao salvar o nível de alerta: ${message}`,
  alertHint:
    "Nível de alerta: com o estoque nele ou abaixo, proprietários e gerentes recebem um e-mail. Vazio = um quarto do esperado.",
  unlimited: "Sem limite",
  loadMore: "Carregar mais",
} as const;
