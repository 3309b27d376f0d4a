/** pt-BR texts of the profit summary. */
export const PROFIT_TEXT = {
  badPeriod: "Escolha um período válido: a data inicial não pode ser depois da final.",
  propertyNotFound: "Imóvel não encontrado",
  tooLong: "Escolha um período de até 366 dias.",
} as const;

/** The profit figures as the dashboard, a property's page and the CSV name them. */
export const PROFIT_LABEL = {
  gross: "Vendas brutas",
  refunded: "Reembolsos",
  fees: "Taxas",
  net: "Líquido",
  cogs: "Custo dos produtos",
  profit: "Lucro",
  margin: "Margem",
  losses: "Perdas",
  lossShare: "Perdas (% das vendas)",
  orders: "Pedidos",
  averageTicket: "Ticket médio",
  /** Units found or added by a count or the stock sheet, at cost: not profit, so only in the CSV. */
  gains: "Ajustes para mais",
  uncostedUnits: "Unidades vendidas sem custo",
  uncostedGross: "Vendas sem custo",
  lossUnitsUncosted: "Unidades perdidas sem custo",
} as const;
