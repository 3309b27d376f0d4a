import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Estadia — sales for short-term rental hosts" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Estadia — sales for short-term rental hosts" />;
}
