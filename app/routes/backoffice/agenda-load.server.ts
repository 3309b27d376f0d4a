import { data } from "react-router";
import { refusalOf } from "~/domain/errors";
import { readAgenda } from "~/domain/stays/read-agenda.server";
import type { Actor } from "~/domain/team/permissions";
import { saoPauloDay } from "~/lib/dates";
import type { Db } from "~/platform/db/database-handle.server";

/**
 * The month a page asked for (?mes=2026-12), for the organization or one property. Another organization's
 * property is the 404 page, exactly like one that never existed.
 */
export async function loadAgenda(db: Db, actor: Actor, query: URLSearchParams, propertyId: string | null) {
  const today = saoPauloDay(new Date());
  try {
    const agenda = await readAgenda(db, actor, { month: query.get("mes"), propertyId, today });
    return { agenda, today };
  } catch (err) {
    if (refusalOf(err).kind === "not_found") throw data(null, { status: 404 });
    throw err;
  }
}
