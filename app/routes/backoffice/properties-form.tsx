import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from "~/domain/images/image-limits";
import { Field } from "~/ui/field";
import { ImageField } from "~/ui/image-field";
import { Input } from "~/ui/input";
import { PROPERTIES_TEXT as T } from "./properties-text";
import { SaveFormDialog } from "./save-form-dialog";

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
  return (
    <SaveFormDialog
      open={open}
      session={session}
      name="imovel"
      title={property ? "Editar Imóvel" : "Adicionar Imóvel"}
      width={500}
      editingId={property?.id ?? null}
      multipart
      failed={T.saveFailed}
      onOpenChange={onOpenChange}
    >
      {(errors) => (
        <>
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
          <ImageField
            label="Imagem"
            current={property?.imageThumb}
            error={errors.image}
            sizeLimit={{ bytes: MAX_UPLOAD_BYTES, message: IMAGE_MESSAGES.tooLarge }}
          />
        </>
      )}
    </SaveFormDialog>
  );
}
