import { randomBytes } from "node:crypto";
import { signWebhook, webhookSignatureHolds } from "./webhook-signature";

// How the offline sandboxes (payments and payouts) notify the app: as Mercado Pago does, a POST with
// `?data.id=` in the URL, `x-request-id`, and `x-signature` signed with the sandbox's secret.

export type Notification = { url: string; headers: Headers; body: string };

/** The signed notification about `dataId`, ready to send (or to hand to a test as a request). */
export function sandboxNotification(input: {
  secret: string;
  notificationUrl: string;
  dataId: string;
  query?: Record<string, string>;
  body: Record<string, unknown>;
  now?: Date;
}): Notification {
  const requestId = randomBytes(16).toString("hex");
  const url = new URL(input.notificationUrl);
  url.searchParams.set("data.id", input.dataId);
  for (const [k, v] of Object.entries(input.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers({
    "content-type": "application/json",
    "x-request-id": requestId,
    "x-signature": signWebhook({ secret: input.secret, dataId: input.dataId, requestId, now: input.now }),
  });
  return { url: url.toString(), headers, body: JSON.stringify(input.body) };
}

/** Sends it to the app over HTTP, like a real provider; the app's answer status. */
export async function sendNotification({ url, headers, body }: Notification): Promise<number> {
  const res = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(22_000) });
  await res.body?.cancel();
  return res.status;
}

/**
 * A received notification's JSON body, the id it is about and its own event id (its body's `id`, or the id
 * and the request's id when it has none), when its signature holds and the body is about the same id as the
 * signed query (`idIn` reads it from the body); null otherwise.
 */
export function verifiedNotification(
  secret: string,
  request: { headers: Headers; query: URLSearchParams; body: string },
  idIn: (body: Record<string, unknown>) => unknown,
): { dataId: string; eventId: string; body: Record<string, unknown> } | null {
  const dataId = request.query.get("data.id");
  const requestId = request.headers.get("x-request-id");
  const holds = webhookSignatureHolds({
    secret,
    signature: request.headers.get("x-signature"),
    dataId,
    requestId,
  });
  if (!holds || !dataId) return null;
  try {
    const body = JSON.parse(request.body) as Record<string, unknown>;
    if (String(idIn(body) ?? "") !== dataId) return null;
    const own = typeof body.id === "string" || typeof body.id === "number" ? String(body.id) : "";
    return { dataId, eventId: own || `${dataId}:${requestId ?? ""}`, body };
  } catch {
    return null;
  }
}
