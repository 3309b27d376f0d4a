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
} as const;
