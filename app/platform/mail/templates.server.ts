import type { GuestLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";
import type { MailMessage } from "./mailer.server";

const PRODUCT = "Estadia";

type Template = Omit<MailMessage, "to">;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || "olá";
}

/**
 * `extraHtml` (already escaped) goes between the paragraphs and the button: a receipt's items, a list. A
 * guest's email (the receipt) gives its language and the words of the button's fallback line.
 */
function layout(
  title: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footer: string,
  extraHtml = "",
  language: { lang: string; buttonFallback: string } = {
    lang: "pt-BR",
    buttonFallback: "Se o botão não funcionar, copie e cole este endereço no navegador:",
  },
) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("") + extraHtml;
  return `<!doctype html><html lang="${escapeHtml(language.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f4f6f5;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<div style="max-width:520px;margin:0 auto;padding:32px 24px;background:#ffffff">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0b6b5e">${PRODUCT}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0b6b5e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52606d">${escapeHtml(language.buttonFallback)}<br><a href="${escapeHtml(action.url)}" style="color:#0b6b5e;word-break:break-all">${escapeHtml(action.url)}</a></p>
<p style="margin:24px 0 0;font-size:13px;color:#52606d">${escapeHtml(footer)}</p>
</div></body></html>`;
}

export function confirmationEmail({ name, url }: { name: string; url: string }): Template {
  const title = "Confirme seu e-mail";
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Sua conta no ${PRODUCT} foi criada. Para começar a vender nos seus imóveis, confirme que este e-mail é seu.`,
  ];
  const footer = "O link vale por 24 horas. Se você não criou esta conta, ignore esta mensagem.";
  return {
    subject: `Confirme seu e-mail no ${PRODUCT}`,
    text: `${lines.join("\n\n")}\n\nConfirme seu e-mail abrindo este link:\n${url}\n\n${footer}\n`,
    html: layout(title, lines, { label: "Confirmar e-mail", url }, footer),
  };
}

export function recoveryEmail({ name, url }: { name: string; url: string }): Template {
  const title = "Redefinir sua senha";
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Recebemos um pedido para redefinir a senha da sua conta no ${PRODUCT}.`,
  ];
  const footer =
    "O link vale por 1 hora e pode ser usado uma única vez. Se você não pediu, ignore esta mensagem: sua senha continua a mesma.";
  return {
    subject: `Redefinir sua senha no ${PRODUCT}`,
    text: `${lines.join("\n\n")}\n\nEscolha uma nova senha abrindo este link:\n${url}\n\n${footer}\n`,
    html: layout(title, lines, { label: "Redefinir senha", url }, footer),
  };
}

