import { Plus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { Form } from "react-router";
import { MAX_ITEMS } from "~/domain/damages/messages";
import { formatCents } from "~/lib/money";
import { centsToPriceInput } from "~/lib/price-input";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { MoneyInput } from "~/ui/money-input";

type Item = { description: string; estimatedCents: number };

/**
 * The record's items for those who manage damages: a description and an estimated amount per line, saved
 * together ('Salvar itens'). A blank line is ignored, so the page works without its script too.
 */
export function DamageItemsEditor({
  items,
  totalCents,
  busy,
}: {
  items: Item[];
  totalCents: number;
  busy: boolean;
}) {
  const nextKey = useRef(items.length + 1);
  const [rows, setRows] = useState(() => [
    ...items.map((item, i) => ({
      key: i,
      description: item.description,
      amount: centsToPriceInput(item.estimatedCents),
    })),
    { key: items.length, description: "", amount: "" },
  ]);
  const add = () => {
    setRows((r) => [...r, { key: nextKey.current, description: "", amount: "" }]);
    nextKey.current += 1;
  };
  return (
    <Form method="post" className="grid gap-3">
      <input type="hidden" name="intent" value="items" />
      {rows.map((row, i) => (
        <div key={row.key} className="grid items-end gap-2 sm:grid-cols-[1fr_12rem_auto]">
          <Field label={`Descrição do item ${i + 1}`}>
            {(control) => (
              <Input {...control} name="itemDescription" maxLength={200} defaultValue={row.description} />
            )}
          </Field>
          <MoneyInput name="itemAmount" label={`Valor estimado do item ${i + 1}`} defaultValue={row.amount} />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remover a linha ${i + 1}`}
            onClick={() => setRows((r) => r.filter((x) => x.key !== row.key))}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <p className="text-sm font-medium">Total: {formatCents(totalCents)}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={add} disabled={rows.length >= MAX_ITEMS}>
          <Plus aria-hidden="true" />
          Adicionar item
        </Button>
        <Button type="submit" busy={busy} busyLabel="Salvando...">
          Salvar itens
        </Button>
      </div>
    </Form>
  );
}
