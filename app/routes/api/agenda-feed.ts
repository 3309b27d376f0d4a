import { agendaFeedCalendar } from "~/domain/stays/agenda-feed.server";
import { database } from "~/platform/db/database.server";
import type { Route } from "./+types/agenda-feed";

// Says nothing about why: an unknown, renewed or malformed token are the same 404.
const notFound = () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });

// The token in the address is the key: the request log writes the route's pattern instead.
export const handle = { secretPath: true };

/**
 * The organization's secret calendar of turnovers and restocking runs (issue 23), for the cleaning team's
 * phone: public, no session, the token is the key. '/agenda/feed/<token>.ics'.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const token = (params.token ?? "").replace(/\.ics$/, "");
  const { db } = await database();
  const calendar = await agendaFeedCalendar(db, token);
  if (calendar === null) return notFound();
  return new Response(calendar, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="agenda.ics"',
      "Cache-Control": "private, max-age=300",
    },
  });
}
