import { disputeEvidencePdf } from "~/domain/disputes/evidence-pack.server";
import { can } from "~/domain/team/permissions";
import type { Route } from "./+types/dispute-evidence-pdf";
import { pdfResponse } from "./download.server";
import { backofficeContext } from "./guard.server";
import { servicesContext } from "./services.server";

/**
 * GET /sales/{id}/contestacao.pdf: a disputed sale's evidence pack to upload to the provider (who reads
 * sales). A sale with no dispute, or another organization's, is the 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  if (!can(actor, "sales.read")) return new Response("Sem permissão para ver as vendas.", { status: 403 });
  const { db } = context.get(servicesContext);
  return pdfResponse(disputeEvidencePdf(db, actor, params.id), "attachment", {
    "Cache-Control": "private, no-store",
  });
}
