import { BackofficePlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Gerenciar Categorias de Produto" }];
}

export default function Screen() {
  return <BackofficePlaceholder title="Gerenciar Categorias de Produto" />;
}
