import { BackofficePlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Estoque" }];
}

export default function Screen() {
  return <BackofficePlaceholder title="Estoque" />;
}
