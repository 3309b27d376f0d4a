import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Finalizar Pedido" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Finalizar Pedido" />;
}
