import { requestContext } from "~/platform/request-context";
import type { Route } from "./+types/cart-api";
import { changeGuestCart } from "./cart-changes.server";

/**
 * POST /api/cart: the guest script's cart changes (same form fields as the pages' forms), answered with
 * JSON: the cart as the server now holds it, or the refusal to show.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { result, status, setCookie } = await changeGuestCart(
    request,
    form,
    context.get(requestContext).clientIp,
  );
  return Response.json(result, {
    status,
    headers: setCookie ? { "Set-Cookie": setCookie } : {},
  });
}
