import type { Db } from "~/platform/db/database-handle.server";
import { qrTemplates } from "~/platform/db/schema";
import { AppError } from "../errors";
import { fieldErrorsOf } from "../parse-input";
import { type Actor, assertCan } from "../team/permissions";
import { initialPlacement } from "./initial-placement";
import { QR_TEXT as T } from "./messages";
import { qrTemplateColumns } from "./read-qr-templates.server";
import { nameSchema, placementSchema } from "./schemas";
import { checkTemplateImage } from "./template-image.server";
import type { QrTemplate, QrTemplateInput } from "./types";

/**
 * A new template of the actor's organization: a name, a background image (both required) and the QR's place
 * on it; `autoPlace` centres the code at a size that scans (initialPlacement). It never becomes the
 * posters' default by itself: the host chooses that ('Usar como padrão').
 */
export async function createQrTemplate(db: Db, actor: Actor, input: QrTemplateInput): Promise<QrTemplate> {
  assertCan(actor, "catalog.manage");
  const parsed = placementSchema.safeParse(input);
  const name = nameSchema.safeParse(input.name);
  const fieldErrors: Record<string, string> = {
    ...(parsed.success ? {} : fieldErrorsOf(parsed.error)),
    ...(name.success ? {} : { name: name.error.issues[0]?.message ?? T.nameRequired }),
  };
  if (!input.image) fieldErrors.image = T.imageRequired;
  if (!parsed.success || !name.success || !input.image) throw new AppError("invalid", T.invalid, fieldErrors);
  const image = checkTemplateImage(input.image);
  const placement = input.autoPlace ? initialPlacement(image) : parsed.data;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(qrTemplates)
      .values({
        organizationId: actor.organizationId,
        name: name.data,
        image: image.image,
        imageThumb: image.imageThumb,
        imageWidth: image.width,
        imageHeight: image.height,
        ...placement,
      })
      .returning(qrTemplateColumns);
    if (!row) throw new Error("insert returned no row");
    return row;
  });
}
