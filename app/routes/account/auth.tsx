import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Acesse sua conta" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Acesse sua conta" />;
}
