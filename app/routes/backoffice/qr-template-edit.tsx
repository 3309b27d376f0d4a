import { BackofficePlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Editar Template" }];
}

export default function Screen() {
  return <BackofficePlaceholder title="Editar Template" />;
}
