import { and, asc, desc, eq, gt, lt, ne, sql } from "drizzle-orm";
import { saoPauloDay, startOfDayInSaoPaulo } from "~/lib/dates";
import { parseAmountText } from "~/lib/price-input";
import { isUuid } from "~/lib/uuid";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { stayAccountSettings, stays, stockCountLines, stockCounts, user } from "~/platform/db/schema";
import { AppError } from "../errors";
import type { NotifyContext } from "../notifications/notify-context";
import { notifyUnpaidConsumption } from "../notifications/unpaid-consumption.server";
import { noonInSaoPaulo } from "../stays/stay-window";
import { type Actor, assertCan } from "../team/permissions";
import { STAY_ACCOUNT_TEXT as A } from "./stay-account-text";

// The turnover count's side of a stay's account ('Conta da estadia', issue 46): what the count of the stay
// found missing, whether it belongs to this stay alone, and what the host did about it (ADR 0055).

export type AccountStatus = "open" | "forgiven" | "in_damage";

export type MissingItem = {
  productId: string;
  name: string;
  units: number;
  unitPriceCents: number;
  /** units × price: what the guest would pay. */
  priceCents: number;
  /** units × average cost when counted; null when the cost is unknown. */
  costCents: number | null;
};

export type StayCount = {
  id: string;
  propertyId: string;
  takenAt: Date;
  countedBy: string | null;
  missing: MissingItem[];
  totalPriceCents: number;
  /**
   * Set when the count before this one was taken before another stay: the missing units belong to all the
   * stays since that count together (their first and last check-in), and no guest is asked to pay them.
   */
  sharedBetween: { from: string; to: string } | null;
  status: AccountStatus;
  statusBy: string | null;
  statusAt: Date | null;
  damageId: string | null;
};

/** The latest turnover count of a stay (already read in the actor's organization), or null when none. */
export async function readStayCount(
  db: Db | Tx,
  organizationId: string,
  stayId: string,
): Promise<StayCount | null> {
  const [count] = await db
    .select()
    .from(stockCounts)
    .where(and(eq(stockCounts.organizationId, organizationId), eq(stockCounts.stayId, stayId)))
    .orderBy(desc(stockCounts.takenAt))
    .limit(1);
  if (!count) return null;
  return accountOf(db, count);
}

async function accountOf(db: Db | Tx, count: typeof stockCounts.$inferSelect): Promise<StayCount> {
  const lines = await db
    .select()
    .from(stockCountLines)
    .where(
      and(eq(stockCountLines.organizationId, count.organizationId), eq(stockCountLines.countId, count.id)),
    )
    .orderBy(asc(stockCountLines.name));
  const missing = lines
    // Only what was consumed without paying is the guest's to settle: broken or expired units are not.
    .filter((l) => l.applied && l.counted < l.expected && l.lossReason === "consumed_unpaid")
    .map((l) => {
      const units = l.expected - l.counted;
      return {
        productId: l.productId,
        name: l.name,
        units,
        unitPriceCents: l.unitPriceCents,
        priceCents: units * l.unitPriceCents,
        costCents: l.unitCostCents === null ? null : units * l.unitCostCents,
      };
    });
  const [names, sharedBetween] = await Promise.all([
    namesOf(db, [count.countedBy, count.accountStatusBy]),
    count.stayId ? sharedWith(db, count, count.stayId) : null,
  ]);
  return {
    id: count.id,
    propertyId: count.propertyId,
    takenAt: count.takenAt,
    countedBy: count.countedBy ? (names.get(count.countedBy) ?? null) : null,
    missing,
    totalPriceCents: missing.reduce((sum, m) => sum + m.priceCents, 0),
    sharedBetween,
    status: count.accountStatus as AccountStatus,
    statusBy: count.accountStatusBy ? (names.get(count.accountStatusBy) ?? null) : null,
    statusAt: count.accountStatusAt,
    damageId: count.damageId,
  };
}

/**
 * The stays the count's findings belong to: those in progress between the property's previous count (or,
 * with none, the start of the count's stay) and this one. One stay: null. More: their first and last check-in.
 */
async function sharedWith(
  db: Db | Tx,
  count: typeof stockCounts.$inferSelect,
  stayId: string,
): Promise<{ from: string; to: string } | null> {
  const [own] = await db
    .select({ checkIn: stays.checkIn })
    .from(stays)
    .where(and(eq(stays.id, stayId), eq(stays.organizationId, count.organizationId)));
  if (!own) return null;
  const [previous] = await db
    .select({ takenAt: stockCounts.takenAt })
    .from(stockCounts)
    .where(
      and(
        eq(stockCounts.organizationId, count.organizationId),
        eq(stockCounts.propertyId, count.propertyId),
        lt(stockCounts.takenAt, count.takenAt),
        ne(stockCounts.id, count.id),
      ),
    )
    .orderBy(desc(stockCounts.takenAt))
    .limit(1);
  const since = previous?.takenAt ?? startOfDayInSaoPaulo(own.checkIn);
  // A stay occupies from its check-in day to noon of its check-out day (stay-window.ts).
  const covered = await db
    .select({ checkIn: stays.checkIn, checkOut: stays.checkOut })
    .from(stays)
    .where(
      and(
        eq(stays.organizationId, count.organizationId),
        eq(stays.propertyId, count.propertyId),
        eq(stays.kind, "stay"),
        eq(stays.status, "confirmed"),
        lt(
          stays.checkIn,
          sql`(${count.takenAt.toISOString()}::timestamptz at time zone 'America/Sao_Paulo')::date + 1`,
        ),
        gt(
          stays.checkOut,
          sql`(${since.toISOString()}::timestamptz at time zone 'America/Sao_Paulo')::date - 1`,
        ),
      ),
    )
    .orderBy(asc(stays.checkIn));
  const within = covered.filter(
    (s) =>
      noonInSaoPaulo(s.checkOut).getTime() > since.getTime() &&
      startOfDayInSaoPaulo(s.checkIn).getTime() < count.takenAt.getTime(),
  );
  if (within.length <= 1) return null;
  return { from: within[0]?.checkIn ?? own.checkIn, to: within.at(-1)?.checkIn ?? own.checkIn };
}

