import { BackofficePlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Vendas" }];
}

export default function Screen() {
  return <BackofficePlaceholder title="Vendas" />;
}
