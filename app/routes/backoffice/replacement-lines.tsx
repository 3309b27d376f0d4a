import { useFetcher } from "react-router";
import { CATALOG_TEXT } from "~/domain/catalog/catalog-text";
import { RESTOCK_TEXT } from "~/domain/restock/messages";
import type { GuestOrderMark, ReplacementLine } from "~/domain/restock/read-replacements.server";
import { formatDay } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { centsToPriceInput } from "~/lib/price-input";
import type { Grouping } from "~/lib/replacement-status";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { MoneyInput } from "~/ui/money-input";
import { type Answer, fieldErrorsOf } from "../answer";

type Group = { key: string; name: string; image: string | null; total: number; lines: ReplacementLine[] };

function grouped(lines: ReplacementLine[], by: Grouping): Group[] {
  const map = new Map<string, Group>();
  for (const line of lines) {
    const key = by === "product" ? line.productId : line.propertyId;
    const group = map.get(key) ?? {
      key,
      name: by === "product" ? line.productName : line.propertyName,
      image: by === "product" ? line.productImage : line.propertyImage,
      total: 0,
      lines: [],
    };
    group.total += line.delivered;
    group.lines.push(line);
    map.set(key, group);
  }
  return [...map.values()].sort((a, b) => a.name.localeCompare(b.name, "pt-BR"));
}

/**
 * The run's lines as cards (part 2 §2): by product, each with its total and the quantity per property (to
 * load the car); by property, each with its products (to deliver). While it is on its way, what actually
 * goes can be lowered per line. `showCosts` (owners and managers) shows each line's unit cost, editable
 * with the quantities.
 */
export function ReplacementLines({
  lines,
  by,
  editable,
  showCosts,
}: {
  lines: ReplacementLine[];
  by: Grouping;
  editable: boolean;
  showCosts: boolean;
}) {
  const saver = useFetcher<Answer>();
  const errors = fieldErrorsOf(saver.data);
  return (
    <saver.Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="quantities" />
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {grouped(lines, by).map((group) => (
          <li
            key={group.key}
            className="grid content-start gap-3 rounded-xl border border-border bg-surface p-4"
          >
            <div className="flex items-center gap-3">
              <div className="size-12 shrink-0 overflow-hidden rounded-lg bg-surface-alt">
                {group.image ? (
                  <img src={group.image} alt="" width={48} height={48} className="size-full object-cover" />
                ) : null}
              </div>
              <h2 className="min-w-0 flex-1 font-semibold text-ink">{group.name}</h2>
              <span className="text-sm text-muted">
                Total: <strong className="text-ink">{group.total}</strong>
              </span>
            </div>
            <ul className="grid gap-2 text-sm">
              {group.lines.map((line) => {
                const label = by === "product" ? line.propertyName : line.productName;
                return (
                  <li key={line.itemId} className="flex items-center justify-between gap-3">
                    <span className="flex flex-wrap items-center gap-2">
                      {label}
                      {line.guestOrder ? (
                        <Badge tone="blue" title={guestOrderTitle(line.guestOrder)}>
                          {RESTOCK_TEXT.guestOrderMark}
                        </Badge>
                      ) : null}
                    </span>
                    {editable && !line.guestOrder ? (
                      <span className="flex items-center gap-2">
                        <span className="w-20">
                          <Input
                            name={`delivered:${line.itemId}`}
                            defaultValue={line.delivered}
                            inputMode="numeric"
                            aria-label={`Quantidade de ${line.productName} para ${line.propertyName} (de ${line.quantity})`}
                            aria-invalid={errors[line.itemId] ? true : undefined}
                            className="text-right"
                          />
                        </span>
                        <span className="text-muted">de {line.quantity}</span>
                        {showCosts ? (
                          <MoneyInput
                            className="w-28"
                            inputClassName="text-right"
                            name={`cost:${line.itemId}`}
                            defaultValue={
                              line.unitCostCents === null ? "" : centsToPriceInput(line.unitCostCents)
                            }
                            placeholder="Custo unitário"
                            label={`Custo unitário de ${line.productName} para ${line.propertyName}`}
                            labelHidden
                            error={errors[`cost:${line.itemId}`]}
                            invalidMessage={CATALOG_TEXT.costInvalid}
                          />
                        ) : null}
                      </span>
                    ) : (
                      <span className="flex items-center gap-3">
                        {showCosts ? (
                          <span className="text-muted">{costText(line.unitCostCents)}</span>
                        ) : null}
                        <strong>{line.delivered}</strong>
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
      {saver.data && saver.state === "idle" ? (
        <p
          role={saver.data.ok ? "status" : "alert"}
          className={`text-sm font-medium ${saver.data.ok ? "text-success" : "text-danger"}`}
        >
          {saver.data.message}
        </p>
      ) : null}
      {editable ? (
        <div>
          <Button type="submit" variant="outline" busy={saver.state !== "idle"} busyLabel="Salvando...">
            Salvar quantidades
          </Button>
        </div>
      ) : null}
    </saver.Form>
  );
}

function guestOrderTitle(order: GuestOrderMark): string {
  return `Pedido ${order.shortId} de ${order.buyerName}${order.checkIn ? `, entregar até ${formatDay(order.checkIn)}` : ""}`;
}

function costText(cents: number | null): string {
  return cents === null ? "sem custo" : `Custo unitário ${formatCents(cents)}`;
}
