import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { saveFailed } from "~/domain/catalog/catalog-text";
import { centsToPriceInput, sanitizePriceInput } from "~/lib/price-input";
import { Button } from "~/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { ImageField } from "~/ui/image-field";
import { Input } from "~/ui/input";
import { NativeSelect } from "~/ui/select";
import { toast } from "~/ui/toaster";
import type { action } from "./products";

export type EditedProduct = {
  id: string;
  name: string;
  priceCents: number;
  imageThumb: string | null;
  categoryId: string | null;
};

interface Props {
  open: boolean;
  /** Changes on every opening: a fresh form and a fresh fetcher. */
  session: number;
  /** null = create. */
  product: EditedProduct | null;
  /** Ordered by name (part 1 §5). */
  categories: { id: string; name: string }[];
  onOpenChange: (open: boolean) => void;
}

/** 'Adicionar Produto' / 'Editar Produto' modal (500 px). */
export function ProductFormDialog({ open, session, product, categories, onOpenChange }: Props) {
  const fetcher = useFetcher<typeof action>({ key: `produto-${session}` });
  const busy = fetcher.state === "submitting";
  const result = fetcher.data;

  // The latest callback, so a re-render with a new function does not replay the same answer.
  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      toast.success(result.message);
      onOpenChangeRef.current(false);
    } else {
      toast.error(saveFailed(result.message));
    }
  }, [result]);

  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // A save in flight finishes with the modal open, so its answer is shown where it was asked.
        if (!busy) onOpenChange(next);
      }}
    >
      <DialogContent title={product ? "Editar Produto" : "Adicionar Produto"} width={500}>
        <fetcher.Form
          key={session}
          method="post"
          encType="multipart/form-data"
          className="grid gap-4"
          noValidate
        >
          <input type="hidden" name="intent" value={product ? "update" : "create"} />
          {product ? <input type="hidden" name="id" value={product.id} /> : null}
          <Field label="Nome" error={errors.name}>
            {(c) => <Input {...c} name="name" required maxLength={120} defaultValue={product?.name ?? ""} />}
          </Field>
          <PriceField initialCents={product?.priceCents} error={errors.price} />
          <Field label="Categoria" error={errors.categoryId}>
            {(c) => (
              <NativeSelect {...c} name="categoryId" defaultValue={product?.categoryId ?? ""}>
                <option value="">Nenhuma</option>
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <ImageField label="Imagem" current={product?.imageThumb} error={errors.image} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                Cancelar
              </Button>
            </DialogClose>
            <Button type="submit" busy={busy} busyLabel="Salvando...">
              Salvar
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/** The pt-BR typing rule as the host types: digits, one comma, two decimals ('1a2,5x0' shows '12,50'). */
function PriceField({
  initialCents,
  error,
}: {
  initialCents: number | undefined;
  error: string | undefined;
}) {
  const [price, setPrice] = useState(initialCents === undefined ? "" : centsToPriceInput(initialCents));
  return (
    <Field label="Preço" hint="Em reais, por exemplo 12,50." error={error}>
      {(c) => (
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted"
          >
            R$
          </span>
          <Input
            {...c}
            name="price"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            value={price}
            onChange={(event) => setPrice(sanitizePriceInput(event.currentTarget.value))}
            className="pl-10"
          />
        </div>
      )}
    </Field>
  );
}
