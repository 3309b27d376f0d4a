import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { saveFailed } from "~/domain/catalog/catalog-text";
import {
  CATEGORY_COLOR_MAX_LENGTH,
  DEFAULT_CATEGORY_COLOR,
  swatchColor,
} from "~/domain/catalog/category-color";
import { Button } from "~/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { toast } from "~/ui/toaster";
import type { action } from "./product-categories";
import { CategorySwatch } from "./product-categories-swatch";

export type EditedCategory = { id: string; name: string; color: string };

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
  const fetcher = useFetcher<typeof action>({ key: `categoria-${session}` });
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
      <DialogContent title={category ? "Editar Categoria" : "Nova Categoria"} width={400}>
        <fetcher.Form key={session} method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value={category ? "update" : "create"} />
          {category ? <input type="hidden" name="id" value={category.id} /> : null}
          <Field label="Nome" error={errors.name}>
            {(c) => <Input {...c} name="name" required maxLength={60} defaultValue={category?.name ?? ""} />}
          </Field>
          <ColorField initial={category?.color ?? DEFAULT_CATEGORY_COLOR} error={errors.color} />
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
