import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type CloudApiFake,
  createCloudApiFake,
  type FakeMessage,
  type FakeStatus,
} from "~/platform/whatsapp/cloud-api-fake.server";
import { type LoggedRequest, readJsonRequest } from "./fake-http";

// The WhatsApp Business Cloud API fake (app/platform/whatsapp/cloud-api-fake.server.ts: Meta's requests,
// answers and errors) served over HTTP on this machine, for tests: point WHATSAPP_API_URL (or the api's
// config) at `url`. Test controls are plain methods; status webhooks are sent signed when the test says.

export const WHATSAPP_TEST_CONFIG = {
  token: "EAAG-test-token-0123456789",
  phoneNumberId: "106540352242922",
  appSecret: "test-app-secret-0123456789abcdef",
  verifyToken: "test-verify-token-0123",
};

export type WhatsAppFake = Omit<CloudApiFake, "handle"> & {
  /** The API base, as WHATSAPP_API_URL takes it. */
  url: string;
  requests: LoggedRequest[];
  /** The messages sent to this number (digits), oldest first. */
  to(number: string): FakeMessage[];
  /** POSTs the message's status webhook, signed, to the app's /webhooks/whatsapp; its answer. */
  notify(appUrl: string, wamid: string, status: FakeStatus): Promise<Response>;
  close(): Promise<void>;
};

export async function startWhatsAppFake(
  options: {
    token?: string;
    phoneNumberId?: string;
    appSecret?: string;
    perSecond?: number;
    now?: () => Date;
  } = {},
): Promise<WhatsAppFake> {
  const api = createCloudApiFake({
    token: options.token ?? WHATSAPP_TEST_CONFIG.token,
    phoneNumberId: options.phoneNumberId ?? WHATSAPP_TEST_CONFIG.phoneNumberId,
    appSecret: options.appSecret ?? WHATSAPP_TEST_CONFIG.appSecret,
    perSecond: options.perSecond,
    now: options.now,
  });
  const requests: LoggedRequest[] = [];
  const server = createServer(async (req, res) => {
    const request = await readJsonRequest(req);
    requests.push(request);
    const answer = api.handle({
      method: request.method,
      path: request.path.replace(/^\/v\d+\.\d+/, ""),
      authorization: request.headers.authorization ?? null,
      body: request.text,
    });
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const { handle: _, ...controls } = api;
  return {
    ...controls,
    messages: api.messages,
    url: `http://127.0.0.1:${port}/v25.0`,
    requests,
    to: (number) => api.messages.filter((m) => m.to === number.replace(/\D/g, "")),
    async notify(appUrl, wamid, status) {
      const { body, headers } = api.advance(wamid, status);
      return fetch(`${appUrl}/webhooks/whatsapp`, { method: "POST", headers, body });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
