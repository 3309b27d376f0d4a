import type { GettingStartedStep } from "./steps";

/** The getting-started texts (pt-BR). */
export const ONBOARDING_TEXT = {
  title: "Primeiros passos",
  intro: "Do cadastro à primeira venda: siga os passos, cada um se marca sozinho quando fica pronto.",
  progress: (done: number, total: number) => `${done} de ${total} concluídos`,
  done: "Concluído",
  notDone: "Pendente",
  allDone:
    "Tudo pronto: a primeira venda foi feita e seus hóspedes já podem comprar. Os números dela estão abaixo e em Vendas.",
  hide: "Ocultar primeiros passos",
  show: "Primeiros passos",
  // 'Adicionar aos imóveis' (products page)
  placeTitle: (product: string) => `Adicionar ${product} aos imóveis`,
  placeIntro: "Informe quantas unidades há em cada imóvel. Deixe em branco os imóveis onde ele não fica.",
  placeAction: "Adicionar aos imóveis",
  placeSkip: "Agora não",
  placeCurrent: (property: string) => `Quantidade atual em ${property}`,
  placeExpected: (property: string) => `Quantidade esperada em ${property}`,
  placeExpectedHint: "Em branco: igual à quantidade atual.",
  placeAlreadyIn: "Já está neste imóvel.",
  placeNoProperties: "Você ainda não tem imóveis. Cadastre um imóvel para colocar seus produtos à venda.",
  placeTwice: "O mesmo imóvel apareceu duas vezes.",
  placeNothingTyped: "Informe a quantidade em pelo menos um imóvel.",
  placed: (count: number) =>
    count === 1 ? "Produto adicionado a 1 imóvel" : `Produto adicionado a ${count} imóveis`,
} as const;

/** Each step's title, what it asks, and the words of its link. */
export const STEP_TEXT: Record<GettingStartedStep, { title: string; description: string; action: string }> = {
  property: {
    title: "Cadastre um imóvel",
    description: "Cada imóvel tem a sua loja e o seu QR Code.",
    action: "Cadastrar imóvel",
  },
  products: {
    title: "Cadastre seus produtos",
    description: "Nome, preço e, se quiser, custo e foto.",
    action: "Cadastrar produtos",
  },
  stock: {
    title: "Coloque os produtos no imóvel",
    description: "Informe quantas unidades há em cada imóvel: só o que tem estoque aparece na loja.",
    action: "Informar quantidades",
  },
  receiving: {
    title: "Receba os pagamentos",
    description: "Conecte a conta que recebe o dinheiro das vendas por Pix e cartão.",
    action: "Conectar conta",
  },
  poster: {
    title: "Imprima o cartaz com o QR Code",
    description: "Deixe o cartaz no imóvel: o hóspede aponta a câmera e abre a loja.",
    action: "Baixar cartaz",
  },
  purchase: {
    title: "Faça uma compra de teste",
    description: "Abra a loja do imóvel e compre como um hóspede.",
    action: "Abrir a loja",
  },
};
