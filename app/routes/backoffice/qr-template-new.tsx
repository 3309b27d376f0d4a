import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Novo Template" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Novo Template" />;
}
