import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Reposição" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Reposição" />;
}
