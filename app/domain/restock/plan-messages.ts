// pt-BR texts of 'Planejar reposições' (issue 48, ADR 0058).
export const PLAN_TEXT = {
  title: "Planejar reposições",
  parLabel: "nível de reposição (quantidade esperada)",
  daysRange: "Informe um número de dias entre 1 e 30.",
  days: (n: number) => (n === 1 ? "Check-ins no próximo dia" : `Check-ins nos próximos ${n} dias`),
  cover: "Cobrir também o consumo previsto da estadia",
  create: "Criar reposições",
  nothingLeft:
    "Nada a planejar: os imóveis com check-in neste período já têm o nível de reposição, contando o que está a caminho.",
  created: (n: number) => (n === 1 ? "1 reposição criada" : `${n} reposições criadas`),
  oneRunPerDay: "Uma reposição por dia de prazo (o dia do check-in).",
  guestsEstimated: (n: number) =>
    `Hóspedes estimados: ${n} por estadia (os calendários não informam quantos hóspedes vêm).`,
  orgAverage: "média da organização",
  noHistory: "sem histórico",
  noCheckIns: (n: number) => `Nenhum imóvel com check-in nos próximos ${n} dias.`,
} as const;
