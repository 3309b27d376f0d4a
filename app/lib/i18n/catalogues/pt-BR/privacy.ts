import { plural } from "../../plural";

// Guest texts of this area in pt-BR (the source: en and es are typed by it): the short LGPD notice at
// identification and the public privacy notice (/privacidade).
const months = (n: number) => plural("pt-BR", n, { one: "# mês", other: "# meses" });

export const privacy = {
  notice: {
    heading: "Privacidade",
    text: (host: string, n: number) =>
      `Seus dados vão para ${host}, o anfitrião, só para esta compra e o seu recibo. Ficam guardados por ${months(n)}.`,
    link: "Aviso de privacidade",
  },
  page: {
    meta: "Aviso de privacidade | Estadia",
    description:
      "Como o Estadia e o anfitrião tratam os dados de quem compra na loja do imóvel: o quê, para quê, por quanto tempo e os seus direitos (LGPD).",
    title: "Aviso de privacidade",
    intro:
      "Este aviso explica, em poucas palavras, o que acontece com os seus dados quando você compra na loja de um imóvel pelo Estadia.",
    whoHeading: "Quem cuida dos seus dados",
    who: [
      "O anfitrião (quem vende na loja do imóvel) é o controlador dos dados da sua compra: ele decide para que servem.",
      "O Estadia é o operador: guarda e processa esses dados em nome do anfitrião, e só para isso.",
      "O Estadia é o controlador das suas próprias contas (os dados de acesso dos anfitriões) e dos seus registros de acesso.",
    ],
    whatHeading: "O que coletamos",
    what: "Seu nome, e-mail, telefone e CPF (se você informar), o que você comprou e a situação do pagamento. Nunca o número do seu cartão: quem o guarda é o processador de pagamentos.",
    whyHeading: "Para quê",
    why: "Para fazer a sua compra, enviar o seu recibo (por e-mail e, se você pedir, pelo WhatsApp: o seu telefone vai à Meta, que entrega a mensagem) e manter os registros fiscais e contábeis do anfitrião. Nunca enviamos propaganda.",
    howLongHeading: "Por quanto tempo",
    howLong: (n: number) =>
      `Os dados dos pedidos ficam guardados por ${months(n)}. Depois, seu nome, e-mail, telefone e CPF são anonimizados; os valores e os produtos ficam, para a contabilidade.`,
    rightsHeading: "Seus direitos (LGPD, art. 18)",
    rights: [
      "Confirmar se tratamos dados seus",
      "Acessar os seus dados",
      "Corrigir dados incompletos ou errados",
      "Pedir a anonimização ou a exclusão",
      "Levar os seus dados a outro serviço (portabilidade)",
      "Saber com quem os dados são compartilhados",
    ],
    rightsHow:
      "Para pedir, use o link “Seus dados” do seu recibo por e-mail ou fale com o anfitrião. A resposta vem em até 15 dias.",
    cookiesHeading: "Cookies",
    cookies: [
      "Um cookie do aparelho, para guardar o seu carrinho.",
      "Um cookie de idioma, para lembrar a língua que você escolheu.",
    ],
    noTracking: "Não usamos cookies de rastreamento nem de publicidade.",
  },
};
export type PrivacyMessages = typeof privacy;
