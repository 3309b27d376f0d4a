// pt-BR texts of the catalogue screens. The spec's own texts are used as written (part 1 §2, §5, §8);
// the validation messages are ours (the spec only says which fields are required).
import { formatCents } from "~/lib/money";
import { MAX_PRICE_CENTS } from "~/lib/price-input";

export const CATALOG_TEXT = {
  productCreated: "Produto criado com sucesso",
  productUpdated: "Produto atualizado com sucesso",
  productDeleted: "Produto excluído com sucesso",
  productDeleteFailed: "Erro ao excluir produto",
  productNotFound: "Produto não encontrado",
  productNameRequired: "Informe o nome do produto.",
  productNameTooLong: "O nome do produto deve ter no máximo 120 caracteres.",
  productNameEnTooLong: "O nome em inglês deve ter no máximo 120 caracteres.",
  productNameEsTooLong: "O nome em espanhol deve ter no máximo 120 caracteres.",
  nameEnLabel: "Nome em inglês",
  nameEsLabel: "Nome em espanhol",
  foreignNameHint:
    "Opcional: o que hóspedes que leem a loja nesse idioma veem; vazio mostra o nome em português.",
  adultsOnlyLabel: "Produto para maiores de 18 anos (bebida alcoólica, tabaco)",
  madeToOrderLabel: "Disponível sob encomenda (não fica no imóvel)",
  madeToOrderHint: "Hóspedes pedem pelo link da estadia antes de chegar; a reposição leva até o check-in.",
  madeToOrderMark: "Sob encomenda",
  priceTooHigh: `O preço deve ser de no máximo ${formatCents(MAX_PRICE_CENTS)}.`,
  priceInvalid: "Digite o preço só com números e vírgula, como 12,50.",
  costTooHigh: `O custo deve ser de no máximo ${formatCents(MAX_PRICE_CENTS)}.`,
  costInvalid: "Digite o custo só com números e vírgula, como 4,90.",
  categoryCreated: "Categoria criada!",
  categoryUpdated: "Categoria atualizada!",
  categoryDeleted: "Categoria excluída",
  categoryDeleteFailed: "Erro ao excluir categoria",
  categoriesLoadFailed: "Erro ao buscar categorias",
  categoryNotFound: "Categoria não encontrada",
  categoryNameRequired: "Informe o nome da categoria.",
  categoryNameTooLong: "O nome da categoria deve ter no máximo 60 caracteres.",
  categoryNameEnTooLong: "O nome em inglês deve ter no máximo 60 caracteres.",
  categoryNameEsTooLong: "O nome em espanhol deve ter no máximo 60 caracteres.",
  colorRequired: "Informe a cor da categoria.",
  colorTooLong: "A cor deve ter no máximo 7 caracteres.",
  colorInvalid: "Informe uma cor no formato #RRGGBB (por exemplo, #8E9196).",
} as const;

/** The spec's error when the product list cannot be loaded: 'Erro ao carregar produtos: {message}'. */
export function productsLoadFailed(message: string): string {
  return `Erro ao carregar produtos: ${message}`;
}

/** The spec's error toast for a failed save: 'Erro: {message}'. */
export function saveFailed(message: string): string {
  return `Erro: ${message}`;
}
