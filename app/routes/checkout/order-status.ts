import { refreshGuestOrder } from "~/domain/payments/refresh-order.server";
import type { Route } from "./+types/order-status";
import { checkoutContext, guestKey } from "./guest-checkout.server";

/**
 * GET /payments/{cartId}/status: where the guest's order stands, as the payment page polls it (every 10 s).
 * Asking also checks the order's charges with the provider, so a lost webhook never keeps a guest waiting.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = await checkoutContext(context);
  const order = await refreshGuestOrder(ctx, guestKey(request, context, params.cartId));
  if (!order) return Response.json({ status: null }, { status: 404 });
  return Response.json({ status: order.status });
}
