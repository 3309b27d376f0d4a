import { useEffect, useId } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { toast } from "~/ui/toaster";
import type { Answer } from "../answer";
import { INVENTORY_TEXT as T } from "./inventory-text";

interface Props {
  propertyId: string;
  productId: string;
  /** For the field's name read aloud: 'Nível de alerta de Água em Casa Praia'. */
  what: string;
  /** The host's own level; null = the default. */
  alertQuantity: number | null;
  /** The level in force, shown as the placeholder when the default applies. */
  alertLevel: number | null;
}

/**
 * The alert level of one property product, saved on its own (Enter or 'Salvar'). Empty goes back to the
 * default. Without JavaScript it is a plain form post and the page comes back.
 */
export function AlertLevelForm({ propertyId, productId, what, alertQuantity, alertLevel }: Props) {
  const id = useId();
  const fetcher = useFetcher<Answer>({ key: `alerta-${propertyId}-${productId}` });
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    if (answer.ok) toast.success(answer.message);
    else toast.error(T.alertFailed(answer.message));
  }, [fetcher.data, fetcher.state]);
  const refused = fetcher.state === "idle" && fetcher.data?.ok === false;
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="alert" />
      <input type="hidden" name="propertyId" value={propertyId} />
      <input type="hidden" name="productId" value={productId} />
      <label htmlFor={id} className="text-muted lg:sr-only">
        Nível de alerta<span className="sr-only"> de {what}</span>
      </label>
      <Input
        // Drawn again when the saved value changes; a refused value stays, marked, to be corrected.
        key={alertQuantity ?? "padrão"}
        id={id}
        name="alertQuantity"
        // Text, not number: no spinner over the placeholder; the keyboard is still numeric and the server
        // says in pt-BR what is wrong with a value.
        inputMode="numeric"
        autoComplete="off"
        defaultValue={alertQuantity ?? ""}
        placeholder={alertLevel === null ? "—" : `${alertLevel} (padrão)`}
        aria-invalid={refused || undefined}
        className="max-w-28"
      />
      <Button type="submit" variant="outline" busy={fetcher.state !== "idle"}>
        Salvar
      </Button>
    </fetcher.Form>
  );
}
