import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database-handle.server";
import {
  guestDataRequests,
  notificationMessages,
  orders,
  paymentEvents,
  payments,
} from "~/platform/db/schema";
import { GUEST_DATA_TEXT } from "./messages";

export type Anonymized = {
  /** The orders erased by this call (none when another call got there first). */
  orderIds: string[];
  /** The emails they held: the outbox copies to delete once the transaction committed. */
  emails: string[];
};

/**
 * Erases the buyer's personal fields of these orders of one organization, in the caller's transaction:
 * the orders' name (a neutral text: the column is required), email, phone and CPF, their WhatsApp
 * consent and the receipt's message there (its number and values); the payer data the
 * providers' notifications carried; the subject of this person's data requests, the open ones answered.
 * Amounts, items, statuses, payments and the ledger stay. Rows are locked and only not-yet-anonymized
 * ones are taken, so two runs at once erase each order once; `skipLocked` makes a background run pass
 * over orders another run holds instead of waiting.
 */
export async function anonymizeOrders(
  tx: Tx,
  input: {
    organizationId: string;
    orderIds: string[];
    now: Date;
    answeredBy: string | null;
    skipLocked?: boolean;
  },
): Promise<Anonymized> {
  if (input.orderIds.length === 0) return { orderIds: [], emails: [] };
  const locked = await tx
    .select({
      id: orders.id,
      email: orders.buyerEmail,
      phone: orders.buyerPhone,
      cpf: orders.buyerCpf,
    })
    .from(orders)
    .where(
      and(
        eq(orders.organizationId, input.organizationId),
        inArray(orders.id, input.orderIds),
        isNull(orders.anonymizedAt),
      ),
    )
    .for("update", input.skipLocked ? { skipLocked: true } : {});
  if (locked.length === 0) return { orderIds: [], emails: [] };
  const ids = locked.map((o) => o.id);
  await tx
    .update(orders)
    .set({
      buyerName: GUEST_DATA_TEXT.anonymizedName,
      buyerEmail: null,
      buyerPhone: null,
      buyerCpf: null,
      // Their consent to the WhatsApp receipt goes with the number it was for (issue 50).
      whatsappOptInAt: null,
      anonymizedAt: input.now,
      updatedAt: input.now,
    })
    .where(inArray(orders.id, ids));
  // The WhatsApp receipt: the number it went to and its values (the guest's first name among them).
  await tx
    .update(notificationMessages)
    .set({ recipient: null, variables: null, fallback: null, updatedAt: input.now })
    .where(inArray(notificationMessages.orderId, ids));
  // Notifications are hints already applied or to be re-fetched from the provider: their body is not needed.
  await tx
    .update(paymentEvents)
    .set({ payload: null })
    .where(
      sql`(${paymentEvents.provider}, ${paymentEvents.providerPaymentId}) in (select ${payments.provider}, ${payments.providerPaymentId} from ${payments} where ${inArray(payments.orderId, ids)} and ${payments.providerPaymentId} is not null)`,
    );
  const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];
  const emails = distinct(locked.map((o) => o.email?.toLowerCase() ?? null));
  const phones = distinct(locked.map((o) => o.phone));
  const cpfs = distinct(locked.map((o) => o.cpf));
  const about: SQL[] = [inArray(guestDataRequests.orderId, ids)];
  if (emails.length) about.push(inArray(guestDataRequests.subjectEmail, emails));
  if (phones.length) about.push(inArray(guestDataRequests.subjectPhone, phones));
  if (cpfs.length) about.push(inArray(guestDataRequests.subjectCpf, cpfs));
  const theirs = and(eq(guestDataRequests.organizationId, input.organizationId), or(...about));
  await tx
    .update(guestDataRequests)
    .set({ answeredAt: input.now, answeredBy: input.answeredBy, answer: "anonymized" })
    .where(and(theirs, isNull(guestDataRequests.answeredAt)));
  await tx
    .update(guestDataRequests)
    .set({ subjectEmail: null, subjectPhone: null, subjectCpf: null })
    .where(theirs);
  return { orderIds: ids, emails };
}
