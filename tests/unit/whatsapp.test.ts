import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  eventsForRole,
  NOTIFICATION_EVENT_NAMES,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  roleReceives,
  rolesReceiving,
} from "~/domain/notifications/notification-events";
import { can, ROLES } from "~/domain/team/permissions";
import { afterQuietHours, isQuiet, minutesOfClock, saoPauloMinutes } from "~/lib/quiet-hours";
import { formatWhatsAppNumber, parseWhatsAppNumber } from "~/lib/whatsapp-number";
import { createWhatsAppApi, WhatsAppError } from "~/platform/whatsapp/cloud-api.server";
import { createCloudApiFake } from "~/platform/whatsapp/cloud-api-fake.server";
import { hubSignature, hubSignatureHolds, sameSecret } from "~/platform/whatsapp/hub-signature";
import {
  renderTemplate,
  type TemplateName,
  templateComponents,
  WHATSAPP_TEMPLATES,
  type WhatsAppTemplate,
} from "~/platform/whatsapp/templates";

/** The template each member event is sent with (the callers name them; this keeps the list honest). */
const EVENT_TEMPLATES: Record<NotificationEvent, TemplateName[]> = {
  sales_summary: ["estadia_resumo_vendas"],
  stock_alert: ["estadia_estoque_baixo"],
  unpaid_consumption: ["estadia_consumo_nao_pago"],
  damage_deadline: ["estadia_prazo_avaria"],
  restock_run: ["estadia_reposicao_hoje", "estadia_reposicao_atrasada"],
  turnovers_today: ["estadia_trocas_hoje"],
  payment_account: ["estadia_conta_reconectar"],
  dispute: ["estadia_venda_contestada", "estadia_saldo_negativo"],
  withdrawal: ["estadia_saque_pago", "estadia_saque_recusado"],
  guest_order_late: ["estadia_pedido_nao_entregue"],
};

const templates = Object.entries(WHATSAPP_TEMPLATES) as [TemplateName, WhatsAppTemplate][];

describe("the WhatsApp templates, as submitted to Meta", () => {
  it("use {{1}}…{{n}} once each, in order, for exactly the variables they declare, in every language", () => {
    for (const [name, template] of templates) {
      for (const [language, body] of Object.entries(template.body)) {
        const used = [...(body ?? "").matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
        expect(used, `${name} ${language}`).toEqual(template.variables.map((_, i) => i + 1));
        // Meta refuses a body that starts or ends with a variable.
        expect(body?.trim().startsWith("{{"), `${name} ${language}`).toBe(false);
        expect(body?.trim().endsWith("}}"), `${name} ${language}`).toBe(false);
      }
      expect(template.body.pt_BR, name).toBeTruthy();
    }
  });

  it("name only lower-case letters and underscores, and are utility messages except the code", () => {
    for (const [name, template] of templates) {
      expect(name).toMatch(/^[a-z_]+$/);
      expect(template.category).toBe(name === "estadia_codigo" ? "AUTHENTICATION" : "UTILITY");
    }
  });

  it("give the guest's receipt in pt-BR, English and Spanish", () => {
    const values = ["Lucía", "3f9a2c1b", "Casa da Praia", "R$ 38,00", "24/11/2026 21:14"];
    expect(renderTemplate("estadia_comprovante", "es", values)).toBe(
      "¡Hola, Lucía! El pago del pedido 3f9a2c1b en Casa da Praia está confirmado: R$ 38,00, el 24/11/2026 21:14. ¡Gracias y buena estadía!",
    );
    expect(renderTemplate("estadia_comprovante", "en", values)).toContain("Your payment for order 3f9a2c1b");
    expect(renderTemplate("estadia_comprovante", "pt_BR", values)).toContain("foi confirmado: R$ 38,00");
  });

  it("send a code with the copy-code button carrying it again", () => {
    expect(templateComponents("estadia_codigo", ["482913"])).toEqual([
      { type: "body", parameters: [{ type: "text", text: "482913" }] },
      { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "482913" }] },
    ]);
  });
});

