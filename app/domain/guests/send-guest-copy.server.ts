import { eq } from "drizzle-orm";
import { parseLocale } from "~/lib/i18n/locale";
import { guestMessages } from "~/lib/i18n/messages";
import type { Db } from "~/platform/db/database-handle.server";
import { orders, properties } from "~/platform/db/schema";
import type { Mailer } from "~/platform/mail/mailer.server";
import { guestDataCopyEmail } from "~/platform/mail/templates.server";
import { AppError } from "../errors";
import type { Actor } from "../team/permissions";
import { guestCopyText } from "./guest-copy-text";
import { markAnswered, openRequest, subjectOfRequest } from "./guest-data.server";
import { guestExport } from "./guest-export.server";
import { GUEST_DATA_TEXT as T } from "./messages";

/**
 * 'Enviar cópia ao hóspede': answers a guest's open 'export' request by emailing everything stored about
 * them, in their language, to the order's email, written out order by order (the guest has no account to
 * download it from). Returns the address it went to.
 */
export async function sendGuestCopy(
  ctx: { db: Db; mail: Mailer; now: () => Date },
  actor: Actor,
  requestId: string,
): Promise<string> {
  const request = await openRequest(ctx.db, actor, requestId);
  if (request.kind !== "export") throw new AppError("conflict", T.wrongKind);
  const [order] = request.orderId
    ? await ctx.db
        .select({ email: orders.buyerEmail, property: properties.name })
        .from(orders)
        .innerJoin(properties, eq(properties.id, orders.propertyId))
        .where(eq(orders.id, request.orderId))
    : [];
  const to = order?.email ?? request.subjectEmail;
  if (!to) throw new AppError("conflict", T.noEmailToSend);
  const now = ctx.now();
  const subject = subjectOfRequest(request);
  const exported = await guestExport(ctx.db, actor.organizationId, { ...subject, email: to }, now);
  const locale = parseLocale(request.locale) ?? "pt-BR";
  const t = guestMessages(locale).guestData;
  const property = order?.property ?? exported.orders[0]?.property ?? "";
  await ctx.mail.send({
    to,
    ...guestDataCopyEmail({
      lang: locale,
      subject: t.copySubject,
      intro: t.copyIntro(property),
      footer: t.copyFooter,
      body: guestCopyText(locale, exported),
    }),
  });
  await markAnswered(ctx.db, actor, request.id, "exported", now);
  return to;
}
