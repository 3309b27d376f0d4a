import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ASAAS_FIELDS } from "~/domain/payment-accounts/asaas-sub-account-form";
import { RECEIVING_TEXT } from "~/domain/payment-accounts/messages";
import type { Refused } from "~/routes/answer";
import { refusalInAddress } from "~/routes/backoffice/receiving-result";
import { ReceivingScreen } from "~/routes/backoffice/receiving-screen";
import { estadiaFeeText } from "~/routes/backoffice/receiving-text";
import type { ReceivingAccount, ReceivingData } from "~/routes/backoffice/receiving-types";

const OFFERED: ReceivingData["offered"] = [
  { provider: "mercadopago", label: "Mercado Pago", providerFees: "A tarifa do Mercado Pago da sua conta." },
  { provider: "asaas", label: "Asaas", providerFees: "A tarifa do Asaas por cobrança recebida." },
  { provider: "sandbox", label: "Conta de teste (sandbox)", providerFees: "Simulada: 3,99% por venda." },
];

const base: ReceivingData = {
  canManage: true,
  offered: OFFERED,
  platformFeePercent: "3",
  freeTrialDays: 7,
  trialEndsAt: "2030-05-10T15:00:00.000Z",
  account: null,
  findings: [],
  error: null,
  confirmDisconnect: false,
};

const mercadoPago: ReceivingAccount = {
  provider: "mercadopago",
  providerLabel: "Mercado Pago",
  status: "active",
  statusLabel: "Conectada",
  providerAccountId: "123456789",
  displayName: "POUSADASOL",
  email: "financeiro@pousadasol.com.br",
  connectedAt: "2030-05-03T13:30:00.000Z",
  connectedByName: "Maria da Silva",
  lastError: null,
  reconciledAt: null,
  withdrawsHere: false,
  pixKey: null,
  pendingApproval: [],
  offered: true,
};

