import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Gerenciar Produtos" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Gerenciar Produtos" />;
}
