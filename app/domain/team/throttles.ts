import type { ThrottlePolicy } from "~/platform/throttle.server";

// Each invitation (or resend) is an email to any address: an organization sends at most 20 an hour.
export const TEAM_THROTTLES = {
  invitationsPerOrganization: { name: "team-invitations-org", limit: 20, windowSeconds: 60 * 60 },
} as const satisfies Record<string, ThrottlePolicy>;
