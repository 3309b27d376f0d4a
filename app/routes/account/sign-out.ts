import { signOutEverywhere } from "~/domain/account/sign-out.server";
import { requestContext } from "~/platform/request-context";
import type { Route } from "./+types/sign-out";
import { accountContext, redirectWith } from "./account-context.server";

// Only the back office's 'Sair' form posts here; a GET is a stray link.
export function loader() {
  return redirectWith("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = await accountContext(request, context);
  try {
    const { setCookies } = await signOutEverywhere(ctx);
    return redirectWith("/", { setCookies, flash: "logout-ok" });
  } catch (err) {
    context.get(requestContext).log.error({ err }, "sign-out failed");
    return redirectWith("/dashboard", { flash: "logout-error" });
  }
}
