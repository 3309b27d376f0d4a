// pt-BR texts of checkout (part 2 §8 where the spec gives them; the rest in the same voice).
export const CHECKOUT_TEXT = {
  cartNotFound: "Carrinho não encontrado",
  orderNotFound: "Pedido não encontrado",
  propertyNotFound: "Imóvel não encontrado",
  emptyCart: "Seu carrinho está vazio.",
  nothingAvailable:
    "Nenhum produto do seu carrinho está disponível agora. Volte à loja para escolher outros.",
  invalidBuyer: "Confira os dados destacados.",
  expired:
    "O prazo para pagar este pedido terminou e os produtos foram liberados. Você pode gerar um novo pagamento.",
  pixFailed: "Erro ao gerar QR code Pix",
  cardFailed: "Erro ao processar pagamento. Por favor, verifique os dados e tente novamente.",
  cardInReview: "Já há um pagamento com cartão em análise para este pedido. Aguarde a resposta.",
  alreadyPaid: "Este pedido já está pago.",
  tooManyCharges: "Muitas tentativas de pagamento. Tente novamente em alguns minutos.",
  tooManyOrders: "Muitos pedidos feitos a partir desta rede. Tente novamente em alguns minutos.",
  adultConfirmLabel: "Confirmo que tenho 18 anos ou mais.",
  adultConfirmRequired:
    "Para comprar produtos para maiores de 18 anos, confirme que você tem 18 anos ou mais.",
  priceChanged: (name: string, from: string, to: string) => `O preço de ${name} mudou de ${from} para ${to}.`,
  removed: (name: string) => `${name} não está mais disponível e saiu do seu pedido.`,
} as const;

/** The PIX step, phone first (issue 24): the amount, the code to copy, then the QR Code. */
export const PIX_TEXT = {
  total: (amount: string) => `Total: ${amount}`,
  codeLabel: "Código Pix copia e cola",
  copy: "Copiar código",
  copied: "Código copiado!",
  howTo: "Abra o app do seu banco, escolha Pix Copia e Cola e cole o código.",
  otherDevice: "Pagando de outro aparelho? Escaneie o QR Code.",
  qrAlt: "QR Code do pagamento Pix",
} as const;
