/**
 * A failure at start that the operator must fix; its message is printed without a stack trace.
 * server.js is plain JS loading another bundle, so it recognises these by the marker, not instanceof.
 */
export class StartupError extends Error {
  readonly isStartupError = true;
}
