import { redirect } from "react-router";
import { discardImage, readImageFile, type StoredImage } from "~/domain/images/image-input.server";
import { createQrTemplate } from "~/domain/qr/create-qr-template.server";
import { isUntouchedStart } from "~/domain/qr/initial-placement";
import { updateQrTemplate } from "~/domain/qr/update-qr-template.server";
import { type Actor, assertCan } from "~/domain/team/permissions";
import { type FlashKey, flashCookie } from "~/lib/flash";
import type { Db } from "~/platform/db/database-handle.server";
import { env } from "~/platform/env.server";
import { answer } from "../intents.server";

/**
 * The template form's action (new: `id` null; edit: the template's id): stores the background through the
 * product-photo pipeline, saves, and goes back to the list with the spec's toast; a refusal answers the
 * form with its status and field messages (and the upload is deleted again).
 */
export async function saveQrTemplate(request: Request, db: Db, actor: Actor, id: string | null) {
  let uploaded: StoredImage | undefined;
  return answer(id === null ? "create" : "update", async () => {
    try {
      // Before reading the form: a member who may not save never gets an upload stored.
      assertCan(actor, "catalog.manage");
      const form = await request.formData();
      uploaded = await readImageFile(form);
      const placement = {
        positionX: form.get("positionX"),
        positionY: form.get("positionY"),
        size: form.get("size"),
      };
      const input = {
        name: form.get("name"),
        ...placement,
        // Untouched numbers of a new template: centre the code on the image (what the page does with its script).
        autoPlace: id === null && isUntouchedStart(placement),
        image: uploaded,
      };
      let flash: FlashKey;
      if (id === null) {
        await createQrTemplate(db, actor, input);
        flash = "qr-template-created";
      } else {
        const { replacedImage } = await updateQrTemplate(db, actor, id, input);
        await discardImage(replacedImage);
        flash = "qr-template-updated";
      }
      return redirect("/qr-templates", {
        headers: { "Set-Cookie": flashCookie(flash, env().secureCookies) },
      });
    } catch (err) {
      await discardImage(uploaded);
      throw err;
    }
  });
}
