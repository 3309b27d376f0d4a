import { useState } from "react";
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from "~/domain/images/image-limits";
import { suggestPublicLocation } from "~/lib/public-location";
import { Field } from "~/ui/field";
import { ImageField } from "~/ui/image-field";
import { Input } from "~/ui/input";
import { PROPERTIES_TEXT as T } from "./properties-text";
import { SaveFormDialog } from "./save-form-dialog";

export type EditedProperty = {
  id: string;
  name: string;
  address: string;
  publicLocation: string | null;
  imageThumb: string | null;
};

interface Props {
  open: boolean;
  /** Changes on every opening: a fresh form and a fresh fetcher. */
  session: number;
  /** null = create. */
  property: EditedProperty | null;
  onOpenChange: (open: boolean) => void;
}

/** 'Adicionar Imóvel' / 'Editar Imóvel' modal (500 px): name, address, what guests see of it, and photo. */
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
          <AddressFields property={property} errors={errors} />
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

/**
 * The full address (back office only) and what guests see of it. While the latter is empty, a guess from the
 * address is offered (neighbourhood and city); nothing is shown to guests until the host fills it.
 */
function AddressFields({
  property,
  errors,
}: {
  property: EditedProperty | null;
  errors: Partial<Record<string, string>>;
}) {
  const [address, setAddress] = useState(property?.address ?? "");
  const [location, setLocation] = useState(property?.publicLocation ?? "");
  const suggestion = location.trim() === "" ? suggestPublicLocation(address) : "";
  return (
    <>
      <Field label="Endereço" error={errors.address}>
        {(c) => (
          <Input
            {...c}
            name="address"
            required
            maxLength={300}
            autoComplete="street-address"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
          />
        )}
      </Field>
      <Field label="Localização para os hóspedes" hint={T.publicLocationHint} error={errors.publicLocation}>
        {(c) => (
          <>
            <Input
              {...c}
              name="publicLocation"
              maxLength={120}
              autoComplete="off"
              placeholder={T.publicLocationPlaceholder}
              value={location}
              onChange={(event) => setLocation(event.target.value)}
            />
            {suggestion ? (
              <button
                type="button"
                className="justify-self-start text-left text-sm text-brand underline"
                onClick={() => setLocation(suggestion)}
              >
                {T.publicLocationSuggestion(suggestion)}
              </button>
            ) : null}
          </>
        )}
      </Field>
    </>
  );
}
