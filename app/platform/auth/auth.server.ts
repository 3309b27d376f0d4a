import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { betterAuth } from "better-auth/minimal";
import { organization } from "better-auth/plugins/organization";
import { memberAc, ownerAc } from "better-auth/plugins/organization/access";
import { authSecret } from "../auth-secret.server";
import { database } from "../db/database.server";
import type { Db } from "../db/database-handle.server";
import * as schema from "../db/schema";
import { type Env, env } from "../env.server";
import { type Logger, logger } from "../log.server";
import { type Mailer, mailer } from "../mail/mailer.server";
import { confirmationEmail, existingAccountEmail, recoveryEmail } from "../mail/templates.server";
import { throttleClear, throttleHit } from "../throttle.server";
import { ensureOwnOrganization, firstMembership } from "./organizations.server";
import { endResetLinks, isResetLink, RESET_LINK_IDENTIFIER, resetLinkKey } from "./reset-links.server";
import { AUTH_THROTTLES } from "./throttle-policies";

export const AUTH_BASE_PATH = "/api/auth";
const HOUR = 60 * 60;

type AuthDeps = { db: Db; config: Env; secret: string; mail: Mailer; log: Logger };

export function createAuth({ db, config, secret, mail, log }: AuthDeps) {
  // Sending is not awaited: an unknown address and a known one must answer alike and as fast.
  const deliver = (to: string, message: ReturnType<typeof confirmationEmail>, kind: string) => {
    mail.send({ to, ...message }).then(
      () => log.info({ kind, mailer: mail.kind }, "email sent"),
      (err) => log.error({ err, kind }, "email not sent"),
    );
  };

  return betterAuth({
    appName: "Estadia",
    baseURL: config.appUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        organization: schema.organization,
        member: schema.member,
        invitation: schema.invitation,
      },
    }),
    advanced: {
      database: { generateId: "uuid" },
      useSecureCookies: config.secureCookies,
      cookiePrefix: "estadia",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.secureCookies },
    },
    // Throttling is ours (app/platform/throttle.server.ts), counted in the database for every instance.
    rateLimit: { enabled: false },
    logger: {
      log: (level, message) => {
        if (level === "error") log.error(`better-auth: ${message}`);
        else if (level === "warn") log.warn(`better-auth: ${message}`);
        else log.debug(`better-auth: ${message}`);
      },
    },
    session: { expiresIn: 30 * 24 * HOUR, updateAge: 24 * HOUR },
    // Single-use tokens are stored as hashes, never as the text the emailed link carries.
    verification: {
      storeIdentifier: { default: "hashed", overrides: { [RESET_LINK_IDENTIFIER]: { hash: resetLinkKey } } },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: HOUR,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) =>
        deliver(user.email, recoveryEmail({ name: user.name, url }), "recovery"),
      // The form answers as for a new account (no enumeration); the address's owner is told by email,
      // a few times an hour at most.
      onExistingUserSignUp: async ({ user }) => {
        const { allowed } = await throttleHit(
          db,
          AUTH_THROTTLES.existingAccountMailPerAccount,
          user.email.toLowerCase(),
        );
        if (!allowed) return;
        deliver(
          user.email,
          existingAccountEmail({ name: user.name, url: `${config.appUrl}/auth` }),
          "existing-account",
        );
      },
      // The link used is spent; any other the user asked for ends too (a copy of an older email must
      // not set the password again).
      onPasswordReset: async ({ user }) => {
        await endResetLinks(db, user.id);
        await throttleClear(db, AUTH_THROTTLES.signInPerAccount, user.email.toLowerCase());
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 24 * HOUR,
      sendVerificationEmail: async ({ user, url }) =>
        deliver(user.email, confirmationEmail({ name: user.name, url }), "confirmation"),
    },
    databaseHooks: {
      // A new reset link ends the ones asked for before: only the latest email works.
      verification: {
        create: {
          after: async (row) => {
            if (isResetLink(row)) await endResetLinks(db, row.value, row.id);
          },
        },
      },
      user: {
        create: {
          after: async (user) => {
            await ensureOwnOrganization(db, user);
          },
        },
      },
      session: {
        create: {
          // Every session starts in the user's organization (created on the spot if a hook failed before).
          before: async (session) => {
            const membership =
              (await firstMembership(db, session.userId)) ??
              (await ensureOwnOrganization(db, { id: session.userId, name: "" }));
            return { data: { ...session, activeOrganizationId: membership.organizationId } };
          },
        },
      },
    },
    plugins: [
      organization({
        roles: { owner: ownerAc, manager: memberAc, staff: memberAc },
        creatorRole: "owner",
        allowUserToCreateOrganization: false,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const state = globalThis as typeof globalThis & { __estadiaAuth?: Promise<Auth> };

/** The process's better-auth instance, made on first use with the process's database. */
export function auth(): Promise<Auth> {
  state.__estadiaAuth ??= database().then(({ db }) => {
    const config = env();
    return createAuth({ db, config, secret: authSecret(), mail: mailer(config), log: logger() });
  });
  return state.__estadiaAuth;
}
