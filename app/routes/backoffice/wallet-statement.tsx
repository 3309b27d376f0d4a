import { BackofficePlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Extrato da carteira" }];
}

export default function Screen() {
  return <BackofficePlaceholder title="Extrato da carteira" />;
}
