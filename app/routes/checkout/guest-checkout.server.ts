import type { RouterContextProvider } from "react-router";
import { data } from "react-router";
import { paymentsContext } from "~/domain/payments/payments-context.server";
import { isPaymentMethod, type PaymentMethod } from "~/lib/payment-method";
import { requestContext } from "~/platform/request-context";
import { readDeviceId } from "../shop/device-cookie.server";

/** The payment method of a checkout URL, or a 404. */
export function methodOf(params: { method?: string }): PaymentMethod {
  if (!isPaymentMethod(params.method)) throw data(null, { status: 404 });
  return params.method;
}

/** The guest's key to their checkout: the cart in the URL, the device in the cookie, the client address. */
export function guestKey(
  request: Request,
  context: Readonly<RouterContextProvider>,
  cartId: string | undefined,
) {
  return {
    cartId: cartId ?? "",
    deviceId: readDeviceId(request) ?? "",
    ip: context.get(requestContext).clientIp,
  };
}

/** The payments context of this request (its logger carries the request id). */
export function checkoutContext(context: Readonly<RouterContextProvider>) {
  return paymentsContext(context.get(requestContext).log);
}
