import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Gerenciar Produtos do Imóvel" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Gerenciar Produtos do Imóvel" />;
}
