import { and, eq, inArray, isNull } from "drizzle-orm";
import { formatDay, saoPauloDay } from "~/lib/dates";
import { guestData as PT } from "~/lib/i18n/catalogues/pt-BR/guest-data";
import { type GuestLocale, parseLocale } from "~/lib/i18n/locale";
import { shortId } from "~/lib/short-id";
import type { Db } from "~/platform/db/database-handle.server";
import { guestDataRequests, member, orders, properties, user } from "~/platform/db/schema";
import type { Logger } from "~/platform/log.server";
import type { Mailer } from "~/platform/mail/mailer.server";
import { guestDataRequestEmail } from "~/platform/mail/templates.server";
import { type ThrottlePolicy, throttleHit } from "~/platform/throttle.server";
import { AppError } from "../errors";
import { GUEST_DATA_TEXT } from "./messages";
import { dueAtOf } from "./request-deadline";

/** 10 requests per client address per hour, like the other public forms. */
export const GUEST_DATA_THROTTLE = {
  name: "guest-data-ip",
  limit: 10,
  windowSeconds: 60 * 60,
} as const satisfies ThrottlePolicy;

export const GUEST_REQUEST_KINDS = ["export", "erasure"] as const;
export type GuestRequestKind = (typeof GUEST_REQUEST_KINDS)[number];

export type DataRequestOrder = {
  id: string;
  shortId: string;
  propertyName: string;
  locale: GuestLocale;
  anonymized: boolean;
};

/** The order a receipt's link stands for, as its page shows it (no personal data), or null. */
export async function dataRequestOrder(db: Db, orderId: string): Promise<DataRequestOrder | null> {
  const [row] = await db
    .select({
      id: orders.id,
      propertyName: properties.name,
      locale: orders.locale,
      anonymizedAt: orders.anonymizedAt,
    })
    .from(orders)
    .innerJoin(properties, eq(properties.id, orders.propertyId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  return {
    id: row.id,
    shortId: shortId(row.id),
    propertyName: row.propertyName,
    locale: parseLocale(row.locale) ?? "pt-BR",
    anonymized: row.anonymizedAt !== null,
  };
}

export type GuestRequestContext = { db: Db; mail: Mailer; appUrl: string; log: Logger; now: () => Date };

export type RecordedRequest = { kind: GuestRequestKind; dueAt: Date; created: boolean } | { erased: true };

/**
 * A guest's own request from their receipt's link: the email typed must be the order's (case does not
 * matter), else nothing is recorded. An identical open request is not made twice (the order's row is
 * locked while checking). The owners are told by email, in pt-BR, after it was recorded. Refusals are
 * pt-BR sentences of the guest catalogue; the page translates them.
 */
export async function recordGuestRequest(
  ctx: GuestRequestContext,
  input: { orderId: string; email: string; kind: string; ip: string; locale: GuestLocale },
): Promise<RecordedRequest> {
  const limit = await throttleHit(ctx.db, GUEST_DATA_THROTTLE, input.ip, ctx.now());
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    throw new AppError("rate_limited", PT.tooMany(minutes), undefined, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
  const kind = GUEST_REQUEST_KINDS.find((k) => k === input.kind);
  if (!kind) throw new AppError("invalid", PT.choiceRequired, { kind: PT.choiceRequired });
  const email = input.email.trim().toLowerCase();
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        organizationId: orders.organizationId,
        propertyId: orders.propertyId,
        buyerEmail: orders.buyerEmail,
        anonymizedAt: orders.anonymizedAt,
      })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for("update");
    if (!order) throw new AppError("not_found", PT.invalidLinkTitle);
    if (order.anonymizedAt) return { erased: true as const };
    if (!email || !order.buyerEmail || order.buyerEmail.toLowerCase() !== email) {
      throw new AppError("invalid", PT.emailMismatch, { email: PT.emailMismatch });
    }
    const [open] = await tx
      .select({ dueAt: guestDataRequests.dueAt })
      .from(guestDataRequests)
      .where(
        and(
          eq(guestDataRequests.organizationId, order.organizationId),
          eq(guestDataRequests.orderId, order.id),
          eq(guestDataRequests.kind, kind),
          eq(guestDataRequests.source, "guest"),
          isNull(guestDataRequests.answeredAt),
        ),
      );
    if (open) return { order, dueAt: open.dueAt, created: false };
    const dueAt = dueAtOf(now);
    await tx.insert(guestDataRequests).values({
      organizationId: order.organizationId,
      kind,
      source: "guest",
      subjectEmail: order.buyerEmail.toLowerCase(),
      orderId: order.id,
      locale: input.locale,
      requestedAt: now,
      dueAt,
    });
    return { order, dueAt, created: true };
  });
  if (outcome.erased) return { erased: true };
  if (outcome.created) await tellOwners(ctx, outcome.order, kind, outcome.dueAt);
  return { kind, dueAt: outcome.dueAt, created: outcome.created };
}

/** The owners learn of a new request; a failed send is logged (the request is on their page anyway). */
async function tellOwners(
  ctx: GuestRequestContext,
  order: { id: string; organizationId: string; propertyId: string },
  kind: GuestRequestKind,
  dueAt: Date,
): Promise<void> {
  try {
    const [property] = await ctx.db
      .select({ name: properties.name })
      .from(properties)
      .where(eq(properties.id, order.propertyId));
    const owners = await ctx.db
      .select({ email: user.email })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(and(eq(member.organizationId, order.organizationId), inArray(member.role, ["owner"])));
    const message = guestDataRequestEmail({
      kindLabel: GUEST_DATA_TEXT.kind[kind] ?? kind,
      property: property?.name ?? "",
      orderShortId: shortId(order.id),
      deadline: formatDay(saoPauloDay(dueAt)),
      url: `${ctx.appUrl}/hospedes`,
    });
    for (const owner of owners) await ctx.mail.send({ to: owner.email, ...message });
  } catch (err) {
    ctx.log.warn({ err, orderId: order.id }, "owners not told of a guest data request");
  }
}