/** Someone tried to register an address that already has an account: tell its owner, not the form. */
export function existingAccountEmail({ name, url }: { name: string; url: string }): Template {
  const title = "Você já tem uma conta";
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Alguém tentou criar uma conta no ${PRODUCT} com este e-mail, mas ele já está cadastrado. Se foi você, é só entrar com sua senha; se não lembra dela, peça um link de recuperação na página de acesso.`,
  ];
  const footer = "Se não foi você, ignore esta mensagem: nada mudou na sua conta.";
  return {
    subject: `Você já tem uma conta no ${PRODUCT}`,
    text: `${lines.join("\n\n")}\n\nEntrar:\n${url}\n\n${footer}\n`,
    html: layout(title, lines, { label: "Entrar no Estadia", url }, footer),
  };
}

export type ReceiptLine = { name: string; quantity: number; unitPrice: string; lineTotal: string };

/** How the guest reaches the host: its links, labelled by the receipt in the order's language. */
export type ReceiptContact = {
  links: { kind: "whatsapp" | "phone" | "email"; text: string; href: string }[];
};

type ReceiptTexts = ReturnType<typeof guestMessages>["mail"]["receipt"];

function contactText(t: ReceiptTexts, contact: ReceiptContact | null): string {
  if (!contact || contact.links.length === 0) return "";
  return `${t.contactHeading}\n${contact.links.map((l) => `${t.contact[l.kind]}: ${l.text} (${l.href})`).join("\n")}\n\n`;
}

function contactHtml(t: ReceiptTexts, contact: ReceiptContact | null): string {
  if (!contact || contact.links.length === 0) return "";
  const links = contact.links
    .map(
      (l) =>
        `<li style="margin:0 0 4px">${escapeHtml(t.contact[l.kind])}: <a href="${escapeHtml(l.href)}" style="color:#0b6b5e">${escapeHtml(l.text)}</a></li>`,
    )
    .join("");
  return `<p style="margin:0 0 8px;font-weight:bold">${escapeHtml(t.contactHeading)}</p><ul style="margin:0 0 16px;padding-left:20px">${links}</ul>`;
}

/**
 * The guest's receipt for a paid order (sent when they gave an email), in the order's language, with the
 * link where the guest asks for a copy or the erasure of their data (LGPD art. 18).
 */
export function receiptEmail(input: {
  locale: GuestLocale;
  name: string;
  propertyName: string;
  /** The place as guests see it ('Lagoa da Conceição, Florianópolis'); never the full address. */
  location: string | null;
  contact: ReceiptContact | null;
  orderShortId: string;
  /** Already written in the order's language. */
  paidAt: string;
  method: "pix" | "credit_card" | string;
  lines: ReceiptLine[];
  total: string;
  shopUrl: string;
  dataRequestUrl: string;
}): Template {
  const t = guestMessages(input.locale).mail.receipt;
  const first = input.name.trim().split(/\s+/)[0];
  const method =
    input.method === "pix" || input.method === "credit_card" ? t.methods[input.method] : input.method;
  const lines = [
    first ? t.greeting(first) : t.greetingNoName,
    t.paid(input.orderShortId, input.propertyName, input.paidAt, method),
    ...(input.location ? [t.location(input.location)] : []),
  ];
  const items = input.lines.map((l) => `${l.quantity} x ${l.name} (${l.unitPrice}) = ${l.lineTotal}`);
  const itemRows = input.lines
    .map(
      (l) =>
        `<tr><td style="padding:4px 0">${l.quantity} x ${escapeHtml(l.name)}</td><td style="padding:4px 0;text-align:right">${escapeHtml(l.lineTotal)}</td></tr>`,
    )
    .join("");
  const table = `<table style="width:100%;border-collapse:collapse;margin:0 0 16px">${itemRows}<tr><td style="padding:8px 0;border-top:1px solid #d9e2ec;font-weight:bold">${escapeHtml(t.total)}</td><td style="padding:8px 0;border-top:1px solid #d9e2ec;text-align:right;font-weight:bold">${escapeHtml(input.total)}</td></tr></table>`;
  const dataRequest = `<p style="margin:0 0 16px;font-size:13px"><a href="${escapeHtml(input.dataRequestUrl)}" data-data-request style="color:#0b6b5e">${escapeHtml(t.dataRequest)}</a></p>`;
  const html = layout(
    t.title,
    lines,
    { label: t.backToShop, url: input.shopUrl },
    t.footer,
    table + contactHtml(t, input.contact) + dataRequest,
    { lang: input.locale, buttonFallback: t.buttonFallback },
  );
  return {
    subject: t.subject(input.propertyName),
    text: `${lines.join("\n\n")}\n\n${items.join("\n")}\n${t.total}: ${input.total}\n\n${contactText(t, input.contact)}${t.backToShop}:\n${input.shopUrl}\n\n${t.dataRequest}:\n${input.dataRequestUrl}\n\n${t.footer}\n`,
    html,
  };
}

/** A pre-arrival order delivered to the unit (ADR 0060), in the order's language. */
export function deliveredEmail(input: {
  locale: GuestLocale;
  name: string;
  propertyName: string;
  orderShortId: string;
  lines: { name: string; quantity: number }[];
  shopUrl: string;
}): Template {
  const t = guestMessages(input.locale).mail.delivered;
  const first = input.name.trim().split(/\s+/)[0];
  const lines = [
    first ? t.greeting(first) : t.greetingNoName,
    t.body(input.orderShortId, input.propertyName),
  ];
  const items = input.lines.map((l) => `${l.quantity} x ${l.name}`);
  const list = `<ul style="margin:0 0 16px;padding-left:20px">${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>`;
  return {
    subject: t.subject(input.propertyName),
    text: `${lines.join("\n\n")}\n\n${items.join("\n")}\n\n${t.openShop}:\n${input.shopUrl}\n\n${t.footer}\n`,
    html: layout(t.title, lines, { label: t.openShop, url: input.shopUrl }, t.footer, list, {
      lang: input.locale,
      buttonFallback: t.buttonFallback,
    }),
  };
}

/** To the owners: a guest's pre-arrival order was not delivered by check-in (ADR 0060); refund it in Vendas. */
export function lateGuestOrderEmail(input: {
  order: string;
  property: string;
  checkIn: string;
  buyer: string;
  url: string;
}): Template {
  const title = `Pedido do hóspede não entregue: ${input.property}`;
  const lines = [
    `O pedido ${input.order} de ${input.buyer} para ${input.property} não foi entregue até o check-in (${input.checkIn}).`,
    "Se ele não vai chegar, reembolse o hóspede em Vendas: o valor volta pela conta que recebeu o pagamento.",
  ];
  return {
    subject: title,
    text: `${lines.join("\n\n")}\n\n${input.url}\n`,
    html: layout(title, lines, { label: "Abrir em Vendas", url: input.url }, "Estadia"),
  };
}

/** The digest of products that fell to or below their alert level, to the organization's owners and managers. */
export function stockAlertEmail(input: {
  lines: { property: string; product: string; current: number; expected: number | null }[];
  restockUrl: string;
}): Template {
  const count = input.lines.length;
  const title = count === 1 ? "1 produto está acabando" : `${count} produtos estão acabando`;
  const intro = ["Estes produtos chegaram ao nível de alerta nos seus imóveis:"];
  const items = input.lines.map(
    (l) => `${l.property}: ${l.product} — ${l.current}${l.expected === null ? "" : ` de ${l.expected}`}`,
  );
  const footer = "Você recebe um resumo assim quando vendas ou ajustes deixam produtos no nível de alerta.";
  const list = `<ul style="margin:0 0 16px;padding-left:20px">${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>`;
  const html = layout(title, intro, { label: "Iniciar uma reposição", url: input.restockUrl }, footer, list);
  return {
    subject: `Estoque baixo: ${title}`,
    text: `${intro.join("\n\n")}\n\n${items.join("\n")}\n\nIniciar uma reposição:\n${input.restockUrl}\n\n${footer}\n`,
    html,
  };
}

/** An invitation to join an organization's team, with the role given. */
export function invitationEmail(input: {
  inviterName: string;
  organizationName: string;
  roleLabel: string;
  url: string;
}): Template {
  const title = `Convite para a equipe de ${input.organizationName}`;
  const lines = [
    "Olá!",
    `${input.inviterName} convidou você para a equipe de ${input.organizationName} no ${PRODUCT}, como ${input.roleLabel}.`,
    "Se ainda não tem conta, é só escolher seu nome e uma senha; se já tem, entre com ela para aceitar.",
  ];
  const footer =
    "O link vale por 7 dias e pode ser usado uma única vez. Se você não esperava este convite, ignore esta mensagem.";
  return {
    subject: `Convite para a equipe de ${input.organizationName} no ${PRODUCT}`,
    text: `${lines.join("\n\n")}\n\nAceite o convite abrindo este link:\n${input.url}\n\n${footer}\n`,
    html: layout(title, lines, { label: "Aceitar convite", url: input.url }, footer),
  };
}

/** To an organization's owners: its payment account stopped working, and its shops stopped charging. */
export function accountNeedsReconnectEmail(input: {
  provider: string;
  reason: string;
  url: string;
}): Template {
  const name =
    { mercadopago: "Mercado Pago", asaas: "Asaas", sandbox: "conta de teste" }[input.provider] ??
    input.provider;
  const title = "Reconecte sua conta de recebimento";
  const lines = [
    `Sua conta do ${name} parou de aceitar as cobranças do ${PRODUCT}. ${input.reason}`,
    "Enquanto ela não for reconectada, os hóspedes não conseguem pagar nos seus imóveis.",
  ];
  const footer = "Você recebe este aviso por ser proprietário(a) da organização.";
  return {
    subject: title,
    text: `${lines.join("\n\n")}\n\nReconectar:\n${input.url}\n\n${footer}\n`,
    html: layout(title, lines, { label: "Reconectar", url: input.url }, footer),
  };
}

/** To an organization's owners: a guest contested a paid sale; its money is held until the provider decides. */
export function saleDisputedEmail(input: {
  order: string;
  property: string;
  held: string;
  respondBy: string;
  url: string;
}): Template {
  const title = `Venda #${input.order} contestada`;
  const lines = [
    `O pagamento da venda #${input.order} em ${input.property} foi contestado pelo hóspede (um estorno do cartão ou uma contestação do Pix). O provedor reteve ${input.held} até decidir.`,
    `Envie as provas ao provedor até ${input.respondBy}: o dossiê da contestação (PDF), com a venda, a estadia e a conferência depois dela, está na venda, em Vendas.`,
  ];
  const footer = "Você recebe este aviso por ser proprietário(a) da organização.";
  return {
    subject: title,
    text: `${lines.join("\n\n")}\n\nVer a venda:\n${input.url}\n\n${footer}\n`,
    html: layout(title, lines, { label: "Ver a venda", url: input.url }, footer),
  };
}

/** To an organization's owners: a dispute left a wallet below zero, and withdrawals wait until it is covered. */
export function balanceBelowZeroEmail(input: { wallet: string; balance: string; url: string }): Template {
  const title = `Saldo de ${input.wallet} abaixo de zero`;
  const lines = [
    `Depois de uma contestação, o saldo disponível da carteira de ${input.wallet} ficou em ${input.balance}: o provedor reteve ou tomou de volta um valor que já tinha sido sacado.`,
    "Os saques dessa carteira ficam bloqueados até que novas vendas cubram o valor.",
  ];
  const footer = "Você recebe este aviso por ser proprietário(a) da organização.";
  return {
    subject: title,
    text: `${lines.join("\n\n")}\n\nVer Saques:\n${input.url}\n\n${footer}\n`,
    html: layout(title, lines, { label: "Ver Saques", url: input.url }, footer),
  };
}

/** To an organization's owners: a damage claim's deadline ends in a few days and it was not sent yet. */
export function damageDeadlineEmail(input: {
  title: string;
  property: string;
  deadline: string;
  daysLeft: number;
  url: string;
}): Template {
  const when =
    input.daysLeft <= 0
      ? "termina hoje"
      : input.daysLeft === 1
        ? "termina amanhã"
        : `termina em ${input.daysLeft} dias`;
  const title = `O prazo da avaria '${input.title}' ${when}`;
  const lines = [
    `A avaria '${input.title}' de ${input.property} ainda está 'Aberta'. O prazo para pedir o reembolso à plataforma ${when} (${input.deadline}).`,
    "Depois do prazo, Airbnb e Vrbo não aceitam mais o pedido. Gere o relatório e envie pela central de resoluções da plataforma.",
  ];
  const footer = "Você recebe este aviso uma vez por avaria, por ser proprietário(a) da organização.";
  return {
    subject: `Prazo da avaria: ${input.title} (${input.property})`,
    text: `${lines.join("\n\n")}\n\nVer a avaria:\n${input.url}\n\n${footer}\n`,
    html: layout(title, lines, { label: "Ver a avaria", url: input.url }, footer),
  };
}

/** The footer of a member's notice: why it came, and where to choose how the next one comes. */
const NOTICE_FOOTER =
  "Escolha em Notificações, no menu da sua conta, se este aviso chega por e-mail ou no WhatsApp.";

/** To owners and managers, the morning after: the day's paid sales. */
export function dailySalesEmail(input: {
  organization: string;
  day: string;
  paid: string;
  gross: string;
  net: string;
  url: string;
}): Template {
  const title = `Vendas de ${input.day}`;
  const lines = [
    `Resumo de ${input.day} em ${input.organization}: ${input.paid}.`,
    `Vendas brutas: ${input.gross}. Líquido (depois das taxas e reembolsos): ${input.net}.`,
  ];
  return {
    subject: `${title} em ${input.organization}`,
    text: `${lines.join("\n\n")}\n\nVer as vendas:\n${input.url}\n\n${NOTICE_FOOTER}\n`,
    html: layout(title, lines, { label: "Ver as vendas", url: input.url }, NOTICE_FOOTER),
  };
}

/** To the owners: a withdrawal reached the PIX key, or could not be made (its money is back in the wallet). */
export function withdrawalClosedEmail(input: {
  paid: boolean;
  amount: string;
  wallet: string;
  reason: string | null;
  url: string;
}): Template {
  const title = input.paid ? `Saque de ${input.amount} pago` : `Saque de ${input.amount} não realizado`;
  const lines = input.paid
    ? [`O saque de ${input.amount} da carteira de ${input.wallet} foi pago pelo Pix.`]
    : [
        `O saque de ${input.amount} da carteira de ${input.wallet} não foi feito${input.reason ? ` (${input.reason})` : ""}.`,
        "O valor voltou ao saldo disponível da carteira: você pode pedir o saque de novo.",
      ];
  return {
    subject: title,
    text: `${lines.join("\n\n")}\n\nVer os saques:\n${input.url}\n\n${NOTICE_FOOTER}\n`,
    html: layout(title, lines, { label: "Ver os saques", url: input.url }, NOTICE_FOOTER),
  };
}

/** To the team: a restocking run is to be delivered today, or is late. */
export function restockRunEmail(input: {
  late: boolean;
  number: number;
  day: string;
  properties: string;
  url: string;
}): Template {
  const title = input.late
    ? `Reposição #${input.number} atrasada`
    : `Reposição #${input.number} para entregar hoje`;
  const lines = [
    input.late
      ? `A Reposição #${input.number} devia ter sido entregue em ${input.day}, em ${input.properties}, e ainda não chegou.`
      : `A Reposição #${input.number} deve ser entregue hoje, ${input.day}, em ${input.properties}.`,
    "A lista de produtos por imóvel está na página da reposição.",
  ];
  return {
    subject: title,
    text: `${lines.join("\n\n")}\n\nVer a reposição:\n${input.url}\n\n${NOTICE_FOOTER}\n`,
    html: layout(title, lines, { label: "Ver a reposição", url: input.url }, NOTICE_FOOTER),
  };
}

/** To the cleaning team: the properties a guest leaves today, each with when the next one arrives. */
export function turnoversTodayEmail(input: { day: string; turnovers: string[]; url: string }): Template {
  const title = `Trocas de hoje, ${input.day}`;
  const lines = [
    `Hoje, ${input.day}, há saída de hóspede em ${input.turnovers.length === 1 ? "1 imóvel" : `${input.turnovers.length} imóveis`}. Faça a limpeza e confira o estoque antes da próxima entrada:`,
  ];
  const list = `<ul style="margin:0 0 16px;padding-left:20px">${input.turnovers.map((t) => `<li>${escapeHtml(t)}</li>`).join("")}</ul>`;
  return {
    subject: title,
    text: `${lines.join("\n\n")}\n\n${input.turnovers.join("\n")}\n\nVer a agenda:\n${input.url}\n\n${NOTICE_FOOTER}\n`,
    html: layout(title, lines, { label: "Ver a agenda", url: input.url }, NOTICE_FOOTER, list),
  };
}

/** To owners and managers: a stock count after a stay found products consumed and not paid for. */
export function unpaidConsumptionEmail(input: {
  property: string;
  day: string;
  items: { name: string; quantity: number; amount: string }[];
  total: string;
  url: string;
}): Template {
  const title = `Consumo não pago em ${input.property}`;
  const lines = [
    `A conferência da troca de ${input.day} em ${input.property} encontrou produtos consumidos e não pagos, no total de ${input.total}:`,
  ];
  const items = input.items.map((i) => `${i.quantity} × ${i.name}: ${i.amount}`);
  const list = `<ul style="margin:0 0 16px;padding-left:20px">${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>`;
  return {
    subject: title,
    text: `${lines.join("\n\n")}\n\n${items.join("\n")}\n\nVer a conferência:\n${input.url}\n\n${NOTICE_FOOTER}\n`,
    html: layout(title, lines, { label: "Ver a conferência", url: input.url }, NOTICE_FOOTER, list),
  };
}

/** To an organization's owners: a guest asked, from their receipt's link, for a copy or the erasure of their data. */
export function guestDataRequestEmail(input: {
  kindLabel: string;
  property: string;
  orderShortId: string;
  deadline: string;
  url: string;
}): Template {
  const title = "Pedido de dados de um hóspede";
  const lines = [
    `Um hóspede de ${input.property} (pedido ${input.orderShortId}) pediu: ${input.kindLabel}.`,
    `A LGPD dá 15 dias para responder: prazo até ${input.deadline}. Responda em 'Dados de hóspedes'.`,
  ];
  const footer = "Você recebe este aviso por ser proprietário(a) da organização.";
  return {
    subject: `${title}: ${input.kindLabel}`,
    text: `${lines.join("\n\n")}\n\nVer os pedidos:\n${input.url}\n\n${footer}\n`,
    html: layout(title, lines, { label: "Ver os pedidos", url: input.url }, footer),
  };
}

/** To a guest, in their language: the copy of their data they asked for, as JSON in the message itself. */
export function guestDataCopyEmail(input: {
  lang: string;
  subject: string;
  intro: string;
  footer: string;
  /** Everything stored, already written out for a person (domain/guests/guest-copy-text.ts). */
  body: string;
}): Template {
  const html = `<!doctype html><html lang="${escapeHtml(input.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;background:#f4f6f5;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<div style="max-width:640px;margin:0 auto;padding:32px 24px;background:#ffffff">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0b6b5e">${PRODUCT}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(input.subject)}</h1>
<p style="margin:0 0 16px">${escapeHtml(input.intro)}</p>
<div style="margin:0 0 16px;padding:12px;background:#f4f6f5;font-size:14px;line-height:1.5;white-space:pre-wrap">${escapeHtml(input.body)}</div>
<p style="margin:24px 0 0;font-size:13px;color:#52606d">${escapeHtml(input.footer)}</p>
</div></body></html>`;
  return {
    subject: input.subject,
    text: `${input.intro}\n\n${input.body}\n\n${input.footer}\n`,
    html,
  };
}
