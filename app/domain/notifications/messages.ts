import { clockText } from "~/lib/quiet-hours";

/** The notification settings' sentences (issue 50), pt-BR. */
export const NOTIFICATIONS_TEXT = {
  notConfigured: "WhatsApp não está configurado neste servidor",
  phoneInvalid:
    "Informe um número de WhatsApp com DDD, como (48) 99999-8888, ou de outro país começando com + e o código do país.",
  codeSent: (phone: string) =>
    `Enviamos um código para ${phone} no WhatsApp. Digite-o abaixo: ele vale por 10 minutos.`,
  codeTooMany: "Muitos códigos pedidos. Espere alguns minutos e peça outro.",
  codeMissing: "Peça um código antes de confirmar o número.",
  codeFormat: "Digite os 6 números do código que chegou no WhatsApp.",
  codeWrong: "Código incorreto. Confira a mensagem no WhatsApp e tente de novo.",
  codeExpired: "Este código expirou. Peça um novo código.",
  codeExhausted: "Muitas tentativas com este código. Peça um novo código.",
  confirmed: "WhatsApp confirmado. Escolha abaixo o que você quer receber por ele.",
  removed: "Número removido. Todos os avisos voltam a chegar por e-mail.",
  saved: "Preferências salvas.",
  needsPhone: "Confirme um número de WhatsApp antes de escolher avisos para ele.",
  eventNotAllowed: "Um dos avisos escolhidos não é enviado para o seu papel nesta organização.",
  quietInvalid: "Informe o horário de silêncio como 22:00 e 08:00, ou deixe os dois em branco.",
  quietSame: "O horário de silêncio precisa começar e terminar em horas diferentes.",
  quietWindow: (start: number, end: number) =>
    `Entre ${clockText(start)} e ${clockText(end)} (horário de Brasília) nenhuma mensagem é enviada no WhatsApp: elas chegam quando esse horário termina.`,
} as const;

/** How a message stands, as the member's list shows it. */
export const MESSAGE_STATUS_LABEL: Record<string, string> = {
  emailed: "Enviada por e-mail",
  queued: "Aguardando envio",
  accepted: "Aceita pelo WhatsApp",
  sent: "Enviada",
  delivered: "Entregue",
  read: "Lida",
  failed: "Falhou",
};

/** What else a member's list says a message was, beside the events. */
export const MESSAGE_KIND_LABEL: Record<string, string> = {
  phone_code: "Código de confirmação",
  guest_receipt: "Comprovante do hóspede",
};

/** Why a message failed, said to a person (Meta's codes). */
export function failureText(code: number | null, fallback: string | null): string {
  if (code === 131026) return "Este número não recebe mensagens do WhatsApp.";
  if (code === 132001 || code === 132015 || code === 132016) return "O modelo da mensagem não está aprovado.";
  if (code === 190) return "O servidor não conseguiu entrar no WhatsApp (token inválido).";
  if (code === 130429 || code === 131056) return "O WhatsApp limitou os envios; tentamos várias vezes.";
  return fallback ?? "O WhatsApp não entregou a mensagem.";
}
