import { BackofficePlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Reposição" }];
}

export default function Screen() {
  return <BackofficePlaceholder title="Reposição" />;
}
