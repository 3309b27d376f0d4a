import { randomBytes } from "node:crypto";
import { hubSignature } from "./hub-signature";
import {
  isTemplateName,
  renderTemplate,
  type TemplateName,
  WHATSAPP_LANGUAGES,
  WHATSAPP_TEMPLATES,
  type WhatsAppLanguage,
  type WhatsAppTemplate,
} from "./templates";

// A local stand-in for the part of the WhatsApp Business Cloud API Estadia uses (ADR 0054), answering as
// Meta documents it: `POST /{phone-number-id}/messages` with a bearer token (401, code 190, otherwise),
// template messages only, checked against the approved templates (404, code 132001, for a name or language
// not approved; 400, code 132000, for a wrong number of parameters), a throughput limit per second (429,
// code 130429), and the success answer {messaging_product, contacts:[{input, wa_id}], messages:[{id}]}.
// A number not on WhatsApp is accepted and then reported 'failed' with code 131026 in its status webhook,
// which is how Meta mostly reports it. Status webhooks are signed like Meta's (X-Hub-Signature-256).
// Used by the tests (tests/support/whatsapp-fake.ts serves it over HTTP) and, outside production, by the
// dev server under /dev/whatsapp, so /dev/outbox shows what reached each phone.

export type FakeStatus = "sent" | "delivered" | "read" | "failed";

/** A message as the fake's phone received it. */
export type FakeMessage = {
  wamid: string;
  /** As the request sent it. */
  to: string;
  waId: string;
  template: TemplateName;
  language: WhatsAppLanguage;
  parameters: string[];
  /** What the recipient reads. */
  text: string;
  receivedAt: Date;
  /** Statuses sent to the app for it, in order. */
  statuses: FakeStatus[];
};

export type FakeAnswer = { status: number; body: unknown };

export type CloudApiFakeOptions = {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  /** Messages per second the number takes before answering 429 (Meta's default throughput: 80). */
  perSecond?: number;
  now?: () => Date;
};

export type CloudApiFake = {
  /** Answers one request to the API; `path` is what follows the API base (`/{id}/messages`). */
  handle(request: { method: string; path: string; authorization: string | null; body: string }): FakeAnswer;
  /** Every message accepted, oldest first. */
  readonly messages: FakeMessage[];
  /** The next `times` sends answer this status with Meta's error body (429: code 130429; 5xx: code 131000). */
  failNext(status: number, times?: number): void;
  /** The template is no longer approved (in one language, or all): sends answer 132001. */
  unapprove(template: TemplateName, language?: WhatsAppLanguage): void;
  /** Messages to this number (digits) are accepted and then fail with 131026. */
  notOnWhatsApp(number: string): void;
  isOnWhatsApp(number: string): boolean;
  /** The status webhook Meta would send for this message, signed with the app secret. */
  statusWebhook(wamid: string, status: FakeStatus): { body: string; headers: Record<string, string> };
  /** Records the status as sent and returns its webhook (the caller posts it). */
  advance(wamid: string, status: FakeStatus): { body: string; headers: Record<string, string> };
};

/** The status a number reaches at the end: failed (131026) when it is not on WhatsApp, else delivered. */
export function finalStatusFor(fake: CloudApiFake, message: FakeMessage): FakeStatus {
  return fake.isOnWhatsApp(message.to) ? "delivered" : "failed";
}

const WABA_ID = "102290129340398";
const DISPLAY_NUMBER = "15550783881";

function graphError(status: number, code: number, message: string, details?: string): FakeAnswer {
  return {
    status,
    body: {
      error: {
        message,
        type: "OAuthException",
        code,
        ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
        fbtrace_id: randomBytes(9).toString("base64url"),
      },
    },
  };
}

