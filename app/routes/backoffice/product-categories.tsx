import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Gerenciar Categorias de Produto" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Gerenciar Categorias de Produto" />;
}
