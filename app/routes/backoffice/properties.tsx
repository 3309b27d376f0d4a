import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Gerenciar Imóveis" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Gerenciar Imóveis" />;
}
