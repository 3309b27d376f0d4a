// pt-BR texts of restocking (part 2 §8 where the spec gives them).
export const RESTOCK_TEXT = {
  pickOne: "Selecione pelo menos um produto para repor",
  /** A pre-arrival order's line on a run (ADR 0060): the guest's, not the unit's stock. */
  guestOrderMark: "Pedido do hóspede",
  created: "Reposição iniciada com sucesso",
  createFailed: (message: string) => `Erro ao criar reposição: ${message}`,
  statusUpdated: (label: string) => `Status atualizado para: ${label}`,
  statusFailed: "Erro ao atualizar status",
  notFound: "Reposição não encontrada",
  nothingMissing: "Nenhum produto para repor",
  allStocked: "Todos os produtos estão com estoque adequado",
  noReplacements: "Nenhuma reposição encontrada",
  noReplacementsHint:
    "Uma reposição leva aos imóveis os produtos que estão abaixo do esperado: você marca o que vai, imprime a lista de separação e acompanha até a entrega.",
  noReplacementsAction: "Nova reposição",
  runName: (number: number) => `Reposição #${number}`,
  counts: (products: number, properties: number) =>
    `${products === 1 ? "1 produto" : `${products} produtos`} · ${properties === 1 ? "1 imóvel" : `${properties} imóveis`}`,
  notMissing: "Este produto não está mais faltando neste imóvel.",
  moved: (label: string) => `Esta reposição já está '${label}': a página foi atualizada.`,
  cannotMove: (from: string, to: string) => `Uma reposição '${from}' não pode passar para '${to}'.`,
  quantityRange: (max: number) => `Informe de 0 a ${max} unidades.`,
  quantitiesLocked: "As quantidades só podem mudar antes da entrega.",
} as const;
