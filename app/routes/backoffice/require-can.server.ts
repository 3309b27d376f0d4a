import { data } from "react-router";
import { type Action, type Actor, can } from "~/domain/team/permissions";
import type { ForbiddenPage } from "./forbidden";

/**
 * A loader's permission check: a role that may not do `action` gets the page's 403, rendered once by the
 * back-office error boundary (routes/backoffice/layout.tsx) inside the side navigation.
 */
export function requireCan(actor: Actor, action: Action, page: ForbiddenPage): void {
  if (!can(actor, action)) throw data({ forbidden: page }, { status: 403 });
}
