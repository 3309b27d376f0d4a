import { BackofficePlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Gerenciar Templates de QR Code" }];
}

export default function Screen() {
  return <BackofficePlaceholder title="Gerenciar Templates de QR Code" />;
}
