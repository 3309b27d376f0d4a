import { BackofficePlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Criar reposição" }];
}

export default function Screen() {
  return <BackofficePlaceholder title="Criar reposição" />;
}
