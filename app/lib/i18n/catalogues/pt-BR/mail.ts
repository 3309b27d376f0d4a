// Guest texts of this area in pt-BR (the source: en and es are typed by it). The guest's receipt email;
// the hosts' emails stay pt-BR in platform/mail/templates.server.ts.
export const mail = {
  receipt: {
    subject: (place: string) => `Recibo do seu pedido em ${place}`,
    title: "Pagamento confirmado!",
    greeting: (firstName: string) => `Olá, ${firstName}!`,
    /** When the order has no usable name. */
    greetingNoName: "Olá!",
    paid: (order: string, place: string, when: string, method: string) =>
      `Recebemos o pagamento do seu pedido ${order} em ${place}, em ${when} (${method}). Obrigado pela compra!`,
    location: (location: string) => `Localização: ${location}`,
    total: "Total",
    methods: { pix: "Pix", credit_card: "Cartão de crédito" },
    contactHeading: "Fale com o anfitrião",
    contact: { whatsapp: "WhatsApp", phone: "Telefone", email: "E-mail" },
    backToShop: "Voltar para a loja",
    buttonFallback: "Se o botão não funcionar, copie e cole este endereço no navegador:",
    dataRequest: "Seus dados: pedir uma cópia ou a exclusão",
    footer: "Este é o seu recibo. Guarde este e-mail; se algo não estiver certo, fale com o anfitrião.",
  },
  // A pre-arrival order delivered to the unit (issue 48, ADR 0060).
  delivered: {
    subject: (place: string) => `Seu pedido chegou em ${place}`,
    title: "Seu pedido está no imóvel",
    greeting: (firstName: string) => `Olá, ${firstName}!`,
    greetingNoName: "Olá!",
    body: (order: string, place: string) =>
      `Entregamos o seu pedido ${order} em ${place}: ele estará lá quando você chegar.`,
    openShop: "Abrir a loja do imóvel",
    buttonFallback: "Se o botão não funcionar, copie e cole este endereço no navegador:",
    footer: "Se algo não estiver certo, fale com o anfitrião.",
  },
};
export type MailMessages = typeof mail;