async function namesOf(db: Db | Tx, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(sql`${user.id} in ${wanted}`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Locks a turnover count of the actor's organization for a change of its account, and reads it: a foreign or
 * malformed id is not found; only a count with missing units of its stay alone, not yet settled, may change.
 */
export async function lockOpenStayCount(
  tx: Tx,
  actor: Actor,
  countId: unknown,
): Promise<StayCount & { stayId: string }> {
  if (!isUuid(countId)) throw new AppError("not_found", A.countNotFound);
  const [count] = await tx
    .select()
    .from(stockCounts)
    .where(and(eq(stockCounts.id, countId), eq(stockCounts.organizationId, actor.organizationId)))
    .for("update");
  if (!count?.stayId) throw new AppError("not_found", A.countNotFound);
  const account = await accountOf(tx, count);
  if (account.status !== "open") throw new AppError("conflict", A.settled);
  if (account.sharedBetween) throw new AppError("conflict", A.sharedRefused);
  if (account.missing.length === 0) throw new AppError("conflict", A.nothingToSettle);
  return { ...account, stayId: count.stayId };
}

/** Marks a locked count's account settled: forgiven, or put in a damage record. */
export async function settleStayCount(
  tx: Tx,
  actor: Actor,
  countId: string,
  status: Exclude<AccountStatus, "open">,
  damageId: string | null,
): Promise<void> {
  await tx
    .update(stockCounts)
    .set({ accountStatus: status, accountStatusBy: actor.userId, accountStatusAt: sql`now()`, damageId })
    .where(and(eq(stockCounts.id, countId), eq(stockCounts.organizationId, actor.organizationId)));
}

/** 'Perdoar': the host lets the guest off the missing items ('damage.manage': never cleaning staff). */
export async function forgiveStayCount(db: Db, actor: Actor, countId: unknown): Promise<void> {
  assertCan(actor, "damage.manage");
  await db.transaction(async (tx) => {
    const count = await lockOpenStayCount(tx, actor, countId);
    await settleStayCount(tx, actor, count.id, "forgiven", null);
  });
}

/** The amount above which a turnover count's unpaid consumption is emailed (at price); 0 = any. */
export async function unpaidAlertCents(db: Db | Tx, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ cents: stayAccountSettings.unpaidAlertCents })
    .from(stayAccountSettings)
    .where(eq(stayAccountSettings.organizationId, organizationId));
  return row?.cents ?? 0;
}

const MAX_ALERT_CENTS = 10_000_000;

/** The owner sets that amount ('organization.manage'), typed like a price. */
export async function saveUnpaidAlert(db: Db, actor: Actor, amount: unknown): Promise<number> {
  assertCan(actor, "organization.manage");
  const text = typeof amount === "string" ? amount.trim() : "";
  const cents = text === "" ? 0 : parseAmountText(text);
  if (cents === null || cents < 0 || cents > MAX_ALERT_CENTS) throw new AppError("invalid", A.alertInvalid);
  await db
    .insert(stayAccountSettings)
    .values({ organizationId: actor.organizationId, unpaidAlertCents: cents })
    .onConflictDoUpdate({
      target: stayAccountSettings.organizationId,
      set: { unpaidAlertCents: cents, updatedAt: sql`now()` },
    });
  return cents;
}

/**
 * After a turnover count: one email (or WhatsApp) to owners and managers when it found unpaid consumption of
 * its stay above the organization's amount, linking to the stay's account. Counts whose missing units belong
 * to several stays are not told as a guest's. A failure to tell is logged and never undoes the count.
 */
export async function tellUnpaidConsumption(
  ctx: NotifyContext & { db: Db },
  organizationId: string,
  countId: string,
) {
  try {
    const [count] = await ctx.db
      .select()
      .from(stockCounts)
      .where(and(eq(stockCounts.id, countId), eq(stockCounts.organizationId, organizationId)));
    if (!count?.stayId) return;
    const account = await accountOf(ctx.db, count);
    if (account.sharedBetween || account.missing.length === 0) return;
    if (account.totalPriceCents <= (await unpaidAlertCents(ctx.db, organizationId))) return;
    await notifyUnpaidConsumption(ctx, {
      organizationId,
      propertyId: count.propertyId,
      countId: count.id,
      day: saoPauloDay(count.takenAt),
      stayId: count.stayId,
      items: account.missing.map((m) => ({ name: m.name, quantity: m.units, amountCents: m.priceCents })),
    });
  } catch (err) {
    ctx.log.warn({ err, countId }, "unpaid consumption not told");
  }
}
