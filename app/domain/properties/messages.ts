/** pt-BR texts of the properties area (spec part 1 §5 and §8). */
export const PROPERTY_TEXT = {
  nameRequired: "Informe o nome do imóvel.",
  nameTooLong: "O nome deve ter no máximo 120 caracteres.",
  addressRequired: "Informe o endereço.",
  addressTooLong: "O endereço deve ter no máximo 300 caracteres.",
  publicLocationTooLong: "A localização para os hóspedes deve ter no máximo 120 caracteres.",
  notFound: "Imóvel não encontrado",
  invalid: "Confira os campos destacados.",
} as const;
