import { and, eq } from "drizzle-orm";
import type { Db } from "~/platform/db/database-handle.server";
import { qrTemplates } from "~/platform/db/schema";
import { AppError } from "../errors";
import { type Actor, assertCan } from "../team/permissions";
import { QR_TEXT as T } from "./messages";
import { ownTemplate } from "./read-qr-templates.server";
import type { QrTemplate } from "./types";

/**
 * 'Usar como padrão': the template the posters use when none is named, in place of the previous one. The
 * organization's templates are locked first, so two hosts choosing at once end with exactly one default.
 */
export async function setDefaultQrTemplate(db: Db, actor: Actor, id: string): Promise<QrTemplate> {
  assertCan(actor, "catalog.manage");
  return db.transaction(async (tx) => {
    await tx
      .select({ id: qrTemplates.id })
      .from(qrTemplates)
      .where(eq(qrTemplates.organizationId, actor.organizationId))
      .for("update");
    const template = await ownTemplate(tx, actor, id);
    if (!template) throw new AppError("not_found", T.notFound);
    const org = eq(qrTemplates.organizationId, actor.organizationId);
    await tx
      .update(qrTemplates)
      .set({ isDefault: false })
      .where(and(org, eq(qrTemplates.isDefault, true)));
    await tx
      .update(qrTemplates)
      .set({ isDefault: true })
      .where(and(org, eq(qrTemplates.id, template.id)));
    return { ...template, isDefault: true };
  });
}
