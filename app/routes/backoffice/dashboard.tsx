import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Dashboard" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Dashboard" />;
}
