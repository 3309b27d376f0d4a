import { auth } from "~/platform/auth/auth.server";
import type { Route } from "./+types/auth";

/**
 * better-auth's HTTP handler, opened only for the links we email: email confirmation and the recovery
 * link's token check. Signing in, up and out go through our own forms (app/routes/account), which add
 * throttling and pt-BR messages; leaving better-auth's endpoints open would be a second, unthrottled door.
 */
const OPEN_PATHS = [/^\/api\/auth\/verify-email$/, /^\/api\/auth\/reset-password\/[^/]+$/];

// The recovery link carries its token in the path: the request log writes the route's pattern instead.
export const handle = { secretPath: true };

async function answer(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (request.method !== "GET" || !OPEN_PATHS.some((p) => p.test(pathname))) {
    return new Response("Not Found", { status: 404 });
  }
  return (await auth()).handler(request);
}

export function loader({ request }: Route.LoaderArgs) {
  return answer(request);
}

export function action({ request }: Route.ActionArgs) {
  return answer(request);
}
