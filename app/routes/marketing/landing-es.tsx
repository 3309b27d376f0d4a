import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Estadia — ventas para anfitriones de alquiler temporario" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Estadia — ventas para anfitriones de alquiler temporario" />;
}
