import { daysRange } from "./stay-dates-text";

/** pt-BR texts of calendars, feed syncs and stays typed by hand (issue 23). */
export const STAYS_TEXT = {
  propertyNotFound: "Imóvel não encontrado",
  feedNotFound: "Calendário não encontrado.",
  stayNotFound: "Reserva não encontrada.",
  addressRequired: "Informe o endereço do calendário (iCal).",
  addressTooLong: "O endereço deve ter no máximo 2000 caracteres.",
  addressInvalid: "Informe um endereço completo, começando com https://.",
  addressNotHttps: "Use um endereço https:// (o calendário precisa de conexão segura).",
  addressDuplicate: "Este calendário já foi adicionado a este imóvel.",
  tooManyFeeds: "Cada imóvel pode ter no máximo 5 calendários.",
  feedAdded: "Calendário adicionado.",
  feedRemoved: "Calendário removido.",

  // Why a fetch left everything as it was (shown as 'Erro na última sincronização').
  syncHttp: (status: number) =>
    status === 429
      ? "O calendário respondeu 429 (muitas requisições)."
      : status === 404 || status === 410
        ? `O calendário respondeu ${status} (endereço não encontrado ou desativado).`
        : status === 401 || status === 403
          ? `O calendário respondeu ${status} (acesso negado).`
          : `O calendário respondeu ${status}.`,
  syncBadAddress: "O endereço do calendário não é válido.",
  syncNotHttps: "Use um endereço https:// (o calendário precisa de conexão segura).",
  syncInternal: "Endereço interno não é permitido.",
  syncRedirects: "O calendário redirecionou mais de 3 vezes.",
  syncTooLarge: "O calendário tem mais de 2 MB.",
  syncTimeout: "O calendário demorou mais de 10 segundos.",
  syncNetwork: "Não foi possível conectar ao endereço do calendário.",
  syncInvalid: "O arquivo não é um calendário iCal válido.",
  syncEmptyAfterFull: "O calendário veio vazio, mas antes tinha reservas: mantivemos as anteriores.",
  syncSealed: "Não foi possível ler o endereço salvo: remova o calendário e adicione de novo.",
  syncUnexpected: "Erro inesperado ao sincronizar. Tentaremos de novo em instantes.",
  synced: (added: number, updated: number, cancelled: number) =>
    `Calendário sincronizado: ${added} ${added === 1 ? "nova" : "novas"}, ${updated} ${
      updated === 1 ? "alterada" : "alteradas"
    }, ${cancelled} ${cancelled === 1 ? "cancelada" : "canceladas"}.`,

  // Stays typed by hand.
  checkInInvalid: "Informe uma data de check-in válida.",
  checkOutInvalid: "Informe uma data de check-out válida.",
  checkOutBeforeCheckIn: "O check-out deve ser depois do check-in.",
  tooLong: "Uma reserva pode ter no máximo 365 noites.",
  overlaps: (checkIn: string, checkOut: string) =>
    `Estas datas se sobrepõem a outra reserva ou bloqueio (${daysRange(checkIn, checkOut)}).`,
  feedStayReadOnly:
    "Esta reserva veio do calendário de uma plataforma: altere-a na plataforma, e ela chega aqui na próxima sincronização.",
  stayCancelledAlready: "Esta reserva já está cancelada.",
  directAdded: "Reserva direta adicionada.",
  blockAdded: "Bloqueio adicionado.",
  directUpdated: "Datas da reserva alteradas.",
  directCancelled: "Reserva cancelada.",
} as const;
