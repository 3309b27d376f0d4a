import { MONEY_LABEL as L } from "~/domain/ledger/messages";
import { walletStatement } from "~/domain/ledger/read-wallets.server";
import { can } from "~/domain/team/permissions";
import { csvDownload, csvMoney } from "~/lib/csv";
import { formatDateTime } from "~/lib/dates";
import { requestContext } from "~/platform/request-context";
import type { Route } from "./+types/wallet-statement-csv";
import { backofficeContext } from "./guard.server";
import { notFoundUnlessFound } from "./not-found.server";
import { servicesContext } from "./services.server";

// Signed as the ledger posts them (fees taken negative), so Bruto + the fees = Líquido on a sale's line;
// a withdrawal has only its Líquido. The Líquido column sums to the available balance.
const HEADER = [
  "Tipo",
  "Referência",
  "Data",
  `${L.gross} (R$)`,
  `${L.providerFee} (R$)`,
  `${L.platformFee} (R$)`,
  `${L.net} (R$)`,
  "Status",
];

/** GET /wallets/{id}/extrato.csv: the statement as a spreadsheet opens it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  if (!can(actor, "wallet.read"))
    return new Response("Sem permissão para ver as carteiras.", { status: 403 });
  const { db } = context.get(servicesContext);
  const rows = notFoundUnlessFound(await walletStatement(db, actor, params.id).catch(() => null));
  return csvDownload(
    "extrato-estadia.csv",
    HEADER,
    rows,
    (r) => [
      r.type,
      r.reference,
      formatDateTime(r.at),
      r.money ? csvMoney(r.money.grossCents) : "",
      r.money ? csvMoney(-r.money.providerFeeCents) : "",
      r.money ? csvMoney(-r.money.platformFeeCents) : "",
      csvMoney(r.amountCents),
      r.status,
    ],
    (err) => context.get(requestContext).log.error({ err }, "CSV download cut short"),
  );
}
