import { damageReportPdf } from "~/domain/damages/damage-report.server";
import { can } from "~/domain/team/permissions";
import type { Route } from "./+types/damage-report-pdf";
import { pdfResponse } from "./download.server";
import { backofficeContext } from "./guard.server";
import { servicesContext } from "./services.server";

/**
 * GET /avarias/{id}/relatorio.pdf: the claim report to attach to the platform's claim (owners and
 * managers). Another organization's record is the 404, exactly like one that never existed.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  if (!can(actor, "damage.manage"))
    return new Response("Sem permissão para gerar o relatório da avaria.", { status: 403 });
  const { db } = context.get(servicesContext);
  return pdfResponse(damageReportPdf(db, actor, params.id), "attachment");
}
