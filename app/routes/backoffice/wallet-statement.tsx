import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Extrato da carteira" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Extrato da carteira" />;
}