describe("who is told what", () => {
  it("tells cleaning staff their runs and the day's turnovers only: never money", () => {
    expect(eventsForRole("staff")).toEqual(["restock_run", "turnovers_today"]);
    for (const event of NOTIFICATION_EVENT_NAMES) {
      if (NOTIFICATION_EVENTS[event].money) expect(roleReceives("staff", event), event).toBe(false);
    }
  });

  it("tells a role an event only when it holds its permission, and money only with sales.read", () => {
    for (const role of ROLES) {
      const actor = { userId: "u", organizationId: "o", role };
      for (const event of eventsForRole(role)) {
        expect(can(actor, NOTIFICATION_EVENTS[event].permission), `${role} ${event}`).toBe(true);
        if (NOTIFICATION_EVENTS[event].money) expect(can(actor, "sales.read"), `${role} ${event}`).toBe(true);
      }
    }
    expect(eventsForRole("owner")).toEqual(NOTIFICATION_EVENT_NAMES.filter((e) => e !== "turnovers_today"));
    expect(eventsForRole("manager")).not.toContain("withdrawal");
    expect(eventsForRole("manager")).not.toContain("damage_deadline");
    expect(eventsForRole("manager")).not.toContain("dispute");
  });

  it("is the table docs/permissions.md shows", () => {
    const rows = readFileSync("docs/permissions.md", "utf8")
      .split("\n")
      .map((line) => line.split("|").map((cell) => cell.trim()))
      .filter((cells) => NOTIFICATION_EVENT_NAMES.some((e) => NOTIFICATION_EVENTS[e].label === cells[1]));
    const documented = Object.fromEntries(
      rows.map((cells) => [cells[1], ROLES.filter((_, i) => cells[3 + i] === "✓")]),
    );
    expect(documented).toEqual(
      Object.fromEntries(
        NOTIFICATION_EVENT_NAMES.map((e) => [NOTIFICATION_EVENTS[e].label, rolesReceiving(e)]),
      ),
    );
  });

  it("puts an amount of money only in the templates of money events", () => {
    for (const event of NOTIFICATION_EVENT_NAMES) {
      for (const name of EVENT_TEMPLATES[event]) {
        const variables: WhatsAppTemplate["variables"] = WHATSAPP_TEMPLATES[name].variables;
        const hasMoney = variables.some((v) => v.money);
        if (!NOTIFICATION_EVENTS[event].money) expect(hasMoney, `${event} ${name}`).toBe(false);
      }
    }
  });
});

describe("Meta's webhook signature", () => {
  const secret = "app-secret-0123456789";
  const body = Buffer.from('{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[]}]}');

  it("holds for the raw body signed with the app secret, and for nothing else", () => {
    const header = hubSignature(secret, body);
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(hubSignatureHolds(secret, header, body)).toBe(true);
    expect(hubSignatureHolds(secret, header.toUpperCase().replace("SHA256", "sha256"), body)).toBe(true);
    expect(hubSignatureHolds("another-secret-000", header, body)).toBe(false);
    expect(hubSignatureHolds(secret, header, Buffer.from(`${body} `))).toBe(false);
    expect(hubSignatureHolds(secret, null, body)).toBe(false);
    expect(hubSignatureHolds(secret, "sha1=abc", body)).toBe(false);
    expect(hubSignatureHolds("", header, body)).toBe(false);
  });

  it("compares the verify token in constant time, and refuses a missing one", () => {
    expect(sameSecret("token-1", "token-1")).toBe(true);
    expect(sameSecret("token-1", "token-2")).toBe(false);
    expect(sameSecret("token-1", null)).toBe(false);
  });
});

describe("a WhatsApp number typed by a person", () => {
  it("is Brazilian by default, with its DDD, and of another country after a +", () => {
    expect(parseWhatsAppNumber("(48) 99999-8888")).toBe("5548999998888");
    expect(parseWhatsAppNumber("+55 48 99999-8888")).toBe("5548999998888");
    expect(parseWhatsAppNumber("55 48 99999 8888")).toBe("5548999998888");
    expect(parseWhatsAppNumber("(55) 99999-8888")).toBe("5555999998888");
    expect(parseWhatsAppNumber("+54 9 11 2345-6789")).toBe("5491123456789");
    expect(parseWhatsAppNumber("0054 9 11 2345-6789")).toBe("5491123456789");
    expect(parseWhatsAppNumber("+1 650 555 1234")).toBe("16505551234");
    for (const bad of [
      "",
      "99999-8888",
      "+0 123 456 789",
      "+12",
      "(48) 8888-99999",
      "abc",
      "+55 48 8999-9888x",
    ])
      expect(parseWhatsAppNumber(bad), bad).toBeNull();
    expect(formatWhatsAppNumber("5548999998888")).toBe("+55 48 99999-8888");
    expect(formatWhatsAppNumber("5491123456789")).toBe("+5491123456789");
  });
});

