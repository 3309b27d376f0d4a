import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { ImageField } from "~/ui/image-field";
import { Input } from "~/ui/input";
import { toast } from "~/ui/toaster";
import type { action } from "./properties";
import { PROPERTIES_TEXT as T } from "./properties-text";

export type EditedProperty = { id: string; name: string; address: string; imageThumb: string | null };

interface Props {
  open: boolean;
  /** Changes on every opening: a fresh form and a fresh fetcher. */
  session: number;
  /** null = create. */
  property: EditedProperty | null;
  onOpenChange: (open: boolean) => void;
}

/** 'Adicionar Imóvel' / 'Editar Imóvel' modal (500 px): name, address and photo. */
export function PropertyFormDialog({ open, session, property, onOpenChange }: Props) {
  const fetcher = useFetcher<typeof action>({ key: `imovel-${session}` });
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
      toast.error(T.saveFailed(result.message));
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
      <DialogContent title={property ? "Editar Imóvel" : "Adicionar Imóvel"} width={500}>
        <fetcher.Form
          key={session}
          method="post"
          encType="multipart/form-data"
          className="grid gap-4"
          noValidate
        >
          <input type="hidden" name="intent" value={property ? "update" : "create"} />
          {property ? <input type="hidden" name="id" value={property.id} /> : null}
          <Field label="Nome" error={errors.name}>
            {(c) => <Input {...c} name="name" required maxLength={120} defaultValue={property?.name ?? ""} />}
          </Field>
          <Field label="Endereço" error={errors.address}>
            {(c) => (
              <Input
                {...c}
                name="address"
                required
                maxLength={300}
                autoComplete="street-address"
                defaultValue={property?.address ?? ""}
              />
            )}
          </Field>
          <ImageField label="Imagem" current={property?.imageThumb} error={errors.image} />
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
