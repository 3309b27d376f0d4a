import { refusalOf } from "~/domain/errors";
import { payByCard } from "~/domain/payments/pay-by-card.server";
import { CARD_TEXT } from "~/lib/card";
import { statusOf } from "../refusal.server";
import type { Route } from "./+types/card-charge";
import { checkoutContext, guestKey } from "./guest-checkout.server";

export type CardChargeAnswer =
  | { ok: true; status: string; next: string }
  | { ok: false; message: string; detail?: string };

/**
 * POST /payments/{cartId}/credit_card/charge: the card step's script sends the provider's token (never the
 * card) and gets JSON back: where to go next, or why the card was refused.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value.trim() ? value.trim().slice(0, 200) : null;
  };
  const base = `/payments/${params.cartId}`;
  const answer = (body: CardChargeAnswer, status: number) => Response.json(body, { status });
  try {
    const paid = await payByCard(await checkoutContext(context), {
      ...guestKey(request, context, params.cartId),
      token: text("token") ?? "",
      paymentMethodId: text("paymentMethodId"),
      issuerId: text("issuerId"),
    });
    // A refused card: its reason and what to do, as the one message (nothing generic before it).
    if (paid.status === "failed") return answer({ ok: false, message: paid.reason ?? CARD_TEXT.failed }, 402);
    const next = paid.status === "paid" ? `${base}/success` : `${base}/credit_card/payment`;
    return answer({ ok: true, status: paid.status, next }, 200);
  } catch (err) {
    const refusal = refusalOf(err);
    const detail = refusal.message === CARD_TEXT.failed ? undefined : refusal.message;
    return answer({ ok: false, message: CARD_TEXT.failed, detail }, statusOf(refusal));
  }
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
