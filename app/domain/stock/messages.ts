/** pt-BR texts of stock per property (spec part 2 §5 and §8 give the toasts; these are the reasons). */
export const STOCK_TEXT = {
  productNotFound: "Produto não encontrado",
  notInProperty: "Produto não encontrado neste imóvel",
  alreadyInProperty: "Este produto já está no imóvel",
  pickOne: "Selecione pelo menos um produto.",
  notInteger: "Use um número inteiro.",
  negative: "A quantidade não pode ser negativa.",
  tooLarge: "A quantidade máxima é 1.000.000.",
  duplicated: "O mesmo produto apareceu duas vezes.",
  invalid: "Confira as quantidades destacadas.",
  lossReasonMissing: "Diga por que a quantidade baixou.",
  takenAtInvalid: "O horário da conferência não é válido.",
  takenAtTooOld: "Esta conferência tem mais de 7 dias e não foi aplicada. Faça uma nova conferência.",
  countIdInvalid: "Identificador da conferência inválido.",
  countIdTaken: "Esta conferência já foi registrada em outro imóvel.",
} as const;

/** Why a current quantity changed (stock_movements.reason). */
export type MovementReason =
  | "initial"
  | "adjustment"
  | "removal"
  | "sale"
  | "sale_reversal"
  | "restock"
  | "loss";

/** A new property product starts with one unit and a target of one (spec part 2 §9). */
export const NEW_PROPERTY_PRODUCT = { current: 1, expected: 1 } as const;

export const MAX_QUANTITY = 1_000_000;
