// The WhatsApp message templates Estadia sends (issue 50, ADR 0054): their names, categories, texts in each
// language and the variables each needs, in the one place they are written. Business-initiated messages must
// be templates approved by Meta beforehand; the README ('WhatsApp templates') says how to submit these.
// Members get pt-BR; the guest's receipt goes in the guest's language (pt_BR, en or es).

/** Meta's language codes for the languages Estadia speaks. */
export const WHATSAPP_LANGUAGES = ["pt_BR", "en", "es"] as const;
export type WhatsAppLanguage = (typeof WHATSAPP_LANGUAGES)[number];

/** A {{n}} of a template: what it holds, an example for Meta's review, and whether it is an amount of money. */
export type TemplateVariable = { name: string; example: string; money?: boolean };

export type WhatsAppTemplate = {
  category: "UTILITY" | "AUTHENTICATION";
  /** {{1}}, {{2}}… in order. */
  variables: readonly TemplateVariable[];
  /** The body, per language it is submitted in. */
  body: Partial<Record<WhatsAppLanguage, string>>;
  /**
   * Authentication templates: Meta's own preset body (the texts here are what it shows), a footer with the
   * code's expiry and a 'Copiar código' button that carries the code again.
   */
  copyCode?: { expiresInMinutes: number };
};

export const WHATSAPP_TEMPLATES = {
  estadia_codigo: {
    category: "AUTHENTICATION",
    variables: [{ name: "código", example: "482913" }],
    body: {
      pt_BR:
        "*{{1}}* é seu código de verificação. Para sua segurança, não o compartilhe. Este código expira em 10 minutos.",
    },
    copyCode: { expiresInMinutes: 10 },
  },
  estadia_resumo_vendas: {
    category: "UTILITY",
    variables: [
      { name: "dia", example: "24/11/2026" },
      { name: "organização", example: "Pousada Maré Alta" },
      { name: "vendas pagas", example: "3 vendas pagas" },
      { name: "vendas brutas", example: "R$ 184,00", money: true },
      { name: "líquido", example: "R$ 172,31", money: true },
    ],
    body: {
      pt_BR:
        "Resumo do dia {{1}} em {{2}}: {{3}}, {{4}} em vendas brutas e {{5}} de líquido. Os detalhes estão em Vendas, no Estadia.",
    },
  },
  estadia_estoque_baixo: {
    category: "UTILITY",
    variables: [
      { name: "quantos produtos", example: "2 produtos" },
      { name: "produtos", example: "Casa da Praia: Água mineral (1 de 5); Chalé: Café (0 de 4)" },
    ],
    body: {
      pt_BR:
        "Estoque baixo ({{1}} no nível de alerta): {{2}}. Você pode iniciar uma reposição em Reposições, no Estadia.",
    },
  },
  estadia_consumo_nao_pago: {
    category: "UTILITY",
    variables: [
      { name: "imóvel", example: "Casa da Praia" },
      { name: "dia da troca", example: "24/11/2026" },
      { name: "itens", example: "2 × Água mineral, 1 × Vinho tinto" },
      { name: "total", example: "R$ 96,00", money: true },
    ],
    body: {
      pt_BR:
        "Consumo não pago encontrado na troca de {{1}} em {{2}}: {{3}}, total de {{4}}. Veja a conferência no Estadia.",
    },
  },
  estadia_prazo_avaria: {
    category: "UTILITY",
    variables: [
      { name: "avaria", example: "Mesa de vidro trincada" },
      { name: "imóvel", example: "Chalé das Estadias" },
      { name: "prazo", example: "08/12/2026" },
      { name: "dias restantes", example: "faltam 3 dias" },
    ],
    body: {
      pt_BR:
        'O prazo para reclamar a avaria "{{1}}" de {{2}} termina em {{3}} ({{4}}). Envie a reclamação à plataforma pelo Estadia.',
    },
  },
  estadia_reposicao_hoje: {
    category: "UTILITY",
    variables: [
      { name: "número", example: "12" },
      { name: "dia", example: "24/11/2026" },
      { name: "imóveis", example: "Casa da Praia, Chalé" },
    ],
    body: {
      pt_BR:
        "A Reposição #{{1}} deve ser entregue hoje, {{2}}, em {{3}}. A lista de produtos está em Reposições, no Estadia.",
    },
  },
  estadia_reposicao_atrasada: {
    category: "UTILITY",
    variables: [
      { name: "número", example: "12" },
      { name: "dia", example: "22/11/2026" },
      { name: "imóveis", example: "Casa da Praia, Chalé" },
    ],
    body: {
      pt_BR:
        "A Reposição #{{1}} está atrasada: devia ter sido entregue em {{2}}, em {{3}}. A lista de produtos está em Reposições, no Estadia.",
    },
  },
  estadia_trocas_hoje: {
    category: "UTILITY",
    variables: [
      { name: "dia", example: "24/11/2026" },
      { name: "trocas", example: "Casa da Praia (próxima entrada hoje), Chalé (próxima entrada 27/11)" },
    ],
    body: {
      pt_BR:
        "Trocas de hoje, {{1}}: {{2}}. Faça a limpeza e confira o estoque antes da próxima entrada. A agenda está no Estadia.",
    },
  },
  estadia_conta_reconectar: {
    category: "UTILITY",
    variables: [
      { name: "provedor", example: "Mercado Pago" },
      { name: "motivo", example: "A autorização foi revogada ou expirou." },
    ],
    body: {
      pt_BR:
        "Sua conta do {{1}} parou de aceitar as cobranças do Estadia ({{2}}). Enquanto ela não for reconectada, os hóspedes não conseguem pagar. Reconecte em Recebimentos, no Estadia.",
    },
  },
  estadia_venda_contestada: {
    category: "UTILITY",
    variables: [
      { name: "pedido", example: "3f9a2c1b" },
      { name: "imóvel", example: "Casa da Praia" },
      { name: "valor", example: "R$ 38,00", money: true },
      { name: "prazo", example: "09/12/2026" },
    ],
    body: {
      pt_BR:
        "O pagamento da venda {{1}} em {{2}} foi contestado pelo hóspede e {{3}} ficou retido pelo provedor. Envie as provas até {{4}}: o dossiê está em Vendas, no Estadia.",
    },
  },
  estadia_saldo_negativo: {
    category: "UTILITY",
    variables: [
      { name: "carteira", example: "Casa da Praia" },
      { name: "saldo", example: "-R$ 38,00", money: true },
    ],
    body: {
      pt_BR:
        "O saldo da carteira de {{1}} ficou abaixo de zero ({{2}}) depois de uma contestação. Os saques ficam bloqueados até novas vendas cobrirem o valor. Veja em Saques, no Estadia.",
    },
  },
  estadia_saque_pago: {
    category: "UTILITY",
    variables: [
      { name: "valor", example: "R$ 250,00", money: true },
      { name: "carteira", example: "Casa da Praia" },
    ],
    body: {
      pt_BR: "O saque de {{1}} da carteira de {{2}} foi pago pelo Pix. Veja em Saques, no Estadia.",
    },
  },
  estadia_saque_recusado: {
    category: "UTILITY",
    variables: [
      { name: "valor", example: "R$ 250,00", money: true },
      { name: "carteira", example: "Casa da Praia" },
      { name: "motivo", example: "Chave Pix não encontrada" },
    ],
    body: {
      pt_BR:
        "O saque de {{1}} da carteira de {{2}} não foi feito ({{3}}). O valor voltou ao saldo disponível. Veja em Saques, no Estadia.",
    },
  },
  estadia_pedido_nao_entregue: {
    category: "UTILITY",
    variables: [
      { name: "pedido", example: "3f9a2c1b" },
      { name: "imóvel", example: "Casa da Praia" },
      { name: "check-in", example: "10/03/2027" },
    ],
    body: {
      pt_BR:
        "O pedido {{1}} do hóspede para {{2}} não foi entregue até o check-in ({{3}}). Você pode reembolsá-lo em Vendas, no Estadia.",
    },
  },
  estadia_comprovante: {
    category: "UTILITY",
    variables: [
      { name: "nome", example: "Lucía" },
      { name: "pedido", example: "3f9a2c1b" },
      { name: "imóvel", example: "Casa da Praia" },
      { name: "total", example: "R$ 38,00", money: true },
      { name: "pago em", example: "24/11/2026 21:14" },
    ],
    body: {
      pt_BR:
        "Olá, {{1}}! O pagamento do pedido {{2}} em {{3}} foi confirmado: {{4}}, em {{5}}. Obrigado e boa estadia!",
      en: "Hi {{1}}! Your payment for order {{2}} at {{3}} is confirmed: {{4}}, on {{5}}. Thank you and enjoy your stay!",
      es: "¡Hola, {{1}}! El pago del pedido {{2}} en {{3}} está confirmado: {{4}}, el {{5}}. ¡Gracias y buena estadía!",
    },
  },
} as const satisfies Record<string, WhatsAppTemplate>;

