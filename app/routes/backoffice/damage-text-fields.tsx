import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";

/** A damage record's 'Título' and 'Descrição', with the limits the server checks (messages.ts). */
export function DamageTextFields({
  title,
  description,
  errors,
}: {
  title: string;
  description: string;
  errors: Record<string, string>;
}) {
  return (
    <>
      <Field label="Título" error={errors.title}>
        {(control) => <Input {...control} name="title" maxLength={120} required defaultValue={title} />}
      </Field>
      <Field label="Descrição" error={errors.description}>
        {(control) => (
          <Textarea {...control} name="description" maxLength={4000} rows={5} defaultValue={description} />
        )}
      </Field>
    </>
  );
}
