// The back office's texts of 'Dados de hóspedes' (pt-BR; the guest's page has its own catalogue).

export const GUEST_DATA_TEXT = {
  title: "Dados de hóspedes",
  forbidden: "ver e tratar os dados de hóspedes",
  searchInvalid: "Informe um e-mail, telefone (com DDD) ou CPF para buscar.",
  notFound: "Nenhum pedido desta organização tem esse e-mail, telefone ou CPF.",
  anonymizedName: "Hóspede anonimizado",
  anonymized: (n: number) =>
    n === 1 ? "Dados anonimizados em 1 pedido." : `Dados anonimizados em ${n} pedidos.`,
  nothingToAnonymize: "Estes dados já foram anonimizados.",
  requestNotFound: "Pedido de dados não encontrado.",
  requestAnswered: "Este pedido já foi respondido.",
  copySent: (email: string) => `Cópia dos dados enviada para ${email}.`,
  noEmailToSend: "O pedido deste hóspede não tem mais e-mail: não há para onde enviar a cópia.",
  wrongKind: "Este pedido não é deste tipo.",
  kind: { export: "Cópia dos dados", erasure: "Apagar os dados" } as Record<string, string>,
  source: { guest: "pedido do hóspede", owner: "registrado pelo proprietário" } as Record<string, string>,
  answer: { exported: "Cópia entregue", anonymized: "Dados anonimizados" } as Record<string, string>,
} as const;
