import type { Auth } from "~/platform/auth/auth.server";
import type { Db } from "~/platform/db/database-handle.server";

/** What an account operation needs from the request it serves. */
export type AccountContext = {
  auth: Auth;
  db: Db;
  /** The request's headers: better-auth reads the session cookie from them. */
  headers: Headers;
  /** Client IP, for throttling. */
  ip: string;
};
