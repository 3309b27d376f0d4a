import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { guestDataRequests, orders, properties, user } from "~/platform/db/schema";
import { AppError } from "../errors";
import { parseInput, rowId } from "../parse-input";
import { type Actor, assertCan } from "../team/permissions";
import { findGuestOrders, type GuestOrder, storedData } from "./find-guest.server";
import { type GuestExport, guestExport } from "./guest-export.server";
import { type GuestSubject, parseGuestSubject } from "./guest-subject";
import { GUEST_DATA_TEXT as T } from "./messages";

/** What the owner typed, as a subject, or a refusal the page shows. */
export function subjectOf(query: string): GuestSubject {
  const subject = parseGuestSubject(query);
  if (!subject) throw new AppError("invalid", T.searchInvalid, { q: T.searchInvalid });
  return subject;
}

export type GuestFound = {
  subject: GuestSubject;
  orders: GuestOrder[];
  stored: ReturnType<typeof storedData>;
};

/** 'Dados de hóspedes': the organization's orders of the person searched for, and what is stored. */
export async function searchGuest(db: Db, actor: Actor, query: string): Promise<GuestFound> {
  assertCan(actor, "guests.data");
  const subject = subjectOf(query);
  const found = await findGuestOrders(db, actor.organizationId, subject);
  return { subject, orders: found, stored: storedData(found) };
}

/**
 * 'Exportar': everything stored about the person, recorded as an owner's export request answered at once
 * by this member. Nothing found is a refusal (and nothing is recorded).
 */
export async function exportGuestData(
  db: Db,
  actor: Actor,
  query: string,
  now = new Date(),
): Promise<GuestExport> {
  assertCan(actor, "guests.data");
  const subject = subjectOf(query);
  const exported = await guestExport(db, actor.organizationId, subject, now);
  if (exported.orders.length === 0) throw new AppError("not_found", T.notFound);
  await db.insert(guestDataRequests).values({
    organizationId: actor.organizationId,
    kind: "export",
    source: "owner",
    subjectEmail: subject.email,
    subjectPhone: subject.phone,
    subjectCpf: subject.cpf,
    requestedAt: now,
    dueAt: now,
    answeredAt: now,
    answeredBy: actor.userId,
    answer: "exported",
  });
  return exported;
}

export type GuestRequestRow = {
  id: string;
  kind: string;
  source: string;
  orderShortId: string | null;
  orderId: string | null;
  propertyName: string | null;
  /** The order's email while it has one: where a copy goes. */
  orderEmail: string | null;
  subjectEmail: string | null;
  subjectPhone: string | null;
  subjectCpf: string | null;
  requestedAt: Date;
  dueAt: Date;
  answeredAt: Date | null;
  answeredByName: string | null;
  answer: string | null;
};

/** The organization's data requests: open ones (oldest deadline first) and the last answered ones. */
export async function listGuestRequests(
  db: Db,
  actor: Actor,
): Promise<{ open: GuestRequestRow[]; answered: GuestRequestRow[] }> {
  assertCan(actor, "guests.data");
  const rows = await db
    .select({
      id: guestDataRequests.id,
      kind: guestDataRequests.kind,
      source: guestDataRequests.source,
      orderId: guestDataRequests.orderId,
      propertyName: properties.name,
      orderEmail: orders.buyerEmail,
      subjectEmail: guestDataRequests.subjectEmail,
      subjectPhone: guestDataRequests.subjectPhone,
      subjectCpf: guestDataRequests.subjectCpf,
      requestedAt: guestDataRequests.requestedAt,
      dueAt: guestDataRequests.dueAt,
      answeredAt: guestDataRequests.answeredAt,
      answeredByName: user.name,
      answer: guestDataRequests.answer,
    })
    .from(guestDataRequests)
    .leftJoin(orders, eq(orders.id, guestDataRequests.orderId))
    .leftJoin(properties, eq(properties.id, orders.propertyId))
    .leftJoin(user, eq(user.id, guestDataRequests.answeredBy))
    .where(eq(guestDataRequests.organizationId, actor.organizationId))
    .orderBy(desc(guestDataRequests.requestedAt))
    .limit(200);
  const all = rows.map((r) => ({ ...r, orderShortId: r.orderId ? r.orderId.slice(0, 8) : null }));
  return {
    open: all.filter((r) => !r.answeredAt).sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime()),
    answered: all.filter((r) => r.answeredAt).slice(0, 50),
  };
}

/** One open request of the organization, or a refusal (another organization's id is not found). */
export async function openRequest(db: Db, actor: Actor, requestId: unknown) {
  assertCan(actor, "guests.data");
  const id = parseInput(rowId(T.requestNotFound), requestId);
  const [row] = await db
    .select()
    .from(guestDataRequests)
    .where(and(eq(guestDataRequests.organizationId, actor.organizationId), eq(guestDataRequests.id, id)));
  if (!row) throw new AppError("not_found", T.requestNotFound);
  if (row.answeredAt) throw new AppError("conflict", T.requestAnswered);
  return row;
}

/** The person a request is about, as a search: its email (or phone, CPF). */
export function subjectOfRequest(row: {
  subjectEmail: string | null;
  subjectPhone: string | null;
  subjectCpf: string | null;
}): GuestSubject {
  return { email: row.subjectEmail, phone: row.subjectPhone, cpf: row.subjectCpf };
}

/** Marks an open request answered (once: a second answer finds it answered). */
export async function markAnswered(
  db: Db,
  actor: Actor,
  requestId: string,
  answer: "exported" | "anonymized",
  now: Date,
): Promise<boolean> {
  const done = await db
    .update(guestDataRequests)
    .set({ answeredAt: now, answeredBy: actor.userId, answer })
    .where(
      and(
        eq(guestDataRequests.organizationId, actor.organizationId),
        eq(guestDataRequests.id, requestId),
        isNull(guestDataRequests.answeredAt),
      ),
    )
    .returning({ id: guestDataRequests.id });
  return done.length > 0;
}
