import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Pagamento confirmado!" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Pagamento confirmado!" />;
}
