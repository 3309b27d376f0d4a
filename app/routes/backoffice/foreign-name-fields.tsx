import { CATALOG_TEXT as T } from "~/domain/catalog/catalog-text";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";

/**
 * 'Nome em inglês' and 'Nome em espanhol' of a product or category form: optional, what guests reading
 * the shop in that language see (the pt-BR name when empty).
 */
export function ForeignNameFields({
  maxLength,
  names,
  errors,
}: {
  maxLength: number;
  names: { nameEn: string | null; nameEs: string | null } | null;
  errors: Record<string, string | undefined>;
}) {
  return (
    <>
      <Field label={T.nameEnLabel} hint={T.foreignNameHint} error={errors.nameEn}>
        {(c) => (
          <Input {...c} name="nameEn" lang="en" maxLength={maxLength} defaultValue={names?.nameEn ?? ""} />
        )}
      </Field>
      <Field label={T.nameEsLabel} error={errors.nameEs}>
        {(c) => (
          <Input {...c} name="nameEs" lang="es" maxLength={maxLength} defaultValue={names?.nameEs ?? ""} />
        )}
      </Field>
    </>
  );
}
