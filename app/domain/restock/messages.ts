// pt-BR texts of restocking (part 2 §8 where the spec gives them).
export const RESTOCK_TEXT = {
  pickOne: "Selecione pelo menos um produto para repor",
  created: "Reposição iniciada com sucesso",
  createFailed: (message: string) => `Erro ao criar reposição: ${message}`,
  statusUpdated: (label: string) => `Status atualizado para: ${label}`,
  statusFailed: "Erro ao atualizar status",
  notFound: "Reposição não encontrada",
  nothingMissing: "Nenhum produto para repor",
  allStocked: "Todos os produtos estão com estoque adequado",
  noReplacements: "Nenhuma reposição encontrada",
  notMissing: "Este produto não está mais faltando neste imóvel.",
  moved: (label: string) => `Esta reposição já está '${label}': a página foi atualizada.`,
  cannotMove: (from: string, to: string) => `Uma reposição '${from}' não pode passar para '${to}'.`,
  quantityRange: (max: number) => `Informe de 0 a ${max} unidades.`,
  quantitiesLocked: "As quantidades só podem mudar antes da entrega.",
} as const;
