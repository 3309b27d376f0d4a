import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Vendas" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Vendas" />;
}
