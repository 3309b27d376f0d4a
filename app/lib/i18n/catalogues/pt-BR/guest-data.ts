import { plural } from "../../plural";

// Guest texts of this area in pt-BR (the source: en and es are typed by it): the receipt's 'Meus dados'
// page (/meus-dados/…) and the copy of their data a guest gets by email.
export const guestData = {
  title: "Seus dados",
  order: (shortId: string, property: string) => `Pedido ${shortId} em ${property}`,
  intro:
    "Você pode pedir ao anfitrião uma cópia dos dados guardados sobre você ou que eles sejam apagados. Confirme o e-mail usado na compra.",
  emailLabel: "Seu e-mail",
  choiceLegend: "O que você quer?",
  export: "Receber uma cópia dos meus dados",
  erasure: "Apagar meus dados",
  erasureHint: "Os valores da compra ficam, sem seu nome e contato, para as contas do anfitrião.",
  submit: "Enviar pedido",
  emailMismatch: "Este não é o e-mail deste pedido. Use o mesmo e-mail em que você recebeu o recibo.",
  choiceRequired: "Escolha o que você quer pedir.",
  tooMany: (minutes: number) =>
    plural("pt-BR", minutes, {
      one: "Muitos pedidos. Tente novamente em # minuto.",
      other: "Muitos pedidos. Tente novamente em # minutos.",
    }),
  receivedTitle: "Pedido recebido",
  receivedExport: "O anfitrião vai enviar uma cópia dos seus dados para o seu e-mail.",
  receivedErasure: "O anfitrião vai apagar seus dados.",
  receivedDeadline: "Ele responde em até 15 dias.",
  alreadyErased: "Os dados deste pedido já foram apagados.",
  alreadyErasedText: "Não guardamos mais seu nome nem seu contato neste pedido.",
  invalidLinkTitle: "Link inválido",
  invalidLinkText: "Abra o link do recibo que você recebeu por e-mail, sem alterar nada nele.",
  copySubject: "Cópia dos seus dados",
  copyIntro: (property: string) =>
    `Você pediu uma cópia dos dados guardados sobre você nas compras em ${property}. Eles estão abaixo, pedido por pedido.`,
  copyFooter: "Você recebe este e-mail porque pediu seus dados pelo link do recibo.",
  copyLabels: {
    order: "Pedido",
    createdAt: "Feito em",
    property: "Imóvel",
    status: "Situação",
    method: "Forma de pagamento",
    total: "Total",
    paidAt: "Pago em",
    name: "Nome",
    email: "E-mail",
    phone: "Telefone",
    cpf: "CPF",
    items: "Itens",
    payments: "Pagamentos",
    card: "Cartão",
    whatsappOptIn: "Comprovante no WhatsApp pedido em",
    messages: "Mensagens enviadas",
    none: "—",
  },
};
export type GuestDataMessages = typeof guestData;
