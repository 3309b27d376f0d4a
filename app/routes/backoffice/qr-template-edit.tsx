import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Editar Template" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Editar Template" />;
}
