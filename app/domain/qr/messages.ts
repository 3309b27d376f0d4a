import { formatDateTime } from "~/lib/dates";

/** pt-BR texts of the QR templates and posters (spec part 1 §2, §8; the poster's texts are ours). */
export const QR_TEXT = {
  listTitle: "Gerenciar Templates de QR Code",
  newTitle: "Novo Template",
  editTitle: "Editar Template",
  empty: "Nenhum template encontrado",
  createFirst: "Criar Primeiro Template",
  loading: "Carregando templates...",
  deleteTitle: "Excluir Template",
  deleteConfirm: "Tem certeza que deseja excluir este template? Esta ação não pode ser desfeita.",
  created: { title: "Template criado", description: "Template de QR Code criado com sucesso" },
  updated: { title: "Template atualizado", description: "Template de QR Code atualizado com sucesso" },
  deleted: { title: "Template excluído", description: "Template de QR Code excluído com sucesso" },
  errorTitle: "Erro",
  loadListFailed: "Não foi possível carregar os templates de QR Code",
  loadFailed: "Não foi possível carregar o template",
  deleteFailed: "Não foi possível excluir o template",
  updateFailed: "Não foi possível atualizar o template",
  createFailed: "Não foi possível criar o template",
  notFound: "Template não encontrado",
  invalid: "Confira os campos destacados.",
  imageRequired: "Escolha a imagem de fundo do template.",
  imageMissing: "A imagem deste template não está mais disponível. Envie a imagem de novo.",
  positionX: "A posição X deve ser um número inteiro de 0 a 500.",
  positionY: "A posição Y deve ser um número inteiro de 0 a 500.",
  size: "O tamanho deve ser um número inteiro de 50 a 300.",
  defaultTemplate: "Modelo padrão",
  posterLine: "Aponte a câmera do celular para comprar",
  noProperties: "Cadastre um imóvel para imprimir cartazes.",
} as const;

/** What names a template in lists and pickers (templates have no name of their own). */
export function templateLabel(createdAt: Date | string): string {
  return `Template de ${formatDateTime(createdAt)}`;
}
