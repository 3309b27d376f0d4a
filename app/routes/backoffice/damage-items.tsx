import { formatCents } from "~/lib/money";
import { DamageItemsEditor } from "./damage-items-editor";

type Item = { id: string; description: string };

/** A record's amounts, for those who read them (staff never get them). */
export type DamageItemAmounts = {
  totalCents: number;
  items: (Item & { estimatedCents: number })[];
};

/**
 * A record's 'Itens': what broke, and for those who read amounts each estimate and the total; edited
 * while the record is still open.
 */
export function DamageItems({
  items,
  amounts,
  editable,
  busy,
}: {
  items: Item[];
  amounts: DamageItemAmounts | null;
  editable: boolean;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="damage-items" className="grid gap-3">
      <h2 id="damage-items" className="text-lg font-semibold">
        Itens
      </h2>
      {amounts && editable ? (
        <DamageItemsEditor items={amounts.items} totalCents={amounts.totalCents} busy={busy} />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">Nenhum item.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {(amounts?.items ?? items).map((item) => (
            <li key={item.id} className="flex justify-between gap-4 border-b border-border py-1">
              <span>{item.description}</span>
              {"estimatedCents" in item ? (
                <span className="tabular-nums">{formatCents(item.estimatedCents)}</span>
              ) : null}
            </li>
          ))}
          {amounts ? (
            <li className="flex justify-between gap-4 py-1 font-medium">
              <span>Total</span>
              <span className="tabular-nums">{formatCents(amounts.totalCents)}</span>
            </li>
          ) : null}
        </ul>
      )}
    </section>
  );
}
