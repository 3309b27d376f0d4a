import { PROFIT_LABEL as L } from "~/domain/profit/messages";
import type { ProfitFigures } from "~/domain/profit/profit-figures";
import type { ChosenPeriod } from "~/domain/profit/profit-period";
import { type CsvField, CsvNumber, csvMoney } from "~/lib/csv";
import { formatCents } from "~/lib/money";
import { formatShare } from "~/lib/percent";
import { lossesLink, salesLink } from "./profit-links";

export type PropertyFigures = ProfitFigures & { propertyId: string; name: string };

type Scope = { period: Pick<ChosenPeriod, "from" | "to">; propertyId?: string };

export type ProfitColumn = {
  /** Its name in the URL's `ordem`. */
  key: string;
  label: string;
  /** What the column sorts by; null sorts last. */
  value: (f: PropertyFigures) => number | string | null;
  text: (f: PropertyFigures) => string;
  /** The list the figure comes from; none for the property's name (it links to the property's page). */
  link?: (scope: Scope) => string;
};

/** An average of no orders is no amount. */
export const ticketText = (cents: number | null) => (cents === null ? "—" : formatCents(cents));

const fees = (f: ProfitFigures) => f.providerFeeCents + f.platformFeeCents;

const moneyColumn = (
  key: string,
  label: string,
  cents: (f: PropertyFigures) => number,
  link: (scope: Scope) => string = (s) => salesLink(s),
): ProfitColumn => ({ key, label, value: cents, text: (f) => formatCents(cents(f)), link });

/** The property table's columns, in order; the same figures as the tiles above it. */
export const PROFIT_COLUMNS: ProfitColumn[] = [
  { key: "imovel", label: "Imóvel", value: (f) => f.name, text: (f) => f.name },
  moneyColumn("vendas", L.gross, (f) => f.grossCents),
  moneyColumn(
    "reembolsos",
    L.refunded,
    (f) => f.refundedCents,
    (s) => salesLink(s, "refunded"),
  ),
  // A deduction, as the tiles and /sales write it ('-R$ 0,26'); sorted by the amount taken.
  { ...moneyColumn("taxas", L.fees, fees), text: (f) => formatCents(-fees(f)) },
  moneyColumn("liquido", L.net, (f) => f.netCents),
  moneyColumn("custo", L.cogs, (f) => f.cogsCents),
  moneyColumn("lucro", L.profit, (f) => f.profitCents),
  {
    key: "margem",
    label: L.margin,
    value: (f) => f.margin,
    text: (f) => formatShare(f.margin),
    link: (s) => salesLink(s),
  },
  moneyColumn("perdas", L.losses, (f) => f.lossCents, lossesLink),
  {
    key: "pedidos",
    label: L.orders,
    value: (f) => f.orders,
    text: (f) => String(f.orders),
    link: (s) => salesLink(s),
  },
  {
    key: "ticket",
    label: L.averageTicket,
    value: (f) => f.averageTicketCents,
    text: (f) => ticketText(f.averageTicketCents),
    link: (s) => salesLink(s),
  },
];

export type ProfitSort = { key: string; descending: boolean };

/** The table's order from the URL (`ordem`, `sentido`): the most profitable first by default. */
export function profitSort(query: URLSearchParams): ProfitSort {
  const key = query.get("ordem");
  const column = PROFIT_COLUMNS.find((c) => c.key === key);
  if (!column) return { key: "lucro", descending: true };
  return { key: column.key, descending: query.get("sentido") !== "asc" };
}

export function sortProperties(rows: PropertyFigures[], sort: ProfitSort): PropertyFigures[] {
  const column = PROFIT_COLUMNS.find((c) => c.key === sort.key) ?? PROFIT_COLUMNS[0];
  if (!column) return rows;
  const sign = sort.descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = column.value(a);
    const y = column.value(b);
    const byName = a.name.localeCompare(b.name, "pt-BR", { sensitivity: "base" });
    if (x === y) return byName;
    if (x === null) return 1;
    if (y === null) return -1;
    if (typeof x === "string" || typeof y === "string") return byName * sign;
    return (x < y ? -1 : 1) * sign;
  });
}

/** The CSV of a period: one line per property, then the total; money as spreadsheets read it in pt-BR. */
export const PROFIT_CSV_HEADER = [
  "Imóvel",
  `${L.gross} (R$)`,
  `${L.refunded} (R$)`,
  `${L.fees} (R$)`,
  `${L.net} (R$)`,
  `${L.cogs} (R$)`,
  `${L.profit} (R$)`,
  `${L.margin} (%)`,
  `${L.losses} (R$)`,
  `${L.lossShare}`,
  L.orders,
  `${L.averageTicket} (R$)`,
  `${L.gains} (R$)`,
  L.uncostedUnits,
  `${L.uncostedGross} (R$)`,
  L.lossUnitsUncosted,
];

/** A share as a spreadsheet number in percent with a decimal comma (0.125 → 12,5); empty when none. */
function csvPercent(share: number | null): CsvField {
  return share === null ? "" : new CsvNumber((share * 100).toFixed(1).replace(".", ","));
}

export function profitCsvLine(name: string, f: ProfitFigures): CsvField[] {
  return [
    name,
    csvMoney(f.grossCents),
    csvMoney(f.refundedCents),
    csvMoney(fees(f)),
    csvMoney(f.netCents),
    csvMoney(f.cogsCents),
    csvMoney(f.profitCents),
    csvPercent(f.margin),
    csvMoney(f.lossCents),
    csvPercent(f.lossShare),
    f.orders,
    f.averageTicketCents === null ? "" : csvMoney(f.averageTicketCents),
    csvMoney(f.gainCents),
    f.uncostedUnits,
    csvMoney(f.uncostedGrossCents),
    f.lossUnitsUncosted,
  ];
}
