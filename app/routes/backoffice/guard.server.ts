import { createContext, type MiddlewareFunction, redirect } from "react-router";
import { type Actor, isRole } from "~/domain/team/permissions";
import { signInPath } from "~/lib/return-to";
import { readSession } from "~/platform/auth/session.server";
import { requestContext } from "~/platform/request-context";
import { servicesContext, servicesFor } from "./services.server";

export type Backoffice = {
  actor: Actor;
  /** The session making the request (switching organization, or a team change that spares it). */
  sessionId: string;
  user: { name: string; email: string };
  organizationName: string;
  /** Every organization the person belongs to; the avatar menu switches between them. */
  organizations: { id: string; name: string }[];
};

/** Set by the back-office layout's guard for every route under it. */
export const backofficeContext = createContext<Backoffice>();

/**
 * Runs on the server before any back-office loader or action: no session, no data. The visitor goes to
 * /auth and is brought back to the page they asked for after signing in. The membership (and so the role)
 * is read again on every request: a removed member is refused at once, a new role applies at once. The
 * request's services (services.server.ts) are set here too: no back-office route builds a context itself.
 */
export const backofficeGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const signedIn = await readSession(request);
  if (!signedIn || !isRole(signedIn.membership.role)) {
    const url = new URL(request.url);
    throw redirect(signInPath(`${url.pathname}${url.search}`));
  }
  context.set(backofficeContext, {
    actor: {
      userId: signedIn.user.id,
      organizationId: signedIn.membership.organizationId,
      role: signedIn.membership.role,
    },
    sessionId: signedIn.sessionId,
    user: { name: signedIn.user.name, email: signedIn.user.email },
    organizationName: signedIn.membership.organizationName,
    organizations: signedIn.memberships.map((m) => ({ id: m.organizationId, name: m.organizationName })),
  });
  context.set(servicesContext, await servicesFor(context.get(requestContext).log));
  return next();
};
