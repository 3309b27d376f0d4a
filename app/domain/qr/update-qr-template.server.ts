import { and, eq, sql } from "drizzle-orm";
import type { ImageValue } from "~/domain/images/image-input.server";
import type { Db } from "~/platform/db/database-handle.server";
import { qrTemplates } from "~/platform/db/schema";
import { AppError } from "../errors";
import { fieldErrorsOf } from "../parse-input";
import { type Actor, assertCan } from "../team/permissions";
import { QR_TEXT as T } from "./messages";
import { ownTemplate, qrTemplateColumns } from "./read-qr-templates.server";
import { nameSchema, placementSchema } from "./schemas";
import { checkTemplateImage } from "./template-image.server";
import type { QrTemplate, QrTemplateInput } from "./types";

/**
 * Renames a template, moves or resizes its QR and, when given, replaces its background. Returns the image that was
 * replaced, for the caller to discard once this has committed.
 */
export async function updateQrTemplate(
  db: Db,
  actor: Actor,
  id: string,
  input: QrTemplateInput,
): Promise<{ template: QrTemplate; replacedImage: ImageValue | null }> {
  assertCan(actor, "catalog.manage");
  const parsed = placementSchema.safeParse(input);
  const name = nameSchema.safeParse(input.name);
  if (!parsed.success || !name.success) {
    throw new AppError("invalid", T.invalid, {
      ...(parsed.success ? {} : fieldErrorsOf(parsed.error)),
      ...(name.success ? {} : { name: name.error.issues[0]?.message ?? T.nameRequired }),
    });
  }
  const image = input.image ? checkTemplateImage(input.image) : undefined;
  return db.transaction(async (tx) => {
    const before = await ownTemplate(tx, actor, id, true);
    if (!before) throw new AppError("not_found", T.notFound);
    const imageChange = image
      ? {
          image: image.image,
          imageThumb: image.imageThumb,
          imageWidth: image.width,
          imageHeight: image.height,
        }
      : {};
    const [template] = await tx
      .update(qrTemplates)
      .set({ ...parsed.data, name: name.data, ...imageChange, updatedAt: sql`now()` })
      .where(and(eq(qrTemplates.id, before.id), eq(qrTemplates.organizationId, actor.organizationId)))
      .returning(qrTemplateColumns);
    if (!template) throw new AppError("not_found", T.notFound);
    return {
      template,
      replacedImage: image ? { image: before.image, imageThumb: before.imageThumb } : null,
    };
  });
}
