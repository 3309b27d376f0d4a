import { formatDateTime } from "~/lib/dates";

// What the Recebimentos page and the dashboard's notice say (pt-BR).

export const RECEIVING_PAGE_TEXT = {
  title: "Recebimentos",
  description: "A conta que recebe o dinheiro das vendas dos seus imóveis e as taxas de cada venda.",
  noAccount: "Nenhuma conta conectada",
  noAccountHelp:
    "Enquanto não houver uma conta conectada, a loja mostra os produtos e avisa os hóspedes que ainda não recebe pagamentos.",
  ownerOnly: "Só o proprietário da organização pode conectar ou desconectar a conta.",
  connectNotice: "Conecte uma conta para receber os pagamentos dos hóspedes",
  notOfferedAnymore:
    "Este provedor não está mais disponível: os hóspedes não conseguem pagar. Desconecte e conecte outra conta.",
  reconnectOther: "Para voltar a receber, desconecte a conta e conecte-a de novo.",
  disconnectQuestion: "Desconectar a conta?",
  pixKeyTerm: "Chave Pix (aleatória)",
  pendingApproval:
    "A conta no Asaas ainda não está aprovada. Envie o que falta pelo app ou site do Asaas; o que falta:",
  noPixKey:
    "Esta conta ainda não tem chave Pix: os códigos Pix que ela gera valem só até as 23:59 do dia. O Estadia cria uma chave aleatória para ela em até uma hora.",
  asaasRefundsWarning:
    "Não ative no Asaas a opção de autorizar estornos de Pix pelo webhook de validação: o Estadia aprova só os saques que pediu e recusaria os estornos que você fizer aos hóspedes.",
} as const;

/** Estadia's fee as said before connecting: 'Estadia: 3% por venda, sem mensalidade. Nenhuma taxa…'. */
export function estadiaFeeText(percent: string, freeDays: number): string {
  const fee =
    percent === "0"
      ? "Estadia: sem taxa por venda e sem mensalidade."
      : `Estadia: ${percent}% por venda, sem mensalidade.`;
  if (freeDays <= 0) return fee;
  return `${fee} Nenhuma taxa ${freeDays === 1 ? "no primeiro dia" : `nos primeiros ${freeDays} dias`}.`;
}

/** While the organization is in its free days. */
export function trialText(trialEndsAt: string): string {
  return `Você está nos dias sem taxa: o Estadia não cobra nada nas vendas feitas até ${formatDateTime(trialEndsAt)}.`;
}

/** Where the money of the sales is, and where the host withdraws it. */
export function whereMoneyText(providerLabel: string, withdrawsHere: boolean): string {
  return withdrawsHere
    ? `O dinheiro das vendas fica na sua conta no provedor (${providerLabel}); os saques são pedidos aqui no Estadia, em Saques.`
    : "O dinheiro das vendas fica na sua conta do Mercado Pago: os saques são feitos lá, no Mercado Pago.";
}

export function disconnectText(providerLabel: string): string {
  return `Seus imóveis param de receber pagamentos na hora, até você conectar outra conta. As vendas já pagas não mudam: o dinheiro delas está na sua conta no provedor (${providerLabel}).`;
}
