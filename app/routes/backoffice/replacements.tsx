import { BackofficePlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Reposições" }];
}

export default function Screen() {
  return <BackofficePlaceholder title="Reposições" />;
}
