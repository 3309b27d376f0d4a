import { GUEST_EXPORT_CSV_HEADER, guestExportCsvLine } from "~/domain/guests/guest-export.server";
import { csvDownload } from "~/lib/csv";
import { postOnly } from "../post-only";
import type { Route } from "./+types/guest-data-csv";
import { backofficeContext } from "./guard.server";
import { postedExport } from "./guest-data-export.server";
import { servicesContext } from "./services.server";

/** POST /hospedes/exportar.csv: the same export, one line per order, as a spreadsheet opens it. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  return postedExport(request, context.get(servicesContext).db, actor, (exported, filename) =>
    csvDownload(`${filename}.csv`, GUEST_EXPORT_CSV_HEADER, exported.orders, guestExportCsvLine),
  );
}

/** A GET is 405: this address only answers the form's POST. */
export const loader = postOnly;
