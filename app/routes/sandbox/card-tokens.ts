import { accountProviders } from "~/platform/payments/account-providers.server";
import { ProviderError } from "~/platform/payments/provider";
import { postOnly } from "../post-only";
import type { Route } from "./+types/card-tokens";

const NOT_JSON = "Corpo inválido: envie um objeto JSON.";

/**
 * POST /sandbox/v1/card_tokens: the offline sandbox's tokenize endpoint, standing where Mercado Pago's own
 * (called by its browser script) would. It belongs to the provider, not to our checkout: it keeps the last
 * four digits and the brand, and answers a single-use token. Only where the sandbox is offered.
 */
export async function action({ request }: Route.ActionArgs) {
  const sandbox = (await accountProviders()).sandbox()?.payments;
  if (!sandbox) return new Response(null, { status: 404 });
  const card: unknown = await request.json().catch(() => null);
  if (!isObject(card)) return Response.json({ message: NOT_JSON }, { status: 400 });
  try {
    const token = await sandbox.tokenize({
      number: card.card_number,
      holderName: isObject(card.cardholder) ? card.cardholder.name : undefined,
      expiryMonth: card.expiration_month,
      expiryYear: card.expiration_year,
      cvv: card.security_code,
    });
    return Response.json(
      { id: token.id, last_four_digits: token.lastFour, payment_method_id: token.brand, status: "active" },
      { status: 201 },
    );
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    return Response.json({ message: err.message, cause: err.code }, { status: 400 });
  }
}

export const loader = postOnly;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
