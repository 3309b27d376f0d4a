import { BackofficePlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Gerenciar Produtos do Imóvel" }];
}

export default function Screen() {
  return <BackofficePlaceholder title="Gerenciar Produtos do Imóvel" />;
}
