import { and, asc, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import {
  damageEvents,
  damageItems,
  damagePhotos,
  damageRecords,
  organization,
  properties,
  stays,
  user,
} from "~/platform/db/schema";
import { AppError } from "../errors";
import { type Actor, assertCan, can } from "../team/permissions";
import { type DamageStatus, isDamageStatus } from "./damage-status";
import { recentStays, type StayOption } from "./damage-stays.server";
import { DAMAGE_TEXT as T } from "./messages";

/**
 * What a record costs and what came back: read only by those who may manage damages (docs/permissions.md);
 * for anyone else a read has `amounts: null`, never a zero.
 */
export type DamageAmounts = { totalCents: number; recoveredCents: number | null };

export type DamageListItem = {
  id: string;
  title: string;
  status: DamageStatus;
  propertyId: string;
  propertyName: string;
  stay: StayOption | null;
  claimDeadline: string | null;
  amounts: DamageAmounts | null;
  photoCount: number;
  createdAt: Date;
};

const LIST_LIMIT = 200;

const totalOf = sql<number>`coalesce((select sum(${damageItems.estimatedCents}) from ${damageItems}
  where ${damageItems.damageId} = ${damageRecords.id}), 0)::bigint`.mapWith(Number);
const photosOf = sql<number>`(select count(*) from ${damagePhotos}
  where ${damagePhotos.damageId} = ${damageRecords.id})::int`.mapWith(Number);

/** What the list and one record both read: the record, its property's name and its stay (left-joined). */
const summaryColumns = {
  id: damageRecords.id,
  title: damageRecords.title,
  status: damageRecords.status,
  propertyId: damageRecords.propertyId,
  propertyName: properties.name,
  stayId: stays.id,
  checkIn: stays.checkIn,
  checkOut: stays.checkOut,
  source: stays.source,
  reservationCode: stays.reservationCode,
  claimDeadline: damageRecords.claimDeadline,
  totalCents: totalOf,
  recoveredCents: damageRecords.recoveredCents,
  createdAt: damageRecords.createdAt,
};

type SummaryRow = {
  id: string;
  title: string;
  status: string;
  propertyId: string;
  propertyName: string;
  stayId: string | null;
  checkIn: string | null;
  checkOut: string | null;
  source: string | null;
  reservationCode: string | null;
  claimDeadline: string | null;
  totalCents: number;
  recoveredCents: number | null;
  createdAt: Date;
};

/** The timeline's events whose detail is an amount (update-damage.server.ts writes them). */
const EVENTS_WITH_AMOUNTS = new Set(["items_changed", "status_changed"]);

/** Whether this actor reads a record's amounts (staff see what broke, never what it costs). */
function seesAmounts(actor: Actor): boolean {
  return can(actor, "damage.manage");
}

function summaryOf(row: SummaryRow, actor: Actor): Omit<DamageListItem, "photoCount"> {
  const stay =
    row.stayId && row.checkIn && row.checkOut && row.source
      ? {
          id: row.stayId,
          checkIn: row.checkIn,
          checkOut: row.checkOut,
          source: row.source,
          reservationCode: row.reservationCode,
        }
      : null;
  return {
    id: row.id,
    title: row.title,
    status: row.status as DamageStatus,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    stay,
    claimDeadline: row.claimDeadline,
    amounts: seesAmounts(actor) ? { totalCents: row.totalCents, recoveredCents: row.recoveredCents } : null,
    createdAt: row.createdAt,
  };
}

/**
 * The organization's records, newest first (the latest 200), with their total and photo count; filtered
 * by property and status when given (an unknown filter value is ignored).
 */
export async function listDamages(
  db: Db,
  actor: Actor,
  filters: { propertyId?: string | null; status?: string | null } = {},
): Promise<DamageListItem[]> {
  assertCan(actor, "damage.report");
  const where: SQL[] = [eq(damageRecords.organizationId, actor.organizationId)];
  if (isUuid(filters.propertyId)) where.push(eq(damageRecords.propertyId, filters.propertyId));
  if (isDamageStatus(filters.status)) where.push(eq(damageRecords.status, filters.status));
  const rows = await db
    .select({ ...summaryColumns, photoCount: photosOf })
    .from(damageRecords)
    .innerJoin(properties, eq(properties.id, damageRecords.propertyId))
    .leftJoin(stays, eq(stays.id, damageRecords.stayId))
    .where(and(...where))
    .orderBy(desc(damageRecords.createdAt), desc(damageRecords.id))
    .limit(LIST_LIMIT);
  return rows.map((r) => ({ ...summaryOf(r, actor), photoCount: r.photoCount }));
}

export type DamagePhoto = {
  id: string;
  image: string;
  imageThumb: string;
  takenAt: Date | null;
  uploadedAt: Date;
  uploadedBy: string | null;
};

export type DamageEvent = {
  id: string;
  kind: string;
  fromStatus: string | null;
  toStatus: string | null;
  detail: string | null;
  actorName: string | null;
  createdAt: Date;
};

/** A record's amounts as its page and its claim report show them: the list's, when it came back, each item's. */
export type DamageDetailAmounts = DamageAmounts & {
  reimbursedAt: Date | null;
  /** Each item's estimate, by the item's id. */
  itemCents: Record<string, number>;
};

export type DamageDetail = Omit<DamageListItem, "photoCount" | "amounts"> & {
  description: string;
  organizationName: string;
  propertyAddress: string;
  createdByName: string | null;
  /** What broke, in the order typed (its estimate is in `amounts`, for those who read them). */
  items: { id: string; description: string }[];
  amounts: DamageDetailAmounts | null;
  photos: DamagePhoto[];
  events: DamageEvent[];
};

/** One record of the organization with its items, photos, timeline and stay; not_found otherwise. */
export async function getDamage(db: Db, actor: Actor, id: unknown): Promise<DamageDetail> {
  assertCan(actor, "damage.report");
  if (!isUuid(id)) throw new AppError("not_found", T.notFound);
  const [row] = await db
    .select({
      ...summaryColumns,
      description: damageRecords.description,
      propertyAddress: properties.address,
      organizationName: organization.name,
      reimbursedAt: damageRecords.reimbursedAt,
      createdByName: user.name,
    })
    .from(damageRecords)
    .innerJoin(properties, eq(properties.id, damageRecords.propertyId))
    .innerJoin(organization, eq(organization.id, damageRecords.organizationId))
    .leftJoin(stays, eq(stays.id, damageRecords.stayId))
    .leftJoin(user, eq(user.id, damageRecords.createdBy))
    .where(and(eq(damageRecords.id, id), eq(damageRecords.organizationId, actor.organizationId)));
  if (!row) throw new AppError("not_found", T.notFound);
  const [items, photos, events] = await Promise.all([
    db
      .select({
        id: damageItems.id,
        description: damageItems.description,
        estimatedCents: damageItems.estimatedCents,
      })
      .from(damageItems)
      .where(eq(damageItems.damageId, row.id))
      .orderBy(asc(damageItems.position), asc(damageItems.createdAt)),
    db
      .select({
        id: damagePhotos.id,
        image: damagePhotos.image,
        imageThumb: damagePhotos.imageThumb,
        takenAt: damagePhotos.takenAt,
        uploadedAt: damagePhotos.uploadedAt,
        uploadedBy: user.name,
      })
      .from(damagePhotos)
      .leftJoin(user, eq(user.id, damagePhotos.uploadedBy))
      .where(eq(damagePhotos.damageId, row.id))
      .orderBy(asc(damagePhotos.uploadedAt), asc(damagePhotos.id)),
    db
      .select({
        id: damageEvents.id,
        kind: damageEvents.kind,
        fromStatus: damageEvents.fromStatus,
        toStatus: damageEvents.toStatus,
        detail: damageEvents.detail,
        actorName: user.name,
        createdAt: damageEvents.createdAt,
      })
      .from(damageEvents)
      .leftJoin(user, eq(user.id, damageEvents.actorUserId))
      .where(eq(damageEvents.damageId, row.id))
      .orderBy(asc(damageEvents.createdAt), asc(damageEvents.id)),
  ]);
  const summary = summaryOf(row, actor);
  return {
    ...summary,
    description: row.description,
    propertyAddress: row.propertyAddress,
    organizationName: row.organizationName,
    createdByName: row.createdByName,
    items: items.map(({ id, description }) => ({ id, description })),
    // An event's detail that says an amount (the items' total, what was recovered) is theirs who read amounts.
    events: summary.amounts
      ? events
      : events.map((e) => (EVENTS_WITH_AMOUNTS.has(e.kind) ? { ...e, detail: null } : e)),
    amounts: summary.amounts && {
      ...summary.amounts,
      reimbursedAt: row.reimbursedAt,
      itemCents: Object.fromEntries(items.map((i) => [i.id, i.estimatedCents])),
    },
    photos,
  };
}

export type DamageFormProperty = {
  id: string;
  name: string;
  stays: StayOption[];
  /** The stay the form starts on: the one that ended most recently ('' when none). */
  defaultStayId: string;
};

/** The organization's active properties for the 'Nova avaria' form, each with its recent stays. */
export async function damageFormOptions(db: Db, actor: Actor, today: string): Promise<DamageFormProperty[]> {
  assertCan(actor, "damage.report");
  const rows = await db
    .select({ id: properties.id, name: properties.name })
    .from(properties)
    .where(and(eq(properties.organizationId, actor.organizationId), isNull(properties.archivedAt)))
    .orderBy(asc(properties.name));
  return Promise.all(
    rows.map(async (p) => {
      const options = await recentStays(db, actor.organizationId, p.id, today);
      return { ...p, stays: options, defaultStayId: options.find((s) => s.checkOut <= today)?.id ?? "" };
    }),
  );
}

/** The organization's properties (archived too) for the list's filter. */
export async function damagePropertyFilter(db: Db, actor: Actor): Promise<{ id: string; name: string }[]> {
  assertCan(actor, "damage.report");
  return db
    .select({ id: properties.id, name: properties.name })
    .from(properties)
    .where(eq(properties.organizationId, actor.organizationId))
    .orderBy(asc(properties.name));
}
