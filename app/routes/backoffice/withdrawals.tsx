import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Saques" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Saques" />;
}