export type TemplateName = keyof typeof WHATSAPP_TEMPLATES;

export function isTemplateName(value: string): value is TemplateName {
  return Object.hasOwn(WHATSAPP_TEMPLATES, value);
}

/**
 * A variable as Meta takes it: one line (no new lines or tabs, no run of more than four spaces), at most
 * 200 characters (a body may hold 1024 in all).
 */
export function templateValue(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > 200 ? `${one.slice(0, 199)}…` : one || "-";
}

/** The text the recipient reads: the body in that language with its {{n}} filled. */
export function renderTemplate(
  name: TemplateName,
  language: WhatsAppLanguage,
  values: readonly string[],
): string {
  const template: WhatsAppTemplate = WHATSAPP_TEMPLATES[name];
  const body = template.body[language] ?? template.body.pt_BR ?? "";
  return body.replace(/\{\{(\d+)\}\}/g, (_m, n: string) => values[Number(n) - 1] ?? "");
}

/** The `components` of a send request: the body's parameters, and the copy-code button's for a code. */
export function templateComponents(name: TemplateName, values: readonly string[]): unknown[] {
  const template: WhatsAppTemplate = WHATSAPP_TEMPLATES[name];
  const body = { type: "body", parameters: values.map((text) => ({ type: "text", text })) };
  if (!template.copyCode) return [body];
  return [
    body,
    { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: values[0] ?? "" }] },
  ];
}
