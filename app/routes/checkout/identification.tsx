import { data } from "react-router";
import { isPaymentMethod } from "~/lib/payment-method";
import { ScreenPlaceholder } from "~/ui/screen-placeholder";
import type { Route } from "./+types/identification";

export function loader({ params }: Route.LoaderArgs) {
  if (!isPaymentMethod(params.method)) throw data(null, { status: 404 });
  return null;
}

export function meta() {
  return [{ title: "Identificação" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Identificação" />;
}
