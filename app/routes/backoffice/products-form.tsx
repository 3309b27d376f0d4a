import { CATALOG_TEXT, saveFailed } from "~/domain/catalog/catalog-text";
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from "~/domain/images/image-limits";
import { centsToPriceInput } from "~/lib/price-input";
import { Field } from "~/ui/field";
import { ImageField } from "~/ui/image-field";
import { Input } from "~/ui/input";
import { MoneyInput } from "~/ui/money-input";
import { NativeSelect } from "~/ui/select";
import { ForeignNameFields } from "./foreign-name-fields";
import { SaveFormDialog } from "./save-form-dialog";

export type EditedProduct = {
  id: string;
  name: string;
  nameEn: string | null;
  nameEs: string | null;
  priceCents: number;
  /** null = not told ('sem custo'). */
  costCents: number | null;
  imageThumb: string | null;
  categoryId: string | null;
  adultsOnly: boolean;
  madeToOrder: boolean;
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

/** R$ 500,00: a new price above it is confirmed before saving (issue 25: "2290" once saved R$ 2.290,00). */
const PRICE_CONFIRM_ABOVE_CENTS = 50_000;

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
          <ForeignNameFields maxLength={120} names={product} errors={errors} />
          <MoneyInput
            name="price"
            label="Preço"
            hint="Em reais, por exemplo 12,50."
            defaultValue={product ? centsToPriceInput(product.priceCents) : ""}
            error={errors.price}
            invalidMessage={CATALOG_TEXT.priceInvalid}
            confirmAboveCents={PRICE_CONFIRM_ABOVE_CENTS}
            confirmQuestion={(amount) => `Confirmar preço de ${amount}?`}
          />
          <MoneyInput
            name="cost"
            label="Custo"
            hint="Quanto você paga por unidade (opcional)."
            defaultValue={product?.costCents == null ? "" : centsToPriceInput(product.costCents)}
            error={errors.cost}
            invalidMessage={CATALOG_TEXT.costInvalid}
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
          <div className="flex items-center gap-2">
            <input
              id="produto-maiores"
              type="checkbox"
              name="adultsOnly"
              defaultChecked={product?.adultsOnly ?? false}
              className="size-4 accent-brand"
            />
            <label htmlFor="produto-maiores" className="text-sm text-ink">
              {CATALOG_TEXT.adultsOnlyLabel}
            </label>
          </div>
          <div className="grid gap-1">
            <div className="flex items-center gap-2">
              <input
                id="produto-encomenda"
                type="checkbox"
                name="madeToOrder"
                defaultChecked={product?.madeToOrder ?? false}
                aria-describedby="produto-encomenda-dica"
                className="size-4 accent-brand"
              />
              <label htmlFor="produto-encomenda" className="text-sm text-ink">
                {CATALOG_TEXT.madeToOrderLabel}
              </label>
            </div>
            <p id="produto-encomenda-dica" className="text-xs text-muted">
              {CATALOG_TEXT.madeToOrderHint}
            </p>
          </div>
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
