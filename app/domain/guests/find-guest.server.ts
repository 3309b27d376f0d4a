import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/database-handle.server";
import { orders, properties } from "~/platform/db/schema";
import type { GuestSubject } from "./guest-subject";

/** Matches an order's buyer to the subject (any of the ways it was given). */
export function matchesSubject(subject: GuestSubject): SQL | undefined {
  const terms: SQL[] = [];
  // Emails are kept lower-case; lower() still finds one kept otherwise.
  if (subject.email) terms.push(sql`lower(${orders.buyerEmail}) = ${subject.email.toLowerCase()}`);
  if (subject.phone) terms.push(eq(orders.buyerPhone, subject.phone));
  if (subject.cpf) terms.push(eq(orders.buyerCpf, subject.cpf));
  return terms.length ? or(...terms) : undefined;
}

export type GuestOrder = {
  id: string;
  createdAt: Date;
  propertyName: string;
  status: string;
  paymentMethod: string;
  totalCents: number;
  buyerName: string;
  buyerEmail: string | null;
  buyerPhone: string | null;
  buyerCpf: string | null;
  locale: string;
  paidAt: Date | null;
  receiptSentAt: Date | null;
  whatsappOptInAt: Date | null;
};

/** The organization's orders whose buyer is this person, newest first; never another organization's. */
export async function findGuestOrders(
  db: Db | Tx,
  organizationId: string,
  subject: GuestSubject,
): Promise<GuestOrder[]> {
  const match = matchesSubject(subject);
  if (!match) return [];
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      propertyName: properties.name,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      totalCents: orders.totalCents,
      buyerName: orders.buyerName,
      buyerEmail: orders.buyerEmail,
      buyerPhone: orders.buyerPhone,
      buyerCpf: orders.buyerCpf,
      locale: orders.locale,
      paidAt: orders.paidAt,
      receiptSentAt: orders.receiptSentAt,
      whatsappOptInAt: orders.whatsappOptInAt,
    })
    .from(orders)
    .innerJoin(properties, eq(properties.id, orders.propertyId))
    .where(and(eq(orders.organizationId, organizationId), match))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(500);
}

/** Some orders of the organization by id (a guest's request names its order). */
export async function guestOrdersByIds(db: Db | Tx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: orders.id, buyerEmail: orders.buyerEmail, anonymizedAt: orders.anonymizedAt })
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), inArray(orders.id, ids)));
}

/** The distinct values stored about the person across their orders (what the page shows as 'dados'). */
export function storedData(found: GuestOrder[]) {
  const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];
  return {
    names: distinct(found.map((o) => o.buyerName)),
    emails: distinct(found.map((o) => o.buyerEmail)),
    phones: distinct(found.map((o) => o.buyerPhone)),
    cpfs: distinct(found.map((o) => o.buyerCpf)),
  };
}
