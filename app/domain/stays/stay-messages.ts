import { sourceLabel } from "./feed-source";
import { daysRange } from "./stay-dates-text";

// pt-BR texts of a stay's page and of the /sales filter by stay.

export const STAY_TEXT = {
  title: "Estadia",
  notFound: "Estadia não encontrada.",
  cancelled: "Cancelada",
  confirmed: "Confirmada",
  block: "Bloqueio",
  reservationCode: "Código da reserva",
  purchases: "Compras durante a estadia",
  noPurchases: "Nenhuma compra durante a estadia.",
  noSalesForBlock: "Um bloqueio não é uma estadia: não tem compras.",
  noSalesWhenCancelled: "Estadia cancelada: nenhuma compra é atribuída a ela.",
  seeInSales: "Ver nas vendas",
  damages: "Avarias",
  noDamages: "Nenhuma avaria registrada nesta estadia.",
  reportDamage: "Registrar avaria",
  previous: "Estadia anterior",
  next: "Próxima estadia",
  windowHint: "Contam as compras pagas do dia do check-in até as 12h do dia do check-out.",
  removeFilter: "Remover filtro de estadia",
} as const;

/** 'Estadia de 20/11/2026 a 24/11/2026 (Airbnb)': the /sales filter as it is shown. */
export function stayFilterLabel(stay: { checkIn: string; checkOut: string; source: string }): string {
  return `Estadia de ${daysRange(stay.checkIn, stay.checkOut)} (${sourceLabel(stay.source)})`;
}

/** '3 compras'. */
export function purchasesText(count: number): string {
  return `${count} ${count === 1 ? "compra" : "compras"}`;
}

/** The stay's shop link (issue 48, ADR 0060). */
export const STAY_SHOP_TEXT = {
  title: "Link da loja para esta estadia",
  hint: "Cole na mensagem de boas-vindas da plataforma de reservas: antes do check-in o hóspede pede e paga, e a reposição leva até a chegada.",
  copy: "Copiar link da loja",
  copied: "Link copiado",
  copyFailed: "Não foi possível copiar: selecione o link e copie.",
} as const;
