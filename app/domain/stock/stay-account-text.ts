// pt-BR texts of a stay's account ('Conta da estadia', issue 46), shared by server and screens.
export const STAY_ACCOUNT_TEXT = {
  title: "Conta da estadia",
  notCounted: "A saída desta estadia ainda não foi conferida.",
  nothingMissing: "Nada faltando",
  missingOpen: "Faltando, não cobrado",
  forgiven: "Perdoado",
  inDamage: "Incluído na avaria",
  shared: (from: string, to: string) =>
    `Faltas entre as estadias de ${from} e ${to}: a conferência foi pulada, então não pertencem a um hóspede e não são cobradas.`,
  countNotFound: "Conferência não encontrada.",
  settled: "A conta desta estadia já foi resolvida: a página foi atualizada.",
  sharedRefused: "Estas faltas são de várias estadias: não podem ser atribuídas a um hóspede.",
  nothingToSettle: "A conferência desta estadia não encontrou nada faltando.",
  claimClosed: "O prazo de reclamação desta estadia já terminou.",
  forgive: "Perdoar",
  forgivenDone: "Consumo perdoado",
  includeInDamage: "Incluir na avaria",
  includedDone: "Consumo incluído na avaria",
  unpaidItem: (units: number, name: string, when: string, who: string) =>
    `Consumo não pago: ${units} × ${name} (conferido em ${when} por ${who})`,
  damageTitle: "Consumo não pago",
  alertLabel: "Avisar por e-mail quando faltar mais de",
  alertHint: "Vale para as conferências de saída; R$ 0,00 avisa sempre que faltar algo.",
  alertSaved: "Aviso salvo",
  alertInvalid: "Informe um valor entre R$ 0,00 e R$ 100.000,00.",
} as const;
