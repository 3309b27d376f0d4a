import { CAUSE_LABEL, movementLabel, moverLabel, quantityLabel } from "~/domain/stock/movement-reasons";
import { allStockHistory, historyFilter } from "~/domain/stock/read-stock-history.server";
import { can } from "~/domain/team/permissions";
import { csvDownload } from "~/lib/csv";
import { formatDateTime } from "~/lib/dates";
import { requestContext } from "~/platform/request-context";
import type { Route } from "./+types/inventory-history-csv";
import { backofficeContext } from "./guard.server";
import { servicesContext } from "./services.server";

const HEADER = ["Data", "Imóvel", "Produto", "Motivo", "Referência", "Quem", "Antes", "Depois"];

/** GET /inventory/historico.csv: every movement of the filter in the URL, as a spreadsheet opens them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  if (!can(actor, "catalog.read")) return new Response("Sem permissão para ver o estoque.", { status: 403 });
  const { db } = context.get(servicesContext);
  const filter = historyFilter(new URL(request.url).searchParams);
  return csvDownload(
    "movimentacoes-estoque-estadia.csv",
    HEADER,
    allStockHistory(db, actor, filter),
    (m) => [
      formatDateTime(m.at),
      m.propertyName,
      m.productName,
      movementLabel(m.reason, m.lossReason),
      // The whole id here: a spreadsheet may look it up in the sales export.
      m.cause ? `${CAUSE_LABEL[m.cause.kind]} ${m.cause.id}` : "",
      moverLabel(m.reason, m.actorName),
      quantityLabel(m.oldQuantity, "old", m.reason),
      quantityLabel(m.newQuantity, "new", m.reason),
    ],
    (err) => context.get(requestContext).log.error({ err }, "CSV download cut short"),
  );
}
