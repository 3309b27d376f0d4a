import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Criar reposição" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Criar reposição" />;
}
