import { pickingListPdf } from "~/domain/restock/picking-list.server";
import { can } from "~/domain/team/permissions";
import type { Route } from "./+types/picking-list-pdf";
import { pdfResponse } from "./download.server";
import { backofficeContext } from "./guard.server";
import { servicesContext } from "./services.server";

/**
 * GET /replacements/{id}/lista.pdf?agrupar=produto|imovel: the run's picking list to print and tick.
 * Another organization's run is the 404, exactly like one that never existed.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  if (!can(actor, "replacement.read"))
    return new Response("Sem permissão para ver as reposições.", { status: 403 });
  const { db } = context.get(servicesContext);
  const grouping = new URL(request.url).searchParams.get("agrupar");
  // inline: the browser's viewer opens it, ready to print; the name is kept when saved.
  return pdfResponse(pickingListPdf(db, actor, params.id, grouping), "inline");
}
