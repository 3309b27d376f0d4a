import { walletStatement } from "~/domain/ledger/read-wallets.server";
import { can } from "~/domain/team/permissions";
import { CSV_BOM, csvLine, csvMoney } from "~/lib/csv";
import { formatDateTime } from "~/lib/dates";
import { database } from "~/platform/db/database.server";
import type { Route } from "./+types/wallet-statement-csv";
import { notFoundUnlessFound } from "./app-error.server";
import { backofficeContext } from "./guard.server";

/** GET /wallets/{id}/extrato.csv: the statement as a spreadsheet opens it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  if (!can(actor, "wallet.read"))
    return new Response("Sem permissão para ver as carteiras.", { status: 403 });
  const { db } = await database();
  const rows = notFoundUnlessFound(await walletStatement(db, actor, params.id).catch(() => null));
  let text = CSV_BOM + csvLine(["Tipo", "Referência", "Data", "Valor (R$)", "Status"]);
  for (const r of rows)
    text += csvLine([r.type, r.reference, formatDateTime(r.at), csvMoney(r.amountCents), r.status]);
  return new Response(text, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="extrato-estadia.csv"`,
    },
  });
}
