import { chosenPeriod } from "~/domain/profit/profit-period";
import { profitOf } from "~/domain/profit/read-profit.server";
import { can } from "~/domain/team/permissions";
import { csvDownload } from "~/lib/csv";
import { saoPauloDay } from "~/lib/dates";
import { isUuid } from "~/lib/uuid";
import type { Route } from "./+types/dashboard-csv";
import { backofficeContext } from "./guard.server";
import { PROFIT_CSV_HEADER, profitCsvLine } from "./profit-columns";
import { servicesContext } from "./services.server";

/**
 * GET /dashboard.csv: the dashboard's period (the same `periodo`, `de`, `ate`) as a spreadsheet, one line
 * per property and the total; with `imovel`, that property's line only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  if (!can(actor, "sales.read"))
    return new Response("Sem permissão para ver os resultados.", { status: 403 });
  const { db } = context.get(servicesContext);
  const query = new URL(request.url).searchParams;
  const period = chosenPeriod(query, saoPauloDay(new Date()));
  const propertyId = query.get("imovel");
  const report = await profitOf(db, actor, {
    ...period,
    ...(isUuid(propertyId) ? { propertyId } : {}),
  });
  const lines = [
    ...report.properties.map((p) => profitCsvLine(p.name, p)),
    ...(isUuid(propertyId) ? [] : [profitCsvLine("Total", report.totals)]),
  ];
  return csvDownload(`resultado-${period.from}-a-${period.to}.csv`, PROFIT_CSV_HEADER, lines, (line) => line);
}
