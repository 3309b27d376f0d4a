import { plural } from "../../plural";

// Guest texts of this area in pt-BR (the source: en and es are typed by it): the shop (/i/:hash), the cart
// summary (/payment/:cartId), the cart's refusals and the host's contact (part 2 §8 where the spec gives them).
export const shop = {
  metaTitle: (property: string) => `${property} | Loja Estadia`,
  metaDescription: (property: string) => `Produtos disponíveis em ${property}.`,
  propertyNotFound: "Imóvel não encontrado",
  propertyNotFoundHint: "Confira o QR code ou o link que você recebeu.",
  searchPlaceholder: "Buscar produtos",
  categoriesLabel: "Categorias",
  allCategories: "Todos",
  productsHeading: "Produtos",
  otherProducts: "Outros produtos",
  emptyShop: "Este imóvel ainda não tem produtos à venda.",
  filterEmpty: "Nenhum produto encontrado para os filtros selecionados",
  add: "Adicionar",
  addLabel: (product: string) => `Adicionar ${product}`,
  addOneLabel: (product: string) => `Adicionar mais uma unidade de ${product}`,
  removeOneLabel: (product: string) => `Remover uma unidade de ${product}`,
  quantityLabel: (product: string) => `Quantidade de ${product}`,
  soldOut: "Produto esgotado",
  /** Few units left (a counted stock of 1 to 3). */
  fewLeft: (units: number) => plural("pt-BR", units, { one: "Resta #", other: "Restam #" }),
  adultsOnlyNotice: "Venda proibida para menores de 18 anos.",
  adultsOnlyMark: "18+",
  adultsOnlyMarkLabel: "Produto para maiores de 18 anos",
  continue: "Continuar",
  /** The 'Continuar' bar's count: the forms go to the guest script too (it counts as the guest taps). */
  cartItems: { one: "# item", other: "# itens" },

  // The cart's refusals (the domain throws these pt-BR texts; routes translate them).
  cartNotFound: "Carrinho não encontrado",
  cartNotFoundHint: "Volte à loja do imóvel e escolha seus produtos.",
  productUnavailable: "Este produto não está disponível neste imóvel.",
  noPrice: "Este produto ainda não tem preço.",
  stockLimit: "Não há mais unidades disponíveis deste produto.",
  lineLimit: "Máximo de 99 unidades por produto.",
  addFailed: "Não foi possível adicionar o produto ao carrinho",
  updateFailed: "Não foi possível atualizar o carrinho",
  tooManyCarts: "Muitos carrinhos criados a partir desta rede. Tente novamente em alguns minutos.",

  // The cart summary ('Resumo').
  summaryTitle: "Finalizar Pedido",
  backToShop: "Voltar para a loja",
  emptyCart: "Seu carrinho está vazio.",
  total: "Total",
  paymentMethod: "Forma de pagamento",
  methods: { pix: "Pix", credit_card: "Cartão de crédito" },
  chooseMethod: "Selecione um método de pagamento",

  // A stay's shop link before check-in (issue 48, ADR 0060).
  preArrival: {
    banner: "Peça antes de chegar — entregamos antes do seu check-in",
    hint: (checkIn: string) => `Seu check-in: ${checkIn}. O pagamento é feito agora, por Pix ou cartão.`,
    madeToOrder: "Sob encomenda",
    tooLate:
      "Os pedidos antes da chegada fecham ao meio-dia da véspera do check-in: já não dá tempo de entregar. Quando chegar, compre na loja do imóvel.",
    closed: "Este link não recebe pedidos: a estadia foi cancelada.",
    goToShop: "Ir para a loja do imóvel",
    cartHeading: "Seu pedido",
  },

  hostContact: {
    heading: "Fale com o anfitrião",
    whatsapp: "WhatsApp",
    phone: "Telefone",
    email: "E-mail",
    /** The receipt's plain-text line of one contact. */
    line: (label: string, text: string) => `${label}: ${text}`,
    /** Where the place is, as the host chose to tell guests. */
    location: (location: string) => `Localização: ${location}`,
  },
};
export type ShopMessages = typeof shop;
