import { and, eq, inArray } from "drizzle-orm";
import { formatDateTime } from "~/lib/dates";
import {
  defaultGrouping,
  type Grouping,
  REPLACEMENT_LABEL,
  type ReplacementStatus,
} from "~/lib/replacement-status";
import { comparePtNames } from "~/lib/sort-by-name";
import type { Db } from "~/platform/db/database-handle.server";
import { properties } from "~/platform/db/schema";
import type { ChecklistSection } from "~/platform/pdf/checklist-pdf.server";
import type { Actor } from "../team/permissions";
import { RESTOCK_TEXT as T } from "./messages";
import { getReplacement, type ReplacementLine } from "./read-replacements.server";

/** `?agrupar=` of the picking list's URL. */
const GROUPING_PARAM: Record<Grouping, string> = { product: "produto", property: "imovel" };

/** The grouping asked for in the URL, or the one the run's detail screen opens with. */
function pickingGrouping(param: string | null, status: ReplacementStatus): Grouping {
  if (param === GROUPING_PARAM.product) return "product";
  if (param === GROUPING_PARAM.property) return "property";
  return defaultGrouping(status);
}

const byName = comparePtNames;
const units = (n: number) => (n === 1 ? "1 unidade" : `${n} unidades`);

/**
 * A restocking run's picking list as a PDF to print and tick: by product to load the car (each product,
 * its total and the units per property) or by property to pack and deliver (a kit per property with its
 * address and its products, then the totals per product for the shopping trip). The units are what actually goes (lowered lines count less; lines lowered to 0 are left
 * out). Another organization's run is not_found, as an unknown one.
 */
export async function pickingListPdf(
  db: Db,
  actor: Actor,
  id: unknown,
  groupingParam: string | null,
): Promise<{ bytes: Uint8Array; filename: string; grouping: Grouping }> {
  const run = await getReplacement(db, actor, id);
  const grouping = pickingGrouping(groupingParam, run.status);
  const lines = run.lines.filter((l) => l.delivered > 0);
  const addresses = await propertyAddresses(db, actor, [...new Set(lines.map((l) => l.propertyId))]);
  const total = lines.reduce((sum, l) => sum + l.delivered, 0);
  const productCount = new Set(lines.map((l) => l.productId)).size;
  const propertyCount = new Set(lines.map((l) => l.propertyId)).size;
  // pdf-lib is loaded with the first list, not at start (an idle instance does not carry it).
  const { renderChecklistPdf } = await import("~/platform/pdf/checklist-pdf.server");
  const bytes = await renderChecklistPdf({
    title: `${grouping === "product" ? "Lista de separação" : "Lista de entrega"} · ${T.runName(run.number)}`,
    subtitle: [
      `Status: ${REPLACEMENT_LABEL[run.status]} · Criada em ${formatDateTime(run.createdAt)}`,
      grouping === "product"
        ? "Agrupada por produto: marque cada imóvel ao colocar o produto no carro."
        : "Agrupada por imóvel: monte um kit por imóvel e marque cada produto ao entregar.",
      `${productCount === 1 ? "1 produto" : `${productCount} produtos`} · ${
        propertyCount === 1 ? "1 imóvel" : `${propertyCount} imóveis`
      } · ${units(total)}`,
    ],
    sections: grouping === "product" ? byProduct(lines) : byProperty(lines, addresses),
    emptyText: "Nenhum produto nesta reposição.",
    footer: `Estadia · ${T.runName(run.number)}`,
  });
  return { bytes, grouping, filename: `reposicao-${run.number}-por-${GROUPING_PARAM[grouping]}.pdf` };
}

function groupBy(lines: ReplacementLine[], key: (l: ReplacementLine) => string) {
  const groups = new Map<string, ReplacementLine[]>();
  for (const line of lines) groups.set(key(line), [...(groups.get(key(line)) ?? []), line]);
  return [...groups.values()];
}

function byProduct(lines: ReplacementLine[]): ChecklistSection[] {
  return productTotals(lines).map(({ group, total }) => ({
    title: group[0]?.productName ?? "",
    notes: [`Total: ${units(total)}`],
    lines: group
      .sort((a, b) => byName(a.propertyName, b.propertyName))
      .map((l) => ({ label: forGuest(l, l.propertyName), quantity: `${l.delivered} un.` })),
  }));
}

/** A line for a guest's pre-arrival order says so, and whose (ADR 0060): it goes to the guest, not the shelf. */
function forGuest(line: ReplacementLine, label: string): string {
  const order = line.guestOrder;
  return order ? `${label} · Pedido do hóspede #${order.shortId} (${order.buyerName})` : label;
}

/** Each product's lines and the units that go of it, by product name. */
function productTotals(lines: ReplacementLine[]) {
  return groupBy(lines, (l) => l.productId)
    .sort((a, b) => byName(a[0]?.productName ?? "", b[0]?.productName ?? ""))
    .map((group) => ({ group, total: group.reduce((sum, l) => sum + l.delivered, 0) }));
}

/** A kit per property ('Kit Casa Praia': what to pack for it), then what to buy for all of them. */
function byProperty(lines: ReplacementLine[], addresses: Map<string, string>): ChecklistSection[] {
  const kits = groupBy(lines, (l) => l.propertyId)
    .sort((a, b) => byName(a[0]?.propertyName ?? "", b[0]?.propertyName ?? ""))
    .map((group): ChecklistSection => {
      const products = group.sort((a, b) => byName(a.productName, b.productName));
      const address = addresses.get(group[0]?.propertyId ?? "");
      const total = `Total: ${units(group.reduce((sum, l) => sum + l.delivered, 0))}`;
      return {
        title: `Kit ${group[0]?.propertyName ?? ""}`,
        notes: [
          address ? `${address} · ${total}` : total,
          products.map((l) => `${l.delivered} ${l.productName}`).join(", "),
        ],
        lines: products.map((l) => ({ label: forGuest(l, l.productName), quantity: `${l.delivered} un.` })),
      };
    });
  if (kits.length === 0) return kits;
  // Also for one kit: what to buy before packing, in one list.
  const shopping: ChecklistSection = {
    title: "Totais para a compra",
    notes: ["Some os kits: o que comprar ou separar para todos os imóveis desta reposição."],
    lines: productTotals(lines).map(({ group, total }) => ({
      label: group[0]?.productName ?? "",
      quantity: `${total} un.`,
    })),
  };
  return [...kits, shopping];
}

/** Where each property of the run is (the run's own organization only). */
async function propertyAddresses(db: Db, actor: Actor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: properties.id, address: properties.address })
    .from(properties)
    .where(and(inArray(properties.id, ids), eq(properties.organizationId, actor.organizationId)));
  return new Map(rows.map((r) => [r.id, r.address]));
}