const ERRORS = {
  token: () => graphError(401, 190, "Invalid OAuth access token - Cannot parse access token"),
  rateLimit: () =>
    graphError(429, 130429, "(#130429) Rate limit hit", "Cloud API message throughput has been reached."),
  server: (status: number) =>
    graphError(
      status,
      131000,
      "(#131000) Something went wrong",
      "Something went wrong. Please try again later.",
    ),
  unknownObject: (id: string) =>
    graphError(
      400,
      100,
      `Unsupported post request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    ),
  invalid: (details: string) => graphError(400, 100, "(#100) Invalid parameter", details),
  missing: (details: string) => graphError(400, 131008, "(#131008) Required parameter is missing", details),
  template: (name: string, language: string) =>
    graphError(
      404,
      132001,
      "(#132001) Template name does not exist in the translation",
      `template name (${name}) does not exist in ${language}`,
    ),
  parameters: (given: number, expected: number) =>
    graphError(
      400,
      132000,
      "(#132000) Number of parameters does not match the expected number of params",
      `body: number of localizable_params (${given}) does not match the expected number of params (${expected})`,
    ),
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** The text parameters of a component of the request, or null when it has none. */
function textParameters(components: unknown, type: string): string[] | null {
  if (!Array.isArray(components)) return null;
  const found = components.find((c) => isObject(c) && c.type === type);
  if (!isObject(found) || !Array.isArray(found.parameters)) return null;
  return found.parameters.map((p) => (isObject(p) && typeof p.text === "string" ? p.text : ""));
}

export function createCloudApiFake(options: CloudApiFakeOptions): CloudApiFake {
  const now = options.now ?? (() => new Date());
  const perSecond = options.perSecond ?? 80;
  const messages: FakeMessage[] = [];
  const unapproved = new Set<string>();
  const offWhatsApp = new Set<string>();
  let failures: number[] = [];
  let second = 0;
  let inSecond = 0;

  const approved = (name: TemplateName, language: string) => {
    const template: WhatsAppTemplate = WHATSAPP_TEMPLATES[name];
    return (
      (WHATSAPP_LANGUAGES as readonly string[]).includes(language) &&
      template.body[language as WhatsAppLanguage] !== undefined &&
      !unapproved.has(name) &&
      !unapproved.has(`${name}:${language}`)
    );
  };

  function send(body: Json): FakeAnswer {
    if (body.messaging_product !== "whatsapp")
      return ERRORS.invalid("The parameter messaging_product is required and must be 'whatsapp'.");
    if (typeof body.to !== "string" || !/^\+?\d{8,15}$/.test(body.to))
      return ERRORS.missing("Parameter 'to' is required and must be a phone number.");
    if (body.type !== "template" || !isObject(body.template))
      return ERRORS.invalid("Only template messages can start a conversation (type 'template').");
    const { name, language, components } = body.template;
    const code = isObject(language) ? language.code : undefined;
    if (typeof name !== "string" || typeof code !== "string")
      return ERRORS.missing("Parameters template.name and template.language.code are required.");
    if (!isTemplateName(name) || !approved(name, code)) return ERRORS.template(String(name), code);
    const template: WhatsAppTemplate = WHATSAPP_TEMPLATES[name];
    const parameters = textParameters(components, "body") ?? [];
    if (parameters.length !== template.variables.length)
      return ERRORS.parameters(parameters.length, template.variables.length);
    if (template.copyCode && textParameters(components, "button")?.[0] !== parameters[0])
      return ERRORS.missing("The copy code button's url parameter (the code) is required.");
    const to = body.to.replace(/^\+/, "");
    const message: FakeMessage = {
      wamid: `wamid.${randomBytes(30).toString("base64")}`,
      to,
      waId: to,
      template: name,
      language: code as WhatsAppLanguage,
      parameters,
      text: renderTemplate(name, code as WhatsAppLanguage, parameters),
      receivedAt: now(),
      statuses: [],
    };
    messages.push(message);
    return {
      status: 200,
      body: {
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: message.waId }],
        messages: [{ id: message.wamid, message_status: "accepted" }],
      },
    };
  }

  function statusWebhook(wamid: string, status: FakeStatus) {
    const message = messages.find((m) => m.wamid === wamid);
    if (!message) throw new Error(`the fake sent no message ${wamid}`);
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const entry: Json = {
      id: wamid,
      status,
      timestamp,
      recipient_id: message.waId,
    };
    if (status === "failed") {
      entry.errors = [
        {
          code: 131026,
          title: "Message undeliverable",
          message: "Message undeliverable",
          error_data: { details: "Message Undeliverable." },
          href: "https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/",
        },
      ];
    } else if (status !== "read") {
      entry.conversation = { id: randomBytes(16).toString("hex"), origin: { type: "utility" } };
      entry.pricing = { billable: true, pricing_model: "PMP", category: "utility", type: "regular" };
    }
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: WABA_ID,
          changes: [
            {
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: DISPLAY_NUMBER, phone_number_id: options.phoneNumberId },
                statuses: [entry],
              },
              field: "messages",
            },
          ],
        },
      ],
    });
    return {
      body,
      headers: {
        "content-type": "application/json",
        "x-hub-signature-256": hubSignature(options.appSecret, body),
      },
    };
  }

  return {
    messages,
    handle(request) {
      if (request.authorization !== `Bearer ${options.token}`) return ERRORS.token();
      const match = /^\/([^/]+)\/messages\/?$/.exec(request.path);
      if (request.method !== "POST" || !match) return ERRORS.unknownObject(request.path.split("/")[1] ?? "");
      if (decodeURIComponent(match[1] ?? "") !== options.phoneNumberId)
        return ERRORS.unknownObject(match[1] ?? "");
      const failure = failures.shift();
      if (failure !== undefined) return failure === 429 ? ERRORS.rateLimit() : ERRORS.server(failure);
      const at = Math.floor(now().getTime() / 1000);
      if (at !== second) {
        second = at;
        inSecond = 0;
      }
      inSecond += 1;
      if (inSecond > perSecond) return ERRORS.rateLimit();
      let body: unknown;
      try {
        body = JSON.parse(request.body);
      } catch {
        return ERRORS.invalid("The request body is not JSON.");
      }
      return isObject(body) ? send(body) : ERRORS.invalid("The request body must be an object.");
    },
    failNext(status, times = 1) {
      failures = [...failures, ...Array.from({ length: times }, () => status)];
    },
    unapprove(template, language) {
      unapproved.add(language ? `${template}:${language}` : template);
    },
    notOnWhatsApp(number) {
      offWhatsApp.add(number.replace(/\D/g, ""));
    },
    isOnWhatsApp(number) {
      return !offWhatsApp.has(number.replace(/\D/g, ""));
    },
    statusWebhook,
    advance(wamid, status) {
      const webhook = statusWebhook(wamid, status);
      messages.find((m) => m.wamid === wamid)?.statuses.push(status);
      return webhook;
    },
  };
}
