import { allSales, salesFilter } from "~/domain/ledger/read-sales.server";
import { ORDER_STATUS_LABEL } from "~/domain/orders/order-status";
import { can } from "~/domain/team/permissions";
import { CSV_BOM, csvLine, csvMoney } from "~/lib/csv";
import { formatDateTime } from "~/lib/dates";
import { database } from "~/platform/db/database.server";
import type { Route } from "./+types/sales-csv";
import { backofficeContext } from "./guard.server";

const HEADER = [
  "Pedido",
  "Data",
  "Status",
  "Imóvel",
  "Pagamento",
  "Itens",
  "Total (R$)",
  "Comprador",
  "Email",
  "Telefone",
];

/** GET /sales.csv: the sales of the filter in the URL, all of them, as a spreadsheet opens them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  if (!can(actor, "sales.read")) return new Response("Sem permissão para ver as vendas.", { status: 403 });
  const { db } = await database();
  const filter = salesFilter(new URL(request.url).searchParams);
  const encoder = new TextEncoder();
  const rows = allSales(db, actor, filter);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLine(HEADER)));
    },
    async pull(controller) {
      const next = await rows.next();
      if (next.done) return controller.close();
      const s = next.value;
      controller.enqueue(
        encoder.encode(
          csvLine([
            s.id,
            formatDateTime(s.createdAt),
            ORDER_STATUS_LABEL[s.status].label,
            s.propertyName,
            s.paymentMethod === "pix" ? "Pix" : "Cartão de crédito",
            s.items.map((i) => `${i.quantity} x ${i.name}`).join(", "),
            csvMoney(s.totalCents),
            s.buyerName,
            s.buyerEmail,
            s.buyerPhone,
          ]),
        ),
      );
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="vendas-estadia.csv"`,
    },
  });
}
