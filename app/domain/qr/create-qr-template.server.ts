import type { Db } from "~/platform/db/database-handle.server";
import { qrTemplates } from "~/platform/db/schema";
import { AppError } from "../errors";
import { type Actor, assertCan } from "../team/permissions";
import { QR_TEXT as T } from "./messages";
import { qrTemplateColumns } from "./read-qr-templates.server";
import { fieldErrorsOf, placementSchema } from "./schemas";
import { checkTemplateImage } from "./template-image.server";
import type { QrTemplate, QrTemplateInput } from "./types";

/** A new template of the actor's organization: a background image (required) and the QR's place on it. */
export async function createQrTemplate(db: Db, actor: Actor, input: QrTemplateInput): Promise<QrTemplate> {
  assertCan(actor, "catalog.manage");
  const parsed = placementSchema.safeParse(input);
  const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
  if (!input.image) fieldErrors.image = T.imageRequired;
  if (!parsed.success || !input.image) throw new AppError("invalid", T.invalid, fieldErrors);
  const image = checkTemplateImage(input.image);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(qrTemplates)
      .values({
        organizationId: actor.organizationId,
        image: image.image,
        imageThumb: image.imageThumb,
        imageWidth: image.width,
        imageHeight: image.height,
        ...parsed.data,
      })
      .returning(qrTemplateColumns);
    if (!row) throw new Error("insert returned no row");
    return row;
  });
}
