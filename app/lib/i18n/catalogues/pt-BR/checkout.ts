// Guest texts of this area in pt-BR (the source: en and es are typed by it). The checkout steps after the
// cart summary: identification, payment (PIX and card), success; part 2 §8 where the spec gives the words.
export const checkout = {
  steps: {
    label: "Etapas da compra",
    summary: "Resumo",
    identification: "Identificação",
    payment: "Pagamento",
  },
  /** Said by the domain (AppError messages) and shown as they are, or translated by the routes. */
  errors: {
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
    /** The same words as the receiving domain's refusal (payment-accounts/messages.ts), so it translates. */
    notReceiving: "Este imóvel ainda não está recebendo pagamentos. Avise o anfitrião.",
    badRequest: "Pedido inválido.",
    adultConfirmRequired:
      "Para comprar produtos para maiores de 18 anos, confirme que você tem 18 anos ou mais.",
  },
  notices: {
    heading: "Atualizamos o seu pedido:",
    priceChanged: (name: string, from: string, to: string) =>
      `O preço de ${name} mudou de ${from} para ${to}.`,
    removed: (name: string) => `${name} não está mais disponível e saiu do seu pedido.`,
  },
  /** The identification form's checks (domain/orders/buyer.ts), on the server and in the guest script. */
  buyer: {
    nameRequired: "Nome completo é obrigatório",
    nameTooLong: "Nome muito longo (até 120 caracteres)",
    emailInvalid: "E-mail inválido",
    contactRequired: "Informe pelo menos um método de contato (e-mail ou telefone)",
    cpfInvalid: "CPF inválido",
    cpfRequired: "Informe seu CPF: o recebedor deste imóvel exige CPF para cobranças Pix.",
    phoneInvalid: "Telefone inválido: informe DDD e número, ou + e o código do país",
    /** Ticked without a phone (issue 50). */
    whatsappNeedsPhone: "Informe o telefone para receber o comprovante no WhatsApp",
  },
  summary: {
    title: "Resumo da compra",
    total: "Total",
    processor:
      "O pagamento é processado com segurança por um processador de pagamentos. O Estadia não guarda os dados do seu cartão.",
  },
  identification: {
    meta: "Identificação | Finalizar Pedido",
    title: "Identificação",
    back: "Voltar ao resumo",
    cartGone: "Volte à loja do imóvel e escolha seus produtos.",
    cartChanged: "Seu carrinho mudou. Confirme seus dados para atualizar o pedido.",
    fullName: "Nome completo",
    cpf: "CPF (opcional)",
    email: "E-mail",
    emailHint: "Para receber o recibo. Informe e-mail ou telefone.",
    phone: "Telefone",
    adultConfirmLabel: "Confirmo que tenho 18 anos ou mais.",
    /** Shown only where WhatsApp is configured (issue 50): the receipt as a message, nothing else. */
    whatsappReceipt: "Receber o comprovante no WhatsApp",
    whatsappReceiptHint: "Só o comprovante desta compra, no telefone informado. Nada de propaganda.",
    /** Kept only in this browser (issue 49): the next purchase finds the form filled in. */
    remember: "Lembrar meus dados neste aparelho",
    rememberHint: "Ficam só neste navegador, para a próxima compra. Você pode esquecê-los quando quiser.",
    remembered: "Preenchido com os dados lembrados neste aparelho.",
    forget: "Esquecer meus dados",
    submit: "Continuar para pagamento",
  },
  payment: {
    meta: "Pagamento | Finalizar Pedido",
    title: "Pagamento",
    back: "Voltar à identificação",
    payByCard: "Pagar com cartão de crédito",
    payByPix: "Pagar com Pix",
    selfRefresh: "Esta página se atualiza sozinha a cada 10 segundos.",
  },
  /** The PIX step, phone first (issue 24): the amount, the code to copy, then the QR Code. */
  pix: {
    title: "Pagamento via Pix",
    total: (amount: string) => `Total: ${amount}`,
    codeLabel: "Código Pix copia e cola",
    copy: "Copiar código",
    copied: "Código copiado!",
    howTo: "Abra o app do seu banco, escolha Pix Copia e Cola e cole o código.",
    otherDevice: "Pagando de outro aparelho? Escaneie o QR Code.",
    qrAlt: "QR Code do pagamento Pix",
    waiting: "Aguardando confirmação do pagamento...",
    payBy: (when: string) => `Pague até ${when}`,
    /** The guest script's countdown; `{time}` is mm:ss. */
    expiresIn: "Expira em {time}",
    timeUp: "O prazo para pagar terminou.",
    generating: "Gerando QR Code para pagamento...",
    generate: "Gerar QR Code",
    retry: "Tentar novamente",
    generateNew: "Gerar novo QR Code",
  },
  card: {
    title: "Pagamento com cartão de crédito",
    number: "Número do cartão",
    name: "Nome no cartão",
    expiry: "Validade",
    expiryPlaceholder: "MM/AA",
    cvv: "CVV",
    submit: "Finalizar pagamento",
    noScript:
      "Para pagar com cartão, ative o JavaScript do navegador: os dados do cartão vão direto ao processador de pagamentos, sem passar pelo Estadia. Ou pague com Pix.",
    processing: "Processando pagamento",
    processingHint: "Aguarde um instante. Não feche nem atualize esta página.",
    challengeTitle: "Confirme a compra com o seu banco",
    challengeHint: "O seu banco pediu uma verificação de segurança. Siga as instruções abaixo.",
    inReviewTitle: "Pagamento em análise",
    inReviewText:
      "O processador de pagamentos está analisando o seu cartão. Esta página avisa assim que houver resposta.",
    unavailable: "Este imóvel não aceita cartão no momento. Pague com Pix.",
    /** The card form's checks (lib/card.ts), shown by the guest script. */
    numberRequired: "Número do cartão é obrigatório",
    numberInvalid: "Número do cartão inválido",
    nameRequired: "Nome no cartão é obrigatório",
    expiryRequired: "Data de expiração é obrigatória",
    expiryInvalid: "Data de expiração inválida",
    cvvRequired: "CVV é obrigatório",
    cvvInvalid: "CVV inválido",
  },
  /** Why a card was refused, with what to do next (issue 24), by the adapters' CardRefusal. */
  refusals: {
    insufficient_funds: "Saldo ou limite insuficiente. Tente outro cartão ou pague com Pix.",
    bad_security_code: "Código de segurança (CVV) incorreto. Confira e tente de novo.",
    bad_expiry_date: "Cartão vencido ou validade incorreta. Confira a data ou use outro cartão.",
    bad_card_data: "Algum dado do cartão está incorreto. Confira e tente de novo.",
    call_bank: "O banco pediu autorização: ligue para o seu banco ou use outro cartão.",
    challenge_failed:
      "O banco não confirmou a compra na verificação de segurança. Tente de novo ou use outro cartão ou Pix.",
    other: "O cartão foi recusado. Tente outro cartão ou pague com Pix.",
  },
  success: {
    notFound: "Não encontramos um pedido deste carrinho neste aparelho.",
    metaPaid: "Pagamento confirmado!",
    metaOther: "Seu pedido",
    paidTitle: "Pagamento confirmado!",
    paidAt: "Pago em",
    paidWith: "Forma de pagamento",
    paidText: (id: string) =>
      `Obrigado pela compra! O pedido ${id} está pago. Os produtos já são seus: aproveite a estadia.`,
    refundedTitle: "Pedido reembolsado",
    refundedText: (id: string) =>
      `O anfitrião devolveu o valor do pedido ${id}. O estorno aparece no seu banco ou na fatura do cartão.`,
    backToShop: "Voltar para a loja",
    pendingTitle: "Aguardando pagamento",
    pendingText: "Ainda não recebemos a confirmação do pagamento deste pedido.",
    pendingAction: "Ir para o pagamento",
    processingTitle: "Pagamento em análise",
    processingText: "O processador de pagamentos está analisando o pagamento.",
    processingAction: "Acompanhar o pagamento",
    failedTitle: "Pagamento recusado",
    failedText: "O pagamento não foi aprovado e nada foi cobrado.",
    failedAction: "Tentar novamente",
    cancelledTitle: "Pedido cancelado",
    cancelledText: "O prazo para pagar terminou e nada foi cobrado.",
    cancelledAction: "Gerar um novo pagamento",
  },
};
export type CheckoutMessages = typeof checkout;
