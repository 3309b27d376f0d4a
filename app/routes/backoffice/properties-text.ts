/** Texts of the properties screen, as the spec writes them (part 1 §2, §5, §8). */
export const PROPERTIES_TEXT = {
  created: "Imóvel criado com sucesso",
  publicLocationHint: "Ex.: bairro e cidade. O endereço completo fica só no painel.",
  publicLocationPlaceholder: "Ex.: Lagoa da Conceição, Florianópolis",
  publicLocationSuggestion: (suggestion: string) => `Usar “${suggestion}”`,
  updated: "Imóvel atualizado com sucesso",
  deleted: "Imóvel excluído com sucesso",
  empty: "Nenhum imóvel cadastrado",
  emptyHint:
    "Cada imóvel ganha uma loja com link e QR Code próprios: o hóspede escaneia o cartaz e compra o que está no imóvel.",
  emptyHintStaff: "Os imóveis aparecem aqui quando o proprietário ou um gerente os cadastrar.",
  emptyAction: "Cadastrar imóvel",
  loading: "Carregando imóveis...",
  deleteConfirm: "Tem certeza que deseja excluir este imóvel?",
  deleteConsequence:
    "Ele sai da lista e o link da loja deixa de funcionar. O histórico de estoque e de vendas é mantido.",
  saveFailed: (message: string) => `Erro: ${message}`,
  deleteFailed: (message: string) => `Erro ao excluir imóvel: ${message}`,
  loadFailed: (message: string) => `Erro ao carregar imóveis: ${message}`,
  linkCopied: "Link copiado",
  copyFailed: "Não foi possível copiar o link. Selecione o texto e copie manualmente.",
  newLink: "Gerar novo link",
  newLinkConfirm: (name: string) => `Gerar um novo link para ${name}?`,
  newLinkConsequence:
    "O link atual deixa de funcionar, e com ele o QR Code e os cartazes já impressos: quem escanear verá " +
    "'Imóvel não encontrado'. Depois, baixe e imprima os cartazes novos.",
  newLinkCreated: "Novo link gerado",
  newLinkDone: "O link antigo e os cartazes impressos com ele não funcionam mais.",
} as const;
