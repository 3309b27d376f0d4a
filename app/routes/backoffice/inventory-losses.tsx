import { Form } from "react-router";
import { LOSS_REASON_LABEL } from "~/domain/stock/loss-reasons";
import { readShrinkage } from "~/domain/stock/shrinkage.server";
import { shareOfSales } from "~/domain/stock/shrinkage-share";
import { calendarDay, formatDay, saoPauloDay } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import type { Route } from "./+types/inventory-losses";
import { backofficeContext } from "./guard.server";
import { InventoryTabs } from "./inventory-tabs";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";

const TITLE = "Perdas";
/** What the field reports (FIELD-NOTES.md), shown beside the host's own figure. */
const REFERENCES =
  "Referências: mercados autônomos de condomínio perdem até 6% das vendas, supermercados cerca de 3%; frigobares de hotel, de 5% a 20%.";

export function meta() {
  return [{ title: TITLE }];
}

/** Shrinkage of a period (`de`, `ate`; this month by default): money, so owners and managers only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "sales.read", { title: TITLE, what: "ver as perdas" });
  const { db } = context.get(servicesContext);
  const query = new URL(request.url).searchParams;
  const today = saoPauloDay(new Date());
  let from = calendarDay(query.get("de")) ?? `${today.slice(0, 8)}01`;
  let to = calendarDay(query.get("ate")) ?? today;
  if (from > to) [from, to] = [to, from];
  return { report: await readShrinkage(db, actor, { from, to }) };
}

function share(lossCents: number, salesCents: number): string {
  const value = shareOfSales(lossCents, salesCents);
  return value === null ? "sem vendas" : `${value.toLocaleString("pt-BR")}% das vendas`;
}

/** One of the report's lists: a heading and the lines under it. */
function LossList({
  id,
  title,
  label,
  children,
}: {
  id: string;
  title: string;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <ul aria-label={label} className="grid gap-1 text-sm">
        {children}
      </ul>
    </section>
  );
}

export default function InventoryLosses({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  return (
    <PageFrame title={TITLE} description={`${formatDay(report.from)} a ${formatDay(report.to)}`}>
      <InventoryTabs current="losses" showLosses />
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="perdas-de">De</Label>
          <Input id="perdas-de" type="date" name="de" defaultValue={report.from} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="perdas-ate">Até</Label>
          <Input id="perdas-ate" type="date" name="ate" defaultValue={report.to} />
        </div>
        <Button type="submit" variant="outline">
          Filtrar
        </Button>
      </Form>
      <Card className="grid gap-2 p-4">
        <p className="text-lg font-semibold text-ink">
          Perdas: {formatCents(report.lossCents)} · {share(report.lossCents, report.salesCents)}
        </p>
        <p className="text-sm text-muted">{REFERENCES}</p>
      </Card>
      <LossList id="perdas-motivo" title="Por motivo" label="Perdas por motivo">
        {report.byReason.map((r) => (
          <li key={r.reason}>
            {LOSS_REASON_LABEL[r.reason]}: {r.units} un. · {formatCents(r.cents)}
            {r.uncostedUnits > 0 ? ` (+ ${r.uncostedUnits} sem custo)` : ""}
          </li>
        ))}
      </LossList>
      <LossList id="perdas-imovel" title="Por imóvel" label="Perdas por imóvel">
        {report.byProperty.map((p) => (
          <li key={p.propertyId}>
            {p.name}: {formatCents(p.lossCents)} · {share(p.lossCents, p.salesCents)}
          </li>
        ))}
      </LossList>
      <LossList id="perdas-produtos" title="Mais consumidos sem pagar" label="Mais consumidos sem pagar">
        {report.topUnpaid.map((p) => (
          <li key={p.productId}>
            {p.name}: {p.units} un. · {formatCents(p.cents)}
          </li>
        ))}
      </LossList>
      <LossList
        id="perdas-estadias"
        title="Estadias cuja conferência de saída encontrou faltas"
        label="Estadias com faltas"
      >
        {report.staysWithUnpaid.map((s) => (
          <li key={s.stayId}>
            <Link to={`/estadias/${s.stayId}#conta`} className="text-brand underline">
              {s.propertyName}: {formatDay(s.checkIn)} a {formatDay(s.checkOut)}
            </Link>{" "}
            · {s.units} un.
          </li>
        ))}
      </LossList>
    </PageFrame>
  );
}
