import { allSales } from "~/domain/sales/sales-csv.server";
import { can } from "~/domain/team/permissions";
import { csvDownload, csvMoney } from "~/lib/csv";
import { formatDateTime } from "~/lib/dates";
import { ORDER_STATUS_LABEL } from "~/lib/order-status";
import { PAYMENT_METHOD_LABEL } from "~/lib/payment-method";
import { requestContext } from "~/platform/request-context";
import type { Route } from "./+types/sales-csv";
import { backofficeContext } from "./guard.server";
import { salesQueryWithStay } from "./sales-query.server";
import { servicesContext } from "./services.server";

// The money columns are the wallet ledger's, signed as it posts them (fees and refunds negative), so
// Bruto + Taxa do provedor + Taxa Estadia + Reembolso = Líquido on every line. 'Total' is the order's.
const HEADER = [
  "Pedido",
  "Data",
  "Status",
  "Imóvel",
  "Pagamento",
  "Itens",
  "Total (R$)",
  "Bruto (R$)",
  "Taxa do provedor (R$)",
  "Taxa Estadia (R$)",
  "Reembolso (R$)",
  "Líquido (R$)",
  "Comprador",
  "E-mail",
  "Telefone",
];

/** GET /sales.csv: the sales of the filter in the URL, all of them, as a spreadsheet opens them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  if (!can(actor, "sales.read")) return new Response("Sem permissão para ver as vendas.", { status: 403 });
  const { db } = context.get(servicesContext);
  const filter = await salesQueryWithStay(db, actor, new URL(request.url).searchParams);
  return csvDownload(
    "vendas-estadia.csv",
    HEADER,
    allSales(db, actor, filter),
    (s) => [
      s.id,
      formatDateTime(s.createdAt),
      ORDER_STATUS_LABEL[s.status].label,
      s.propertyName,
      PAYMENT_METHOD_LABEL[s.paymentMethod],
      s.items.map((i) => `${i.quantity} × ${i.name} (${csvMoney(i.unitPriceCents)})`).join(", "),
      csvMoney(s.totalCents),
      csvMoney(s.grossCents),
      csvMoney(-s.providerFeeCents),
      csvMoney(-s.platformFeeCents),
      csvMoney(s.refundCents),
      csvMoney(s.netCents),
      s.buyerName,
      s.buyerEmail,
      s.buyerPhone,
    ],
    (err) => context.get(requestContext).log.error({ err }, "CSV download cut short"),
  );
}
