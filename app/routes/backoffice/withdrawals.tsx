import { BackofficePlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Saques" }];
}

export default function Screen() {
  return <BackofficePlaceholder title="Saques" />;
}
