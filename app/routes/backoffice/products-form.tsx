import { useState } from "react";
import { saveFailed } from "~/domain/catalog/catalog-text";
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from "~/domain/images/image-limits";
import { centsToPriceInput, sanitizePriceInput } from "~/lib/price-input";
import { Field } from "~/ui/field";
import { ImageField } from "~/ui/image-field";
import { Input } from "~/ui/input";
import { NativeSelect } from "~/ui/select";
import { SaveFormDialog } from "./save-form-dialog";

export type EditedProduct = {
  id: string;
  name: string;
  priceCents: number;
  /** null = not told ('sem custo'). */
  costCents: number | null;
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
  return (
    <SaveFormDialog
      open={open}
      session={session}
      name="produto"
      title={product ? "Editar Produto" : "Adicionar Produto"}
      width={500}
      editingId={product?.id ?? null}
      multipart
      failed={saveFailed}
      onOpenChange={onOpenChange}
    >
      {(errors) => (
        <>
          <Field label="Nome" error={errors.name}>
            {(c) => <Input {...c} name="name" required maxLength={120} defaultValue={product?.name ?? ""} />}
          </Field>
          <MoneyField
            name="price"
            label="Preço"
            hint="Em reais, por exemplo 12,50."
            initialCents={product?.priceCents}
            error={errors.price}
          />
          <MoneyField
            name="cost"
            label="Custo"
            hint="Quanto você paga por unidade (opcional)."
            initialCents={product?.costCents ?? undefined}
            error={errors.cost}
          />
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
          <ImageField
            label="Imagem"
            current={product?.imageThumb}
            error={errors.image}
            sizeLimit={{ bytes: MAX_UPLOAD_BYTES, message: IMAGE_MESSAGES.tooLarge }}
          />
        </>
      )}
    </SaveFormDialog>
  );
}

/**
 * An amount in reais with the pt-BR typing rule as the host types: digits, one comma, two decimals
 * ('1a2,5x0' shows '12,50'). Starts empty when there is no amount yet.
 */
function MoneyField({
  name,
  label,
  hint,
  initialCents,
  error,
}: {
  name: "price" | "cost";
  label: string;
  hint: string;
  initialCents: number | undefined;
  error: string | undefined;
}) {
  const [amount, setAmount] = useState(initialCents === undefined ? "" : centsToPriceInput(initialCents));
  return (
    <Field label={label} hint={hint} error={error}>
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
            name={name}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            value={amount}
            onChange={(event) => setAmount(sanitizePriceInput(event.currentTarget.value))}
            className="pl-10"
          />
        </div>
      )}
    </Field>
  );
}