function render(data: Partial<ReceivingData>, refusal?: Refused) {
  const Stub = createRoutesStub([
    {
      path: "/recebimentos",
      Component: () => <ReceivingScreen data={{ ...base, ...data }} refusal={refusal} />,
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/recebimentos"]} />);
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

/** The intents of the page's submit buttons. */
const intents = (html: string) =>
  [...html.matchAll(/<button\b[^>]*>/g)]
    .filter((m) => m[0].includes('name="intent"'))
    .map((m) => /value="([^"]+)"/.exec(m[0])?.[1]);

describe("/recebimentos", () => {
  it("states the fees before connecting: each provider's and Estadia's, and the free days' end", () => {
    const page = text(render({}));
    expect(page).toContain("Estadia: 3% por venda, sem mensalidade. Nenhuma taxa nos primeiros 7 dias.");
    expect(page).toContain("Mercado Pago: A tarifa do Mercado Pago da sua conta.");
    expect(page).toContain("Asaas: A tarifa do Asaas por cobrança recebida.");
    expect(page).toContain("o Estadia não cobra nada nas vendas feitas até 10/05/2030 12:00");
    expect(page).toContain("Nenhuma conta conectada");
  });

  it("offers the owner each provider: Mercado Pago, the Asaas form with its fields, the test account", () => {
    const html = render({});
    expect(intents(html)).toEqual(["mercadopago", "asaas", "sandbox"]);
    expect(text(html)).toContain("Conectar Mercado Pago");
    expect(text(html)).toContain("Conectar conta de teste");
    for (const field of ASAAS_FIELDS) expect(html).toContain(`name="${field}"`);
  });

  it("offers only what is configured", () => {
    const html = render({ offered: OFFERED.filter((o) => o.provider === "sandbox") });
    expect(intents(html)).toEqual(["sandbox"]);
    expect(html).not.toContain('name="cpfCnpj"');
  });

  it("keeps what was typed in the Asaas form and shows each field's error and the page's alert", () => {
    const refusal: Refused = {
      ok: false,
      intent: "asaas",
      message: "Informe um CPF ou CNPJ válido.",
      fieldErrors: { cpfCnpj: "Informe um CPF ou CNPJ válido.", postalCode: "Informe um CEP com 8 dígitos." },
      values: { name: "Maria da Silva", cpfCnpj: "123" },
    };
    const html = render({}, refusal);
    expect(html).toMatch(/role="alert"[^>]*>Informe um CPF ou CNPJ válido\./);
    expect(html).toMatch(/name="cpfCnpj"[^>]*value="123"|value="123"[^>]*name="cpfCnpj"/);
    expect(html).toContain('value="Maria da Silva"');
    expect(text(html)).toContain("Informe um CEP com 8 dígitos.");
    expect((html.match(/aria-invalid="true"/g) ?? []).length).toBe(2);
  });

  it("shows a manager the status read-only: no buttons, who may change it", () => {
    const html = render({ canManage: false });
    expect(intents(html)).toEqual([]);
    expect(html).not.toContain('name="cpfCnpj"');
    expect(text(html)).toContain("Só o proprietário da organização pode conectar ou desconectar a conta.");
    const connected = render({ canManage: false, account: mercadoPago });
    expect(intents(connected)).toEqual([]);
    expect(connected).not.toContain("Desconectar");
  });

  it("shows the connected account: provider, name, e-mail, id, status, who connected it and when", () => {
    const html = render({ account: mercadoPago });
    const page = text(html);
    expect(page).toContain("Quem recebe o dinheiro: Mercado Pago");
    for (const shown of ["POUSADASOL", "financeiro@pousadasol.com.br", "123456789", "Conectada"])
      expect(page).toContain(shown);
    expect(page).toContain("Maria da Silva, em 03/05/2030 10:30");
    expect(page).toContain("os saques são feitos lá, no Mercado Pago");
    // Connected: no way to connect a second one, a way to disconnect.
    expect(intents(html)).toEqual([]);
    expect(html).toContain('href="/recebimentos?desconectar=1"');
  });

  it("sends Asaas and test-account hosts to /withdrawals", () => {
    const html = render({
      account: {
        ...mercadoPago,
        provider: "sandbox",
        providerLabel: "Conta de teste (sandbox)",
        withdrawsHere: true,
      },
    });
    expect(text(html)).toContain("os saques são pedidos aqui no Estadia, em Saques");
    expect(html).toContain('href="/withdrawals"');
  });

  it("shows an Asaas account's random Pix key, or says its codes last the day only while it has none; and warns about the refunds option", () => {
    const asaas = { ...mercadoPago, provider: "asaas" as const, providerLabel: "Asaas", withdrawsHere: true };
    const keyed = text(render({ account: { ...asaas, pixKey: "3f6c1a52-8e0b-4f6e-9a41-2d8e5b7c9a10" } }));
    expect(keyed).toContain("Chave Pix (aleatória) 3f6c1a52-8e0b-4f6e-9a41-2d8e5b7c9a10");
    expect(keyed).not.toContain("ainda não tem chave Pix");
    expect(keyed).toContain("autorizar estornos de Pix pelo webhook de validação");
    const keyless = text(render({ account: asaas }));
    expect(keyless).toContain(
      "ainda não tem chave Pix: os códigos Pix que ela gera valem só até as 23:59 do dia",
    );
    const pending = text(
      render({
        account: {
          ...asaas,
          pendingApproval: ["Documentos: falta enviar", "Conta bancária: em análise no Asaas"],
        },
      }),
    );
    expect(pending).toContain("A conta no Asaas ainda não está aprovada.");
    expect(pending).toContain("Documentos: falta enviar");
    expect(pending).toContain("Conta bancária: em análise no Asaas");
    expect(keyed).not.toContain("ainda não está aprovada");
    // Other providers have no such key or option.
    const other = text(render({ account: mercadoPago }));
    expect(other).not.toContain("Chave Pix");
    expect(other).not.toContain("estornos de Pix");
  });

  it("says why an account needs reconnecting, and offers 'Reconectar' for Mercado Pago", () => {
    const account: ReceivingAccount = {
      ...mercadoPago,
      status: "needs_reconnect",
      statusLabel: "Precisa reconectar",
      lastError: "A autorização foi revogada ou expirou.",
    };
    const html = render({ account });
    expect(text(html)).toContain("Precisa reconectar: A autorização foi revogada ou expirou.");
    expect(intents(html)).toEqual(["mercadopago"]);
    expect(text(html)).toContain("Reconectar");
  });

  it("asks again before disconnecting, in a form that works without JavaScript", () => {
    const html = render({ account: mercadoPago, confirmDisconnect: true });
    expect(text(html)).toContain("Desconectar a conta?");
    expect(text(html)).toContain("Seus imóveis param de receber pagamentos na hora");
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(intents(html)).toEqual(["disconnect"]);
    expect(html).toContain('href="/recebimentos"');
  });

  it("lists the reconciliation's findings: text, payment, order and date", () => {
    const html = render({
      account: mercadoPago,
      findings: [
        {
          kind: "paid_without_order",
          text: "Pagamento aprovado no provedor sem pedido pago no Estadia",
          providerPaymentId: "PAY-991",
          orderId: "5f0c2a9e-1111-4222-8333-444455556666",
          foundAt: "2030-05-04T09:00:00.000Z",
        },
      ],
    });
    const page = text(html);
    expect(page).toContain("Diferenças na conciliação");
    expect(page).toContain("Pagamento aprovado no provedor sem pedido pago no Estadia");
    expect(page).toContain("Pagamento PAY-991 · Pedido #5f0c2a9e · 04/05/2030 06:00");
    expect(render({ account: mercadoPago })).not.toContain("Diferenças na conciliação");
  });

  it("shows a refused Mercado Pago connection named in the address, and nothing for other keys", () => {
    expect(refusalInAddress(new URLSearchParams("erro=oauthExpired"))).toBe(RECEIVING_TEXT.oauthExpired);
    expect(refusalInAddress(new URLSearchParams("erro=connected"))).toBeNull();
    expect(refusalInAddress(new URLSearchParams("erro=toString"))).toBeNull();
    expect(refusalInAddress(new URLSearchParams(""))).toBeNull();
    const html = render({ error: RECEIVING_TEXT.oauthRefused });
    expect(html).toMatch(/role="alert"[^>]*>O Mercado Pago não autorizou a conexão/);
  });

  it("writes Estadia's fee for other settings", () => {
    expect(estadiaFeeText("2,5", 1)).toBe(
      "Estadia: 2,5% por venda, sem mensalidade. Nenhuma taxa no primeiro dia.",
    );
    expect(estadiaFeeText("3", 0)).toBe("Estadia: 3% por venda, sem mensalidade.");
  });
});
