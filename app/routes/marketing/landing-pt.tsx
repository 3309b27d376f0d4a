import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Estadia — vendas para anfitriões de temporada" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Estadia — vendas para anfitriões de temporada" />;
}
