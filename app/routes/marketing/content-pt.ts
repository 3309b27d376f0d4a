import {
  BadgeDollarSign,
  Bell,
  Building2,
  Camera,
  Headset,
  PackagePlus,
  QrCode,
  ShieldCheck,
  Unplug,
  Users,
  Wallet,
  WalletCards,
} from "lucide-react";
import type { FooterText, LandingContent, Question, SignupText } from "~/ui/marketing/landing-types";
import { HERO_IMAGE, ogImage, screenshot } from "./content-images";

// Texts the two Portuguese variants (/ and /v2) share live here too (one script fewer for each page).

export const PT_FAQ: Question[] = [
  {
    question: "Preciso pagar mensalidade?",
    // {fees}: the fee sentence, written from PLATFORM_FEE_PERCENT and FREE_TRIAL_DAYS (landing-fees.ts).
    answer: "Não. {fees} Você começa sem cadastrar cartão de crédito.",
  },
  {
    question: "O hóspede precisa baixar algum aplicativo?",
    answer:
      "Não. Ele aponta a câmera do celular para o QR Code, abre a loja do imóvel no navegador e paga por Pix ou cartão, sem criar conta.",
  },
  {
    question: "Como recebo o dinheiro das vendas?",
    answer:
      "Cada venda entra na carteira do imóvel, com extrato completo. Quando o saldo estiver disponível, você solicita o saque direto pelo painel.",
  },
  {
    question: "Funciona com Airbnb, Booking e outras plataformas?",
    answer:
      "Sim. O Estadia é independente da plataforma de reservas: funciona com qualquer canal, inclusive com as suas reservas diretas.",
  },
  {
    question: "Quanto tempo leva para começar?",
    answer:
      "Menos de 5 minutos: crie a conta, cadastre um imóvel e os produtos e imprima o QR Code. Se precisar, nosso suporte atende 24 horas por dia, 7 dias por semana.",
  },
  {
    question: "Posso dar acesso à minha equipe?",
    answer:
      "Sim. Cadastre funcionários, equipe de limpeza e coanfitriões, cada um com as permissões de que precisa: quem repõe o estoque não precisa ver o financeiro.",
  },
];

export const PT_SIGNUP: SignupText = {
  id: "cadastro",
  title: "Comece grátis hoje",
  intro: "Teste o Estadia por 7 dias, sem cartão de crédito. Deixe seus dados e crie sua conta em seguida.",
  perks: ["7 dias grátis", "Sem cartão de crédito", "Sem mensalidade", "Configuração em menos de 5 minutos"],
  name: "Nome completo",
  email: "E-mail",
  phone: "Telefone (WhatsApp)",
  propertiesCount: "Quantos imóveis você tem?",
  propertiesHint: "Por exemplo: 3",
  honeypot: "Deixe este campo em branco",
  submit: "Criar minha conta grátis",
  busy: "Enviando...",
  privacy: {
    before: "Ao enviar, você concorda com a nossa ",
    link: "Política de Privacidade",
    after: ".",
  },
};

export const PT_FOOTER: FooterText = {
  tagline: "Vendas por QR Code para anfitriões e administradores de imóveis de temporada.",
  quickLinks: "Links rápidos",
  signIn: "Entrar",
  legal: "Legal",
  terms: "Termos de Uso",
  privacy: "Política de Privacidade",
  contact: "Contato",
  supportChat: "Suporte pelo WhatsApp",
  social: "Redes sociais",
  socialLabel: "Estadia no {network}",
  languages: "Idioma",
  toTop: "Voltar ao topo",
  rights: "Todos os direitos reservados.",
};

export const PT_CHROME = {
  lang: "pt-BR",
  ogLocale: "pt_BR",
  skipLink: "Pular para o conteúdo",
  navLabel: "Principal",
  signIn: "Entrar",
  menu: "Menu",
} as const;

export const PT_CAROUSEL = {
  carouselLabel: "Capturas de tela do Estadia",
  previous: "Imagem anterior",
  next: "Próxima imagem",
  slideLabel: "Imagem {n} de {total}",
  goTo: "Ir para a imagem {n}",
} as const;

