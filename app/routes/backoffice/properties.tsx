import { BackofficePlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Gerenciar Imóveis" }];
}

export default function Screen() {
  return <BackofficePlaceholder title="Gerenciar Imóveis" />;
}
