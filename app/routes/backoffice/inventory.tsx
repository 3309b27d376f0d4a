import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Estoque" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Estoque" />;
}
