import { ScreenPlaceholder } from "~/ui/screen-placeholder";

export function meta() {
  return [{ title: "Redefinir Senha" }];
}

export default function Screen() {
  return <ScreenPlaceholder title="Redefinir Senha" />;
}
