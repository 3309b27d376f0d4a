/** A failure at start that the operator must fix; server.js prints its message without a stack trace. */
export class StartupError extends Error {
  readonly isStartupError = true;
}
