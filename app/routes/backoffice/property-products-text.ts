/** Texts of the property's stock screen (spec part 2 §2, §5, §8; the success toasts are its own list). */
export const STOCK_SCREEN_TEXT = {
  title: "Gerenciar Produtos do Imóvel",
  empty: "Nenhum produto cadastrado",
  emptyHint:
    "Os produtos deste imóvel, com a quantidade que há nele, são o que os hóspedes veem e compram na loja.",
  emptyHintNoCatalog:
    "Seu catálogo ainda não tem produtos: cadastre um em Produtos e depois adicione-o a este imóvel.",
  emptyHintStaff: "Os produtos aparecem aqui quando o proprietário ou um gerente os adicionar a este imóvel.",
  emptyNewProduct: "Cadastrar produto",
  loading: "Carregando produtos...",
  saved: "Quantidades atualizadas com sucesso",
  addedOne: "Produto adicionado com sucesso",
  addedMany: "Todos os produtos foram adicionados com sucesso",
  removed: "Produto removido com sucesso",
  loadFailed: (message: string) => `Erro ao carregar produtos: ${message}`,
  addFailed: (message: string, count: number) =>
    count > 1 ? `Erro ao adicionar produtos: ${message}` : `Erro ao adicionar produto: ${message}`,
  removeFailed: (message: string) => `Erro ao remover produto: ${message}`,
  saveFailed: (message: string) => `Erro ao atualizar quantidades: ${message}`,
  /** On the row whose quantity the save refused (the reason follows under the field). */
  quantityFailed: "Erro ao atualizar quantidade",
  unlimited: "Sem limite",
  lossReason: "Motivo da baixa",
  pickLossReason: "Escolha o motivo",
} as const;