export const CONTENT_PT: LandingContent = {
  ...PT_CHROME,
  path: "/",
  title: "Estadia — loja por QR Code para anfitriões de temporada",
  description:
    "Venda bebidas, snacks e itens de conveniência nos seus imóveis de temporada: o hóspede escaneia o QR Code e paga por Pix ou cartão. Sem mensalidade, 7 dias grátis.",
  ogImage: ogImage("pt"),
  nav: [
    { label: "Como Funciona", href: "#como-funciona" },
    { label: "Benefícios", href: "#beneficios" },
    { label: "Depoimentos", href: "#depoimentos" },
    { label: "FAQ", href: "#faq" },
  ],
  cta: "Comece Agora",
  hero: {
    eyebrow: "Para anfitriões e administradores de temporada",
    title: "Transforme cada imóvel em uma loja que vende sozinha",
    subtitle:
      "Cada unidade ganha um QR Code. O hóspede escaneia, escolhe o que está no imóvel e paga por Pix ou cartão, sem aplicativo e sem cadastro. Você acompanha vendas, estoque e lucro de cada imóvel em um só painel.",
    secondary: "Veja como funciona",
    highlights: ["Sem mensalidade", "7 dias grátis, sem cartão", "Suporte 24/7"],
    image: {
      ...HERO_IMAGE,
      alt: "Celular com a loja de um imóvel aberta, mostrando produtos com preços e o pagamento por Pix, ao lado do QR Code da unidade.",
    },
  },
  steps: {
    id: "como-funciona",
    title: "Como Funciona",
    intro: "Do cadastro à primeira venda em poucos minutos.",
    items: [
      {
        icon: Building2,
        title: "Cadastre seus imóveis",
        text: "Crie sua conta e adicione cada unidade com nome e endereço. A configuração leva menos de 5 minutos.",
      },
      {
        icon: PackagePlus,
        title: "Monte o catálogo",
        text: "Cadastre bebidas, snacks, kits de higiene e o que mais você deixa no imóvel, com preço e estoque por unidade.",
      },
      {
        icon: QrCode,
        title: "Deixe o QR Code à vista",
        text: "Gere o QR Code de cada imóvel no seu modelo, imprima e deixe em um lugar que o hóspede veja.",
      },
      {
        icon: Wallet,
        title: "Receba pelas vendas",
        text: "O hóspede paga por Pix ou cartão no celular. O valor entra na carteira do imóvel e você saca quando quiser.",
      },
    ],
  },
  benefits: [
    {
      id: "beneficios",
      title: "Benefícios",
      intro: "Tudo o que você precisa para vender mais e cuidar melhor de cada imóvel.",
      items: [
        {
          icon: BadgeDollarSign,
          title: "Sem mensalidade",
          text: "Nada de plano fixo nem fidelidade: você começa sem custo mensal.",
        },
        {
          icon: WalletCards,
          title: "Nova fonte de receita",
          text: "Bebidas, snacks e conveniências viram receita em cada hospedagem, sem você precisar estar lá.",
        },
        {
          icon: Bell,
          title: "Alertas de estoque",
          text: "Saiba quando um item está acabando em cada imóvel e reponha antes que o hóspede sinta falta.",
        },
        {
          icon: Camera,
          title: "Registro de avarias",
          text: "Documente danos com fotos e gere relatórios para pedir o reembolso com segurança.",
        },
        {
          icon: Users,
          title: "Equipe com permissões",
          text: "Cadastre funcionários e coanfitriões, cada um com o acesso de que precisa.",
        },
        {
          icon: ShieldCheck,
          title: "Dados dos hóspedes sob controle",
          text: "As compras e os dados dos hóspedes ficam com você, organizados por imóvel.",
        },
        {
          icon: Unplug,
          title: "Independente da plataforma",
          text: "Funciona com qualquer canal de reservas: sua operação não depende de uma única plataforma.",
        },
        {
          icon: Headset,
          title: "Suporte 24/7",
          text: "Fale com a nossa equipe a qualquer hora, pelo WhatsApp ou por e-mail.",
        },
      ],
    },
  ],
  screenshots: {
    ...PT_CAROUSEL,
    id: "telas",
    title: "Veja o Estadia em ação",
    intro: "A loja que o hóspede vê e o painel que você usa no dia a dia.",
    layout: "carousel",
    items: [
      {
        ...screenshot("pt", "shop"),
        alt: "Loja do imóvel no celular do hóspede: água, café e snacks com preços e o botão de pagar por Pix.",
        caption: "A loja do imóvel abre pelo QR Code e o hóspede paga em segundos.",
      },
      {
        ...screenshot("pt", "dashboard"),
        alt: "Painel do anfitrião com vendas do mês, lucro por imóvel e alertas de estoque baixo.",
        caption: "Vendas, estoque e lucro de cada imóvel em um só painel.",
      },
      {
        ...screenshot("pt", "qr"),
        alt: "Cartaz com o QR Code de um imóvel, pronto para imprimir, e os controles de posição e tamanho.",
        caption: "QR Codes no seu modelo, prontos para imprimir.",
      },
    ],
  },
  testimonials: {
    id: "depoimentos",
    title: "Depoimentos",
    intro: "Anfitriões de todo o Brasil já vendem com o Estadia.",
    items: [
      {
        quote:
          "Coloquei o QR Code nos meus seis apartamentos e o faturamento subiu 15% já no primeiro mês. Os hóspedes adoram não precisar sair para comprar água ou café.",
        name: "Mariana Costa",
        role: "Anfitriã em Florianópolis (SC), 6 imóveis",
        initials: "MC",
      },
      {
        quote:
          "Com o registro de avarias com fotos, recuperei mais de R$ 500 em danos que antes eu simplesmente absorvia.",
        name: "Ricardo Almeida",
        role: "Administrador em Gramado (RS), 14 imóveis",
        initials: "RA",
      },
      {
        quote:
          "Configurei tudo em menos de 5 minutos. A equipe de limpeza faz a reposição pelo celular e eu só acompanho o painel.",
        name: "Juliana Ferreira",
        role: "Coanfitriã em Salvador (BA), 3 imóveis",
        initials: "JF",
      },
    ],
  },
  faq: {
    id: "faq",
    title: "Perguntas Frequentes",
    intro: "Ainda com dúvidas? Fale com a gente pelo WhatsApp a qualquer hora.",
    items: PT_FAQ,
  },
  signup: PT_SIGNUP,
  footer: PT_FOOTER,
};
