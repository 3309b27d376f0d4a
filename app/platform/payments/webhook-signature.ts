import { createHmac, timingSafeEqual } from "node:crypto";

// Mercado Pago's webhook signature, which the sandbox uses too so one code path is exercised:
// header `x-signature: ts=<seconds>,v1=<hex>`, HMAC-SHA256 with the app's secret over the manifest
// `id:<data.id of the query>;request-id:<x-request-id>;ts:<ts>;`, parts that are missing left out.

/** Replays older than this are refused even with a valid signature. */
export const WEBHOOK_TOLERANCE_SECONDS = 10 * 60;

function manifest(dataId: string | null, requestId: string | null, ts: string): string {
  // Mercado Pago lowercases an alphanumeric data.id before signing.
  const parts = [
    dataId ? `id:${dataId.toLowerCase()}` : null,
    requestId ? `request-id:${requestId}` : null,
    `ts:${ts}`,
  ];
  return `${parts.filter(Boolean).join(";")};`;
}

function hmac(secret: string, text: string): string {
  return createHmac("sha256", secret).update(text).digest("hex");
}

/** The x-signature header a provider sends for this notification. */
export function signWebhook(input: {
  secret: string;
  dataId: string | null;
  requestId: string | null;
  now?: Date;
}): string {
  const ts = String(Math.floor((input.now ?? new Date()).getTime() / 1000));
  return `ts=${ts},v1=${hmac(input.secret, manifest(input.dataId, input.requestId, ts))}`;
}

/** Whether the x-signature header holds for this notification, in constant time, and is recent. */
export function webhookSignatureHolds(input: {
  secret: string;
  signature: string | null;
  dataId: string | null;
  requestId: string | null;
  now?: Date;
}): boolean {
  if (!input.signature || !input.secret) return false;
  let ts: string | undefined;
  let v1: string | undefined;
  for (const part of input.signature.split(",")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const key = part.slice(0, at).trim().toLowerCase();
    const value = part.slice(at + 1).trim();
    if (key === "ts") ts = value;
    else if (key === "v1") v1 = value;
  }
  if (!ts || !v1 || !/^\d{1,12}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  const expected = Buffer.from(hmac(input.secret, manifest(input.dataId, input.requestId, ts)), "hex");
  if (!timingSafeEqual(expected, Buffer.from(v1, "hex"))) return false;
  const drift = Math.abs((input.now ?? new Date()).getTime() / 1000 - Number(ts));
  return drift <= WEBHOOK_TOLERANCE_SECONDS;
}
