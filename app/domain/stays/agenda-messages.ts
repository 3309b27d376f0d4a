import { formatDay } from "~/lib/dates";
import { daysRange } from "./stay-dates-text";

// pt-BR texts of the agenda, the turnovers and the cleaning team's calendar (issue 23).
export const AGENDA_TEXT = {
  title: "Agenda",
  checkIn: "Check-in",
  checkOut: "Check-out",
  block: "Bloqueio",
  turnover: "Troca",
  sameDayTurnover: "Troca no mesmo dia",
  turnoverUntil: (day: string) => `até o check-in de ${formatDay(day)}`,
  turnoverOpen: "sem próximo check-in",
  blockRange: daysRange,
  emptyMonth: "Nenhuma estadia neste mês.",
  howToAdd: "Adicione o endereço do calendário do Airbnb ou Booking.com em Imóveis → Calendários.",
  calendars: "Calendários",
  previousMonth: "Mês anterior",
  nextMonth: "Próximo mês",
  allProperties: "Todos os imóveis",
  propertyFilter: "Imóvel",
  badMonth: "Mês inválido: mostrando o mês atual.",
  propertyNotFound: "Imóvel não encontrado",
  feedTitle: "Calendário da equipe de limpeza",
  feedHint:
    "Assine este endereço no celular (Google Agenda, Calendário do iPhone) para ver as trocas dos próximos 90 dias e as entregas de reposição. Quem tem o endereço vê a agenda: compartilhe só com a equipe.",
  feedCopy: "Copiar endereço",
  feedCopied: "Endereço copiado",
  feedCopyFailed: "Não foi possível copiar: selecione o endereço e copie.",
  feedSubscribe: "Assinar no celular",
  feedRenew: "Gerar novo endereço",
  feedRenewConfirm: "O endereço atual deixará de funcionar. Gerar um novo?",
  feedRenewed: "Novo endereço gerado: o anterior não funciona mais.",
  feedName: (organization: string) => `Estadia: trocas de ${organization}`,
  feedTurnoverSummary: (property: string) => `Troca: ${property}`,
  feedTurnoverDescription: (t: { from: string; until: string | null; sameDay: boolean }) =>
    t.sameDay
      ? `Troca no mesmo dia: check-out e check-in em ${formatDay(t.from)}.`
      : t.until
        ? `Check-out em ${formatDay(t.from)}. Janela até o próximo check-in: ${formatDay(t.until)}.`
        : `Check-out em ${formatDay(t.from)}. Sem próximo check-in marcado.`,
  feedRunSummary: (number: number, day: string) => `Reposição #${number}: entregar até ${formatDay(day)}`,
  feedRunDescription: (properties: string[]) => `Imóveis: ${properties.join(", ")}.`,
  // Restocking planned for the next check-in.
  checkinFilter: (days: number) => `Só imóveis com check-in nos próximos ${days} dias`,
  checkinFilterDays: "Dias até o check-in",
  checkinFilterApply: "Filtrar",
  checkinFilterOff: "Ver todos os imóveis",
  checkinFilterRange: "Informe de 1 a 60 dias.",
  checkinFilterEmpty: (days: number) =>
    `Nenhum imóvel com check-in nos próximos ${days} dias precisa de reposição.`,
  nextCheckIn: (day: string) => `Próximo check-in: ${formatDay(day)}`,
  deliverBy: (day: string) => `Entregar até ${formatDay(day)}`,
  late: (day: string) => `Atrasada: o check-in era ${formatDay(day)}.`,
  lateBadge: "Atrasada",
} as const;
