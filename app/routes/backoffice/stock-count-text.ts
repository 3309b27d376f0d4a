/** Texts of a property's stock count ('Conferência'). */
export const STOCK_COUNT_TEXT = {
  title: "Conferência",
  /** A turnover count: the stay that just ended ('Conferir saída', from the stay, the agenda, the phone). */
  turnoverTitle: "Conferir saída",
  turnoverOf: (range: string) => `Estadia de ${range}`,
  seeAccount: "Ver conta da estadia",
  savedOffline:
    "Sem conexão. A conferência ficou guardada neste aparelho e será enviada quando a conexão voltar.",
  /** The link to a property's count, from its stock sheet and the inventory. */
  open: "Fazer conferência",
  forbidden: "conferir o estoque",
  intro: "Confira cada produto e digite quantos há no imóvel agora.",
  inSystem: (n: number) => `No sistema: ${n}`,
  counted: "Quantidade contada",
  lossReason: "Motivo das faltas",
  lossReasonHint:
    "Vale para os produtos com menos unidades do que o sistema; um produto com outro motivo o escolhe na sua linha.",
  lineLossReason: (name: string) => `Motivo da falta de ${name}`,
  lineLossReasonDefault: "Motivo das faltas (abaixo)",
  submit: "Concluir conferência",
  submitting: "Salvando...",
  empty: "Nenhum produto contado neste imóvel",
  emptyHint: "Produtos em 'Sem limite' não entram na conferência.",
  failed: (message: string) => `Erro ao concluir a conferência: ${message}`,
  back: "Estoque do imóvel",
  done: "Conferência concluída",
  checked: (n: number) => (n === 1 ? "1 produto conferido" : `${n} produtos conferidos`),
  missing: (n: number) => (n === 1 ? "1 unidade faltando" : `${n} unidades faltando`),
  found: (n: number) => (n === 1 ? "1 unidade a mais" : `${n} unidades a mais`),
  noCost: "sem custo",
  uncosted: (n: number) => (n === 1 ? "+ 1 unidade sem custo" : `+ ${n} unidades sem custo`),
  again: "Nova conferência",
  history: "Ver movimentações",
} as const;
