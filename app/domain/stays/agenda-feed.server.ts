import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { addDays, saoPauloDay } from "~/lib/dates";
import { type AllDayEvent, writeCalendar } from "~/lib/ics-writer";
import { OPEN_REPLACEMENT_STATUSES } from "~/lib/replacement-status";
import type { Db } from "~/platform/db/database-handle.server";
import {
  agendaFeedTokens,
  organization,
  properties,
  replacementItems,
  replacements,
} from "~/platform/db/schema";
import { type Actor, assertCan } from "../team/permissions";
import { AGENDA_TEXT as T } from "./agenda-messages";
import { occupyingStays, turnoversAcross } from "./occupying-stays.server";

/** How far ahead the cleaning team's calendar lists turnovers. */
export const FEED_DAYS = 90;

/** 128 random bits, base64url (22 characters), like a shop's hash: the address cannot be guessed. */
const newToken = () => randomBytes(16).toString("base64url");

/** Whether a string could be a token we issued; anything else is not looked up at all. */
export function looksLikeFeedToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(value);
}

/** The feed's path; '.ics' at the end helps calendar apps recognise it. */
export const agendaFeedPath = (token: string) => `/agenda/feed/${token}.ics`;

/** The organization's feed token, made on first use. */
export async function agendaFeedToken(db: Db, actor: Actor): Promise<string> {
  assertCan(actor, "stays.read");
  await db
    .insert(agendaFeedTokens)
    .values({ organizationId: actor.organizationId, token: newToken() })
    .onConflictDoNothing({ target: agendaFeedTokens.organizationId });
  const [row] = await db
    .select({ token: agendaFeedTokens.token })
    .from(agendaFeedTokens)
    .where(eq(agendaFeedTokens.organizationId, actor.organizationId));
  if (!row) throw new Error("agenda feed token missing after insert");
  return row.token;
}

/** A new token: the old address stops working at once. */
export async function renewAgendaFeedToken(db: Db, actor: Actor): Promise<string> {
  assertCan(actor, "stays.manage");
  const token = newToken();
  await db
    .insert(agendaFeedTokens)
    .values({ organizationId: actor.organizationId, token })
    .onConflictDoUpdate({ target: agendaFeedTokens.organizationId, set: { token, createdAt: new Date() } });
  return token;
}

/**
 * The ICS text of a token's organization: one all-day event per turnover of the next 90 days (on the
 * check-out day) and one per open restocking run with an 'entregar até' day. Null for an unknown token.
 */
export async function agendaFeedCalendar(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<string | null> {
  if (!looksLikeFeedToken(token)) return null;
  const [org] = await db
    .select({ id: organization.id, name: organization.name })
    .from(agendaFeedTokens)
    .innerJoin(organization, eq(organization.id, agendaFeedTokens.organizationId))
    .where(eq(agendaFeedTokens.token, token));
  if (!org) return null;
  const today = saoPauloDay(now);
  const horizon = addDays(today, FEED_DAYS);
  const occupying = await occupyingStays(db, org.id, { from: today, to: horizon });
  const events: AllDayEvent[] = [];
  for (const t of turnoversAcross(occupying)) {
    if (t.from < today || t.from > horizon) continue;
    events.push({
      uid: `troca-${t.stayId}@estadia`,
      start: t.from,
      end: addDays(t.from, 1),
      summary: T.feedTurnoverSummary(t.stay.propertyName),
      description: T.feedTurnoverDescription(t),
    });
  }
  const runs = await db
    .select({ id: replacements.id, number: replacements.number, deliverBy: replacements.deliverBy })
    .from(replacements)
    .where(
      and(
        eq(replacements.organizationId, org.id),
        inArray(replacements.status, [...OPEN_REPLACEMENT_STATUSES]),
        isNotNull(replacements.deliverBy),
      ),
    );
  const runProperties = runs.length
    ? await db
        .selectDistinct({ replacementId: replacementItems.replacementId, name: properties.name })
        .from(replacementItems)
        .innerJoin(properties, eq(properties.id, replacementItems.propertyId))
        .where(
          and(
            eq(replacementItems.organizationId, org.id),
            inArray(
              replacementItems.replacementId,
              runs.map((r) => r.id),
            ),
          ),
        )
        .orderBy(asc(properties.name))
    : [];
  for (const run of runs) {
    if (!run.deliverBy) continue;
    events.push({
      uid: `reposicao-${run.id}@estadia`,
      start: run.deliverBy,
      end: addDays(run.deliverBy, 1),
      summary: T.feedRunSummary(run.number, run.deliverBy),
      description: T.feedRunDescription(
        runProperties.filter((p) => p.replacementId === run.id).map((p) => p.name),
      ),
    });
  }
  events.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.uid.localeCompare(b.uid)));
  return writeCalendar({ name: T.feedName(org.name), stamp: now, events });
}
