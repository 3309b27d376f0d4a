import { createHmac, timingSafeEqual } from "node:crypto";
import { isUuid } from "~/lib/uuid";
import { authSecret } from "~/platform/auth-secret.server";

/**
 * The receipt's link to the guest's own data request (issue 24): `/meus-dados/{orderId}.{signature}`. Only
 * the receipt (sent to the buyer's email) carries it, so holding it stands for holding that mailbox; the
 * page still asks the guest to type the email, which must match the order's.
 */
export function dataRequestPath(orderId: string): string {
  return `/meus-dados/${orderId}.${signature(orderId)}`;
}

/** The order a link's token stands for, or null for anything not signed by us. */
export function orderIdOfDataRequestToken(token: string): string | null {
  const [orderId = "", given = ""] = token.split(".");
  if (!isUuid(orderId)) return null;
  const expected = Buffer.from(signature(orderId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? orderId : null;
}

function signature(orderId: string): string {
  return createHmac("sha256", authSecret())
    .update(`guest-data-request:${orderId}`)
    .digest("base64url")
    .slice(0, 32);
}
