// What a careless log call would write about a guest, through the app's own redaction and error serializer.
import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { logRedaction, privateErr } from "~/platform/log-privacy.server";

const NAME = "Zuleica Quaresma";
const EMAIL = "zuleica.quaresma@example.net";
const CPF = "529.982.247-25";
const PHONE = "(21) 99876-1234";
const SECRETS = [NAME, EMAIL, CPF, "52998224725", PHONE, "21998761234", "99876-1234", "998761234"];

function capture() {
  const lines: string[] = [];
  const out = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const log = pino({ redact: logRedaction, serializers: { err: privateErr } }, out);
  return { log, text: () => lines.join("") };
}

function expectNoGuestData(text: string) {
  expect(text).not.toBe("");
  for (const secret of SECRETS) expect(text, `the log holds ${secret}`).not.toContain(secret);
}

describe("the log's privacy", () => {
  it("censors a buyer, an order row and a provider's payer logged whole", () => {
    const { log, text } = capture();
    const order = { id: "o-1", buyerName: NAME, buyerEmail: EMAIL, buyerPhone: PHONE, buyerCpf: CPF };
    log.info({ buyer: { name: NAME, email: EMAIL, phone: PHONE, cpf: CPF } }, "buyer");
    log.info({ order }, "order");
    log.info(order, "order at the top");
    log.info({ payment: { payer: { email: EMAIL, identification: { number: CPF } } } }, "payment");
    log.info({ to: EMAIL, template: "receipt" }, "mail");
    expectNoGuestData(text());
    expect(text()).toContain('"id":"o-1"');
    expect(text()).toContain('"template":"receipt"');
  });

  it("keeps a webhook's destination, which is no address", () => {
    const { log, text } = capture();
    log.info({ provider: "sandbox", to: "platform" }, "webhook received");
    expect(JSON.parse(text())).toMatchObject({ provider: "sandbox", to: "platform" });
  });

  it("scrubs a failed query's parameters and a refused recipient out of an error", () => {
    const { log, text } = capture();
    const query = new DrizzleQueryError(
      'insert into "orders" ("buyer_name", "buyer_email") values ($1, $2)',
      [NAME, EMAIL, CPF.replace(/\D/g, ""), PHONE],
      new Error("duplicate key value violates unique constraint"),
    );
    log.error({ err: query }, "unhandled request error");
    const refused = Object.assign(
      new Error(`Can't send mail - all recipients were rejected: 550 <${EMAIL}>`),
      {
        rejected: [EMAIL],
        response: `550 5.1.1 <${EMAIL}>: user unknown`,
      },
    );
    log.warn({ err: refused, orderId: "o-1" }, "receipt not sent");
    log.warn({ err: new Error(`CPF ${CPF} refused for ${PHONE}`) }, "provider refused");
    expectNoGuestData(text());
    const [first] = text().split("\n");
    expect(JSON.parse(first ?? "{}").err.message).toContain('insert into "orders"');
    expect(text()).toContain("duplicate key value");
  });
});
