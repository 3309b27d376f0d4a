import { data, useLocation } from "react-router";
import { requestContext } from "~/platform/request-context";
import { NotFound } from "~/ui/not-found";
import type { Route } from "./+types/not-found";

export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  context.get(requestContext).log.warn({ path: pathname }, "page not found");
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Página não encontrada — Estadia" }, { name: "robots", content: "noindex" }];
}

export default function NotFoundScreen() {
  return <NotFound path={useLocation().pathname} />;
}
