import { data } from "react-router";
import { refusalOf } from "~/domain/errors";
import { switchOrganization } from "~/domain/team/switch-organization.server";
import { formText } from "~/lib/form-text";
import { redirectWith } from "../account/account-context.server";
import { postOnly } from "../post-only";
import { statusOf } from "../refusal.server";
import type { Route } from "./+types/switch-organization";
import { backofficeContext } from "./guard.server";
import { servicesContext } from "./services.server";

/** The avatar menu's organization choice: the session acts in it from the next page on. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor, sessionId } = context.get(backofficeContext);
  const form = await request.formData();
  const { db } = context.get(servicesContext);
  try {
    await switchOrganization(db, { userId: actor.userId, sessionId }, formText(form, "organizationId"));
  } catch (err) {
    throw data(refusalOf(err).message, { status: statusOf(err) });
  }
  return redirectWith("/dashboard", { flash: "organization-switched" });
}

/** A GET is 405: this address only answers the form's POST. */
export const loader = postOnly;
