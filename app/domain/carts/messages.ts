// pt-BR texts of the guest shop and cart (part 2 §8 where the spec gives them).
export const CART_TEXT = {
  propertyNotFound: "Imóvel não encontrado",
  cartNotFound: "Carrinho não encontrado",
  productUnavailable: "Este produto não está disponível neste imóvel.",
  noPrice: "Este produto ainda não tem preço.",
  soldOut: "Produto esgotado",
  stockLimit: "Não há mais unidades disponíveis deste produto.",
  lineLimit: "Máximo de 99 unidades por produto.",
  addFailed: "Não foi possível adicionar o produto ao carrinho",
  updateFailed: "Não foi possível atualizar o carrinho",
  tooManyCarts: "Muitos carrinhos criados a partir desta rede. Tente novamente em alguns minutos.",
  emptyShop: "Este imóvel ainda não tem produtos à venda.",
  adultsOnlyNotice: "Venda proibida para menores de 18 anos.",
  adultsOnlyMark: "18+",
  adultsOnlyMarkLabel: "Produto para maiores de 18 anos",
} as const;

/** Few units left (a counted stock of 1 to 3): 'Resta 1', 'Restam 3'. */
export const FEW_LEFT_MAX = 3;
export function fewLeftText(units: number): string {
  return units === 1 ? "Resta 1" : `Restam ${units}`;
}
