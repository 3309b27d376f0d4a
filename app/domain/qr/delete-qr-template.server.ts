import { and, eq } from "drizzle-orm";
import type { ImageValue } from "~/domain/images/image-input.server";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { qrTemplates } from "~/platform/db/schema";
import { AppError } from "../errors";
import { type Actor, assertCan } from "../team/permissions";
import { QR_TEXT as T } from "./messages";

/**
 * Erases a template (nothing refers to one: posters already printed are paper). Returns its image for the
 * caller to discard once this has committed.
 */
export async function deleteQrTemplate(
  db: Db,
  actor: Actor,
  id: string,
): Promise<{ removedImage: ImageValue }> {
  assertCan(actor, "catalog.manage");
  if (!isUuid(id)) throw new AppError("not_found", T.notFound);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(qrTemplates)
      .where(and(eq(qrTemplates.id, id), eq(qrTemplates.organizationId, actor.organizationId)))
      .returning({ image: qrTemplates.image, imageThumb: qrTemplates.imageThumb });
    if (!row) throw new AppError("not_found", T.notFound);
    return { removedImage: row };
  });
}
