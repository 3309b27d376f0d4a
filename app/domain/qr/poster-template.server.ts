import { desc, eq } from "drizzle-orm";
import { mediaKeyOf } from "~/domain/images/image-input.server";
import type { Db } from "~/platform/db/database-handle.server";
import { qrTemplates } from "~/platform/db/schema";
import { defaultPosterTemplate } from "~/platform/qr/default-template.server";
import type { PosterTemplate } from "~/platform/qr/poster-types";
import { mediaStorage } from "~/platform/storage/storage.server";
import { AppError } from "../errors";
import { type Actor, assertCan } from "../team/permissions";
import { QR_TEXT as T } from "./messages";
import { ownTemplate, qrTemplateColumns } from "./read-qr-templates.server";
import type { QrTemplate } from "./types";

/** The template id that names the built-in default ('Modelo padrão'). */
export const DEFAULT_TEMPLATE_ID = "padrao";

/**
 * The template a poster is drawn on: the built-in default when asked for it, the given template of the
 * actor's organization (not_found otherwise), or, when none is named, the newest one, or the default when
 * the host has made none. Checks no permission: the caller did.
 */
export async function posterTemplate(
  db: Db,
  actor: Actor,
  templateId: string | null | undefined,
): Promise<PosterTemplate> {
  assertCan(actor, "catalog.read");
  if (templateId === DEFAULT_TEMPLATE_ID) return defaultPosterTemplate();
  let template: QrTemplate | undefined;
  if (templateId) {
    template = await ownTemplate(db, actor, templateId);
    if (!template) throw new AppError("not_found", T.notFound);
  } else {
    [template] = await db
      .select(qrTemplateColumns)
      .from(qrTemplates)
      .where(eq(qrTemplates.organizationId, actor.organizationId))
      .orderBy(desc(qrTemplates.createdAt), desc(qrTemplates.id))
      .limit(1);
    if (!template) return defaultPosterTemplate();
  }
  const key = mediaKeyOf(template.image);
  const file = key ? await mediaStorage().get(key) : null;
  if (!file) throw new AppError("conflict", T.imageMissing);
  return {
    image: file.bytes,
    width: template.imageWidth,
    height: template.imageHeight,
    placement: { positionX: template.positionX, positionY: template.positionY, size: template.size },
  };
}
