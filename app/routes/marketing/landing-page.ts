/**
 * A landing page's route says `handle.landingPage`: its document is lightened for the first paint
 * (stylesheet inline, hydration after load: landing-document.server.ts, ADR 0011).
 */
export function isLandingPage(handles: unknown[]): boolean {
  return handles.some((h) => (h as { landingPage?: unknown } | undefined)?.landingPage === true);
}
