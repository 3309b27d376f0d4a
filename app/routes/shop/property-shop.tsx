import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Loja do imóvel" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Loja do imóvel" />;
}
