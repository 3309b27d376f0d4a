import { z } from "zod";
import { LEAD_TEXT, type LeadLanguage } from "./messages";

/** The landing sign-up form's fields; only the email is required (it is what registration needs). */
export function leadSchema(language: LeadLanguage) {
  const t = LEAD_TEXT[language];
  return z.object({
    name: z.string().trim().max(120, t.nameTooLong).default(""),
    email: z
      .string({ message: t.emailInvalid })
      .trim()
      .toLowerCase()
      .max(254, t.emailInvalid)
      .pipe(z.email({ message: t.emailInvalid })),
    phone: z
      .string()
      .trim()
      .max(30, t.phoneInvalid)
      .regex(/^[\d\s()+\-.]*$/, t.phoneInvalid)
      .default(""),
    propertiesCount: z.string().trim().max(20, t.propertiesInvalid).default(""),
  });
}

export type LeadInput = z.infer<ReturnType<typeof leadSchema>>;
