import { BackofficePlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Novo Template" }];
}

export default function Screen() {
  return <BackofficePlaceholder title="Novo Template" />;
}
