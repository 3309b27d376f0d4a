import { AppError } from "../errors";
import { tooManyAttempts } from "./messages";

/** `detail.reason` of a sign-in held back until the e-mail is confirmed: the screen offers a new link. */
export const NEEDS_CONFIRMATION = "needs_confirmation";

/** `detail.reason` of a reset from a used, expired or unknown link: the screen sends the person to ask again. */
export const LINK_UNUSABLE = "link_unusable";

/** An attempt past a throttle's limit, with the wait the answer's Retry-After carries. */
export function throttled(retryAfterSeconds: number): AppError {
  return new AppError("rate_limited", tooManyAttempts(retryAfterSeconds), undefined, { retryAfterSeconds });
}
