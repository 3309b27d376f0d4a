import { exportGuestData } from "~/domain/guests/guest-data.server";
import type { GuestExport } from "~/domain/guests/guest-export.server";
import type { Actor } from "~/domain/team/permissions";
import { saoPauloDay } from "~/lib/dates";
import { formText } from "~/lib/form-text";
import type { Db } from "~/platform/db/database-handle.server";
import { refusedDownload } from "./download.server";

/** The export asked for by the posted search (`q`), or the refusal as the download's answer. */
export async function postedExport(
  request: Request,
  db: Db,
  actor: Actor,
  answer: (exported: GuestExport, filename: string) => Response,
): Promise<Response> {
  const form = await request.formData();
  try {
    const exported = await exportGuestData(db, actor, formText(form, "q"));
    return answer(exported, `dados-hospede-${saoPauloDay(new Date())}`);
  } catch (err) {
    return refusedDownload(err);
  }
}
