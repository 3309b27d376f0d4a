import { and, eq } from "drizzle-orm";
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
 * The template a poster is drawn on and the line under the property's name: the built-in one (which says what
 * the code is for) when asked for it, the given template of the actor's organization (not_found otherwise),
 * or, when none is named, the one the host chose as default ('Usar como padrão'), or the built-in one.
 */
export async function posterTemplate(
  db: Db,
  actor: Actor,
  templateId: string | null | undefined,
): Promise<{ template: PosterTemplate; line: string }> {
  assertCan(actor, "catalog.read");
  const builtIn = async () => ({ template: await defaultPosterTemplate(), line: T.defaultPosterLine });
  if (templateId === DEFAULT_TEMPLATE_ID) return builtIn();
  let template: QrTemplate | undefined;
  if (templateId) {
    template = await ownTemplate(db, actor, templateId);
    if (!template) throw new AppError("not_found", T.notFound);
  } else {
    [template] = await db
      .select(qrTemplateColumns)
      .from(qrTemplates)
      .where(and(eq(qrTemplates.organizationId, actor.organizationId), eq(qrTemplates.isDefault, true)));
    if (!template) return builtIn();
  }
  const key = mediaKeyOf(template.image);
  const file = key ? await mediaStorage().get(key) : null;
  if (!file) throw new AppError("conflict", T.imageMissing);
  return {
    template: {
      image: file.bytes,
      width: template.imageWidth,
      height: template.imageHeight,
      placement: { positionX: template.positionX, positionY: template.positionY, size: template.size },
    },
    line: T.posterLine,
  };
}
