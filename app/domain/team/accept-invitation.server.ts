import { and, eq, gt } from "drizzle-orm";
import { insertConfirmedUser } from "~/platform/auth/create-user.server";
import { setActiveOrganization } from "~/platform/auth/member-sessions.server";
import type { Db } from "~/platform/db/database-handle.server";
import { invitation, member, organization, user } from "~/platform/db/schema";
import type { AccountContext } from "../account/account-context";
import { setCookies } from "../account/auth-errors.server";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { recordActivity } from "./activity.server";
import { invitationTokenHash } from "./invitation-token.server";
import { TEAM_TEXT as T } from "./messages";
import { roleLabel } from "./roles";
import { joinSchema } from "./schemas";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type InvitationView =
  | {
      state: "open";
      email: string;
      roleLabel: string;
      organizationName: string;
      inviterName: string;
      expiresAt: Date;
      /** Whether the address already has an account: sign in to join, instead of registering. */
      hasAccount: boolean;
    }
  | { state: "unknown" | "expired" | "canceled" | "used"; message: string };

const MESSAGES = {
  unknown: T.linkUnknown,
  expired: T.linkExpired,
  canceled: T.linkCanceled,
  used: T.linkUsed,
} as const;

async function findByToken(db: Db | Tx, token: string) {
  if (!token) return undefined;
  const [row] = await db
    .select({
      id: invitation.id,
      organizationId: invitation.organizationId,
      organizationName: organization.name,
      email: invitation.email,
      role: invitation.role,
      status: invitation.status,
      expiresAt: invitation.expiresAt,
      inviterName: user.name,
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .innerJoin(user, eq(user.id, invitation.inviterId))
    .where(eq(invitation.tokenHash, invitationTokenHash(token)));
  return row;
}

type Found = NonNullable<Awaited<ReturnType<typeof findByToken>>>;

type Closed = keyof typeof MESSAGES;

function stateOf(row: Found | undefined): "open" | Closed {
  if (!row) return "unknown";
  if (row.status === "accepted") return "used";
  if (row.status === "canceled") return "canceled";
  if (row.status !== "pending") return "unknown";
  return row.expiresAt > new Date() ? "open" : "expired";
}

/** What an invitation link shows: who invites, to what, as what; or why it no longer works. */
export async function openInvitation(db: Db, token: string): Promise<InvitationView> {
  const row = await findByToken(db, token);
  const state = stateOf(row);
  if (!row || state !== "open") {
    const closed: Closed = state === "open" ? "unknown" : state;
    return { state: closed, message: MESSAGES[closed] };
  }
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.email, row.email));
  return {
    state: "open",
    email: row.email,
    roleLabel: roleLabel(row.role ?? "staff"),
    organizationName: row.organizationName,
    inviterName: row.inviterName,
    expiresAt: row.expiresAt,
    hasAccount: Boolean(account),
  };
}

/**
 * Spends the link: one guarded update, so of two uses at once only one gets the invitation. Anything
 * else is refused with the reason the link page would give.
 */
async function claim(tx: Tx, token: string) {
  const found = await findByToken(tx, token);
  const [claimed] = found
    ? await tx
        .update(invitation)
        .set({ status: "accepted" })
        .where(
          and(
            eq(invitation.id, found.id),
            // A resend in between replaced the token: this link is no longer the invitation's.
            eq(invitation.tokenHash, invitationTokenHash(token)),
            eq(invitation.status, "pending"),
            gt(invitation.expiresAt, new Date()),
          ),
        )
        .returning({ id: invitation.id })
    : [];
  if (!found || !claimed) {
    const state = stateOf(await findByToken(tx, token));
    const reason = state === "open" ? "used" : state;
    throw new AppError(reason === "unknown" ? "not_found" : "conflict", MESSAGES[reason]);
  }
  return { ...found, role: found.role ?? "staff" };
}

async function addMember(
  tx: Tx,
  who: { userId: string; email: string },
  joined: Awaited<ReturnType<typeof claim>>,
) {
  await tx
    .insert(member)
    .values({ organizationId: joined.organizationId, userId: who.userId, role: joined.role })
    .onConflictDoNothing();
  await recordActivity(
    tx,
    { userId: who.userId, organizationId: joined.organizationId },
    "member.joined",
    who.email,
    {
      role: joined.role,
    },
  );
}

/**
 * Someone without an account registers from the link: name and password, the email is the invitation's
 * (the link proved it, so no confirmation email). They are signed in, acting in the inviting organization.
 */
export async function joinWithNewAccount(
  ctx: AccountContext,
  token: string,
  input: { name: string; password: string },
): Promise<{ setCookies: string[]; organizationId: string }> {
  const { name, password } = parseInput(joinSchema, input);
  const joined = await ctx.db.transaction(async (tx) => {
    const invited = await claim(tx, token);
    const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, invited.email));
    if (existing) throw new AppError("conflict", T.accountExists);
    const userId = await insertConfirmedUser(tx, { name, email: invited.email, password });
    await addMember(tx, { userId, email: invited.email }, invited);
    return invited;
  });
  // The new session starts in the user's first (and only) organization: the one that invited them.
  const { headers } = await ctx.auth.api.signInEmail({
    body: { email: joined.email, password, rememberMe: true },
    headers: ctx.headers,
    returnHeaders: true,
  });
  return { setCookies: setCookies(headers), organizationId: joined.organizationId };
}

/**
 * A signed-in person accepts an invitation made to their address; their session moves to that
 * organization. A link for another address is refused and stays usable.
 */
export async function joinAsSignedIn(
  db: Db,
  signedIn: { userId: string; email: string; sessionId: string },
  token: string,
): Promise<{ organizationId: string }> {
  return db.transaction(async (tx) => {
    const found = await findByToken(tx, token);
    if (found && found.email !== signedIn.email.toLowerCase()) {
      throw new AppError("forbidden", T.wrongAccount(found.email));
    }
    const invited = await claim(tx, token);
    await addMember(tx, signedIn, invited);
    await setActiveOrganization(tx, signedIn.sessionId, signedIn.userId, invited.organizationId);
    return { organizationId: invited.organizationId };
  });
}