describe("quiet hours (São Paulo)", () => {
  const night = { start: 22 * 60, end: 8 * 60 };
  const at = (iso: string) => new Date(iso);

  it("hold a message from their start until their end, across midnight", () => {
    expect(saoPauloMinutes(at("2026-11-24T01:30:00Z"))).toBe(22 * 60 + 30);
    expect(isQuiet(23 * 60, night)).toBe(true);
    expect(isQuiet(7 * 60 + 59, night)).toBe(true);
    expect(isQuiet(8 * 60, night)).toBe(false);
    // 22:30 in São Paulo waits until 08:00 the next morning (11:00 UTC).
    expect(afterQuietHours(at("2026-11-24T01:30:20Z"), night).toISOString()).toBe("2026-11-24T11:00:00.000Z");
    // 03:00 waits until 08:00 the same morning.
    expect(afterQuietHours(at("2026-11-24T06:00:00Z"), night).toISOString()).toBe("2026-11-24T11:00:00.000Z");
    // Midday goes at once.
    expect(afterQuietHours(at("2026-11-24T15:00:00Z"), night).toISOString()).toBe("2026-11-24T15:00:00.000Z");
    expect(afterQuietHours(at("2026-11-24T01:30:00Z"), null).toISOString()).toBe("2026-11-24T01:30:00.000Z");
  });

  it("take a window within one day too, and read 22:00 as 1320", () => {
    expect(isQuiet(13 * 60, { start: 12 * 60, end: 14 * 60 })).toBe(true);
    expect(isQuiet(15 * 60, { start: 12 * 60, end: 14 * 60 })).toBe(false);
    expect(minutesOfClock("22:00")).toBe(1320);
    expect(minutesOfClock("24:00")).toBeNull();
    expect(minutesOfClock("7h")).toBeNull();
  });
});

describe("the Cloud API client against the fake", () => {
  const config = { token: "good-token", phoneNumberId: "123456", appSecret: "secret" };
  const fake = createCloudApiFake(config);
  const fakeFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const answer = fake.handle({
      method: init?.method ?? "GET",
      path: url.pathname.replace(/^\/v\d+\.\d+/, ""),
      authorization: new Headers(init?.headers).get("authorization"),
      body: String(init?.body ?? ""),
    });
    return Response.json(answer.body, { status: answer.status });
  };
  const api = (token = config.token) =>
    createWhatsAppApi(
      { token, phoneNumberId: config.phoneNumberId, apiUrl: "https://graph.test/v25.0" },
      { fetch: fakeFetch },
    );
  const send = (template: TemplateName, values: string[], token?: string) =>
    api(token).sendTemplate({
      to: "5548999998888",
      template,
      language: "pt_BR",
      components: templateComponents(template, values),
    });
  const refusal = async (sent: Promise<unknown>) => {
    const err = await sent.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(WhatsAppError);
    return err as WhatsAppError;
  };

  it("reads the message id and the WhatsApp id of an accepted message, and the fake keeps what it said", async () => {
    const accepted = await send("estadia_reposicao_hoje", ["12", "24/11/2026", "Casa da Praia"]);
    expect(accepted.wamid).toMatch(/^wamid\./);
    expect(accepted.waId).toBe("5548999998888");
    expect(fake.messages.at(-1)?.text).toBe(
      "A Reposição #12 deve ser entregue hoje, 24/11/2026, em Casa da Praia. A lista de produtos está em Reposições, no Estadia.",
    );
  });

  it("does not retry a bad token (190), a template not approved (132001) nor wrong parameters (132000)", async () => {
    const token = await refusal(send("estadia_codigo", ["123456"], "expired"));
    expect([token.status, token.code, token.retryable]).toEqual([401, 190, false]);
    fake.unapprove("estadia_saque_pago");
    const template = await refusal(send("estadia_saque_pago", ["R$ 10,00", "Casa"]));
    expect([template.status, template.code, template.retryable]).toEqual([404, 132001, false]);
    const count = await refusal(send("estadia_prazo_avaria", ["só um"]));
    expect([count.status, count.code, count.retryable]).toEqual([400, 132000, false]);
  });

  it("retries a rate limit (429, 130429), Meta's own errors (5xx) and an unreachable API", async () => {
    fake.failNext(429);
    const limited = await refusal(send("estadia_codigo", ["123456"]));
    expect([limited.status, limited.code, limited.retryable]).toEqual([429, 130429, true]);
    fake.failNext(503);
    expect((await refusal(send("estadia_codigo", ["123456"]))).retryable).toBe(true);
    const down = createWhatsAppApi(
      { token: "t", phoneNumberId: "1", apiUrl: "http://127.0.0.1:9" },
      {
        fetch: async () => Promise.reject(new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } })),
      },
    );
    const unreachable = await refusal(
      down.sendTemplate({ to: "1", template: "x", language: "pt_BR", components: [] }),
    );
    expect([unreachable.status, unreachable.retryable, unreachable.message]).toEqual([
      null,
      true,
      "WhatsApp unreachable: ECONNREFUSED",
    ]);
  });

  it("answers 429 past its throughput in one second, as Meta does", async () => {
    const tight = createCloudApiFake({
      ...config,
      perSecond: 2,
      now: () => new Date("2026-11-24T12:00:00Z"),
    });
    const body = JSON.stringify({
      messaging_product: "whatsapp",
      to: "5548999998888",
      type: "template",
      template: {
        name: "estadia_codigo",
        language: { code: "pt_BR" },
        components: templateComponents("estadia_codigo", ["1"]),
      },
    });
    const post = () =>
      tight.handle({ method: "POST", path: "/123456/messages", authorization: "Bearer good-token", body });
    expect([post().status, post().status, post().status]).toEqual([200, 200, 429]);
  });
});
