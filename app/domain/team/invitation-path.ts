/** The page an invitation link opens. The token rides in the query: request logs record paths only. */
export function invitationPath(token: string): string {
  return `/convite?token=${encodeURIComponent(token)}`;
}
