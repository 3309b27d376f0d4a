import type { WhatsAppConfig } from "../env.server";
import {
  type CloudApiFake,
  createCloudApiFake,
  type FakeStatus,
  finalStatusFor,
} from "./cloud-api-fake.server";

// The Cloud API fake the dev server mounts under /dev/whatsapp (never in production), so a developer sees on
// /dev/outbox what reached each phone. It takes the token the server was started with and, like Meta,
// tells the app how each message went by signed webhooks to /webhooks/whatsapp: 'sent', then 'delivered'
// (or 'failed', code 131026, for a number ending in 0000: "not on WhatsApp"). What it received is kept in
// this process's memory until the server restarts.

const STEP_MS = 300;

let fake: { key: string; fake: CloudApiFake } | undefined;

/** The process's fake for this configuration (made at the first request). */
export function devCloudApiFake(config: WhatsAppConfig): CloudApiFake {
  const key = `${config.token}\n${config.phoneNumberId}\n${config.appSecret}`;
  if (fake?.key !== key) {
    fake = {
      key,
      fake: createCloudApiFake({
        token: config.token,
        phoneNumberId: config.phoneNumberId,
        appSecret: config.appSecret,
      }),
    };
  }
  return fake.fake;
}

/** The messages the fake received, newest first; none when it was never used. */
export function devFakeMessages() {
  return [...(fake?.fake.messages ?? [])].reverse();
}

/** Answers a request to /dev/whatsapp/…, and sends the app the statuses of a message it accepted. */
export function answerDevFake(
  config: WhatsAppConfig,
  appUrl: string,
  request: { method: string; path: string; authorization: string | null; body: string },
  log: { warn(obj: unknown, msg: string): void },
) {
  const api = devCloudApiFake(config);
  const before = api.messages.length;
  const answer = api.handle(request);
  const accepted = api.messages[before];
  if (accepted) {
    if (accepted.to.endsWith("0000")) api.notOnWhatsApp(accepted.to);
    const steps: FakeStatus[] = api.isOnWhatsApp(accepted.to)
      ? ["sent", finalStatusFor(api, accepted)]
      : ["failed"];
    steps.forEach((status, i) => {
      setTimeout(
        () => {
          const { body, headers } = api.advance(accepted.wamid, status);
          fetch(`${appUrl}/webhooks/whatsapp`, { method: "POST", headers, body }).catch((err) =>
            log.warn({ err }, "dev WhatsApp fake: status webhook not delivered"),
          );
        },
        STEP_MS * (i + 1),
      ).unref();
    });
  }
  return answer;
}
