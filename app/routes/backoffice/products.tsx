import { BackofficePlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Gerenciar Produtos" }];
}

export default function Screen() {
  return <BackofficePlaceholder title="Gerenciar Produtos" />;
}
