/** pt-BR texts of the profit summary. */
export const PROFIT_TEXT = {
  badPeriod: "Escolha um período válido: a data inicial não pode ser depois da final.",
  propertyNotFound: "Imóvel não encontrado",
  tooLong: "Escolha um período de até 366 dias.",
} as const;
