import { Form } from "react-router";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";

/** The organization's contact for guests as the form shows it (masked as people type it). */
export type GuestContact = { whatsapp: string; phone: string; email: string };

/** 'Nome da organização': the owner renames the organization. */
export function OrganizationNameForm({
  name,
  error,
  busy,
}: {
  name: string;
  error: string | undefined;
  busy: boolean;
}) {
  return (
    <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <input type="hidden" name="intent" value="rename" />
      <Field label="Nome da organização" error={error}>
        {(control) => <Input name="name" defaultValue={name} required maxLength={80} {...control} />}
      </Field>
      <Button type="submit" variant="outline" disabled={busy}>
        Salvar nome
      </Button>
    </Form>
  );
}

/** 'Contato para os hóspedes': what the shop, the success page and the receipt offer guests. */
export function GuestContactForm({
  contact,
  fieldErrors,
  busy,
}: {
  contact: GuestContact;
  fieldErrors: Record<string, string> | undefined;
  busy: boolean;
}) {
  return (
    <section
      aria-labelledby="guest-contact-heading"
      className="grid gap-3 rounded-xl border border-border bg-surface p-4"
    >
      <h2 id="guest-contact-heading" className="text-lg font-semibold">
        Contato para os hóspedes
      </h2>
      <p className="text-sm text-muted">
        Aparece na loja, na confirmação do pagamento e no recibo como “Fale com o anfitrião”. Todos os campos
        são opcionais; sem nenhum, os hóspedes não veem contato.
      </p>
      <Form method="post" className="grid gap-3 sm:grid-cols-3 sm:items-start">
        <input type="hidden" name="intent" value="contact" />
        <Field
          label="WhatsApp"
          hint="Com DDD, ex.: (48) 99999-8888"
          error={fieldErrors?.["contact-whatsapp"]}
        >
          {(control) => (
            <Input
              name="whatsapp"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              maxLength={20}
              defaultValue={contact.whatsapp}
              {...control}
            />
          )}
        </Field>
        <Field label="Telefone" hint="Com DDD" error={fieldErrors?.["contact-phone"]}>
          {(control) => (
            <Input
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              maxLength={20}
              defaultValue={contact.phone}
              {...control}
            />
          )}
        </Field>
        <Field label="E-mail de contato" error={fieldErrors?.["contact-email"]}>
          {(control) => (
            <Input
              name="email"
              type="email"
              autoComplete="off"
              maxLength={254}
              defaultValue={contact.email}
              {...control}
            />
          )}
        </Field>
        <div className="sm:col-span-3">
          <Button type="submit" variant="outline" disabled={busy}>
            Salvar contato
          </Button>
        </div>
      </Form>
    </section>
  );
}
