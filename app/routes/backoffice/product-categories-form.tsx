import { useState } from "react";
import { saveFailed } from "~/domain/catalog/catalog-text";
import {
  CATEGORY_COLOR_MAX_LENGTH,
  DEFAULT_CATEGORY_COLOR,
  swatchColor,
} from "~/domain/catalog/category-color";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { ForeignNameFields } from "./foreign-name-fields";
import { CategorySwatch } from "./product-categories-swatch";
import { SaveFormDialog } from "./save-form-dialog";

export type EditedCategory = {
  id: string;
  name: string;
  nameEn: string | null;
  nameEs: string | null;
  color: string;
};

interface Props {
  open: boolean;
  /** Changes on every opening: a fresh form and a fresh fetcher. */
  session: number;
  /** null = create. */
  category: EditedCategory | null;
  onOpenChange: (open: boolean) => void;
}

/** 'Nova categoria' / 'Editar categoria' modal (400 px), with a swatch previewing the typed colour. */
export function CategoryFormDialog({ open, session, category, onOpenChange }: Props) {
  return (
    <SaveFormDialog
      open={open}
      session={session}
      name="categoria"
      title={category ? "Editar Categoria" : "Nova Categoria"}
      width={400}
      editingId={category?.id ?? null}
      failed={saveFailed}
      onOpenChange={onOpenChange}
    >
      {(errors) => (
        <>
          <Field label="Nome" error={errors.name}>
            {(c) => <Input {...c} name="name" required maxLength={60} defaultValue={category?.name ?? ""} />}
          </Field>
          <ForeignNameFields maxLength={60} names={category} errors={errors} />
          <ColorField initial={category?.color ?? DEFAULT_CATEGORY_COLOR} error={errors.color} />
        </>
      )}
    </SaveFormDialog>
  );
}

function ColorField({ initial, error }: { initial: string; error: string | undefined }) {
  const [color, setColor] = useState(initial);
  const shown = swatchColor(color);
  return (
    <Field label="Cor" hint="Formato #RRGGBB, por exemplo #8E9196." error={error}>
      {(c) => (
        <div className="flex items-center gap-3">
          <CategorySwatch color={shown} className="size-10 rounded-lg" />
          <Input
            {...c}
            name="color"
            required
            maxLength={CATEGORY_COLOR_MAX_LENGTH}
            placeholder={DEFAULT_CATEGORY_COLOR}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={color}
            onChange={(event) => setColor(event.currentTarget.value)}
            className="font-mono"
          />
          {/* The system colour picker, for those who would rather choose than type a code. */}
          <input
            type="color"
            aria-label="Escolher cor"
            value={shown.toLowerCase()}
            onChange={(event) => setColor(event.currentTarget.value.toUpperCase())}
            className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-border bg-surface p-1"
          />
        </div>
      )}
    </Field>
  );
}
