import { LEAD_FIELDS } from "./lead-fields";
import { type LeadLanguage, leadLanguage } from "./messages";

export type LeadValues = { name: string; email: string; phone: string; propertiesCount: string };

/** A text field of the form as sent; "" when it is missing or not text. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The language the form was filled in, which every answer to it uses. */
export function formLanguage(form: FormData): LeadLanguage {
  return leadLanguage(formText(form, LEAD_FIELDS.language));
}

/** What the visitor typed, untouched: a refused form shows it again. */
export function leadValues(form: FormData): LeadValues {
  return {
    name: formText(form, LEAD_FIELDS.name),
    email: formText(form, LEAD_FIELDS.email),
    phone: formText(form, LEAD_FIELDS.phone),
    propertiesCount: formText(form, LEAD_FIELDS.propertiesCount),
  };
}
