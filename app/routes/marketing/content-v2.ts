import {
  BadgeDollarSign,
  Bell,
  CalendarSync,
  Camera,
  ChartColumn,
  Headset,
  PackagePlus,
  QrCode,
  Timer,
  TrendingUp,
  UserPlus,
  Users,
} from "lucide-react";
import type { LandingContent } from "~/ui/marketing/landing-types";
import { HERO_IMAGE, ogImage } from "./content-images";
import { CONTENT_PT, PT_CHROME, PT_FAQ, PT_FOOTER, PT_SIGNUP } from "./content-pt";

/** The third Portuguese variant: the same product told as automation of a short-rental business. */
export const CONTENT_V2: LandingContent = {
  ...PT_CHROME,
  path: "/v2",
  title: "Estadia — automatize seu negócio de temporada",
  description:
    "Automatize vendas, estoque, reposições e repasses dos seus imóveis de temporada com uma loja por QR Code em cada unidade. Comece grátis: 7 dias sem cartão e sem mensalidade.",
  ogImage: ogImage("v2"),
  nav: [
    { label: "Como Funciona", href: "#como-funciona" },
    { label: "Funcionalidades", href: "#funcionalidades" },
    { label: "Benefícios", href: "#beneficios" },
    { label: "Depoimentos", href: "#depoimentos" },
  ],
  cta: "Comece Grátis",
  hero: {
    eyebrow: "Automação para imóveis de temporada",
    title: "Automatize seu negócio de temporada e venda em cada estadia",
    subtitle:
      "Uma loja por QR Code em cada imóvel, estoque que se atualiza a cada venda, equipe com permissões e repasses na carteira de cada unidade. Menos planilhas, mais receita.",
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
    intro: "Quatro passos e a operação passa a rodar sozinha.",
    items: [
      {
        icon: UserPlus,
        title: "Crie sua conta",
        text: "Em menos de 5 minutos, sem cartão de crédito e sem mensalidade.",
      },
      {
        icon: PackagePlus,
        title: "Cadastre imóveis e produtos",
        text: "Defina o que fica em cada unidade, com preço e quantidade esperada.",
      },
      {
        icon: QrCode,
        title: "Espalhe os QR Codes",
        text: "Imprima o QR Code de cada imóvel no seu modelo e deixe à vista do hóspede.",
      },
      {
        icon: ChartColumn,
        title: "Acompanhe no automático",
        text: "Vendas, estoque e carteira de cada imóvel se atualizam a cada compra.",
      },
    ],
  },
  benefits: [
    {
      id: "funcionalidades",
      title: "Funcionalidades",
      intro: "O que o Estadia faz por você em cada imóvel.",
      items: [
        {
          icon: QrCode,
          title: "Loja por QR Code",
          text: "O hóspede compra sozinho, a qualquer hora, e paga por Pix ou cartão sem baixar aplicativo.",
        },
        {
          icon: Bell,
          title: "Estoque com alertas",
          text: "Cada venda baixa o estoque do imóvel; quando algo está acabando, você é avisado e organiza a reposição.",
        },
        {
          icon: Camera,
          title: "Registro de avarias",
          text: "Fotos e relatórios de danos em poucos toques, prontos para pedir o reembolso.",
        },
        {
          icon: Users,
          title: "Equipe e permissões",
          text: "Funcionários, limpeza e coanfitriões, cada um vendo só o que precisa.",
        },
        {
          icon: CalendarSync,
          title: "Sincronização de calendário",
          text: "Acompanhe as estadias da plataforma de reservas junto com as vendas de cada imóvel.",
        },
      ],
    },
    {
      id: "beneficios",
      title: "Benefícios",
      intro: "Para o anfitrião, menos trabalho e mais receita.",
      items: [
        {
          icon: BadgeDollarSign,
          title: "Sem mensalidade",
          text: "Comece sem custo fixo e sem fidelidade; teste grátis por 7 dias, sem cartão.",
        },
        {
          icon: TrendingUp,
          title: "Mais receita por estadia",
          text: "Cada hospedagem vira uma oportunidade de venda, mesmo quando você não está lá.",
        },
        {
          icon: Timer,
          title: "Menos tempo operando",
          text: "Configure em menos de 5 minutos e deixe vendas, estoque e carteira no automático.",
        },
        {
          icon: Headset,
          title: "Suporte 24/7",
          text: "Nossa equipe atende a qualquer hora, pelo WhatsApp ou por e-mail.",
        },
      ],
    },
  ],
  screenshots: { ...CONTENT_PT.screenshots, intro: "Do QR Code ao painel: veja a automação funcionando." },
  testimonials: {
    id: "depoimentos",
    title: "Depoimentos",
    intro: "Quem automatizou a operação conta como foi.",
    items: CONTENT_PT.testimonials.items.slice(0, 2),
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
