import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Estadia — automatize seu negócio de temporada" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Estadia — automatize seu negócio de temporada" />;
}
