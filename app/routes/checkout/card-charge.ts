import { refusalOf } from "~/domain/errors";
import { payByCard } from "~/domain/payments/pay-by-card.server";
import { guestMessages, translateFromPortuguese } from "~/lib/i18n/messages";
import { requestLocale } from "~/lib/i18n/request-locale";
import { postOnly } from "../post-only";
import { statusOf } from "../refusal.server";
import type { Route } from "./+types/card-charge";
import { checkoutContext, guestKey } from "./guest-checkout.server";

export type CardChargeAnswer =
  | { ok: true; status: string; next: string }
  /** The issuer's 3-D Secure challenge: framed on the card page, which then polls `statusUrl`. */
  | {
      ok: true;
      status: "challenge";
      challenge: { url: string; creq: string };
      statusUrl: string;
      next: string;
    }
  | { ok: false; message: string; detail?: string };

/**
 * POST /payments/{cartId}/credit_card/charge: the card step's script sends the provider's token (never the
 * card) and gets JSON back: where to go next, or why the card was refused, in the guest's language.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const locale = requestLocale(request.headers);
  const failed = guestMessages(locale).checkout.errors.cardFailed;
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
    if (paid.status === "failed") {
      const message = paid.reason ? translateFromPortuguese(locale, paid.reason) : failed;
      return answer({ ok: false, message }, 402);
    }
    if (paid.challenge) {
      const statusUrl = `${base}/status`;
      return answer(
        { ok: true, status: "challenge", challenge: paid.challenge, statusUrl, next: `${base}/success` },
        200,
      );
    }
    const next = paid.status === "paid" ? `${base}/success` : `${base}/credit_card/payment`;
    return answer({ ok: true, status: paid.status, next }, 200);
  } catch (err) {
    const refusal = refusalOf(err);
    const said = translateFromPortuguese(locale, refusal.message);
    const detail = said === failed ? undefined : said;
    return answer({ ok: false, message: failed, detail }, statusOf(refusal));
  }
}

export const loader = postOnly;
