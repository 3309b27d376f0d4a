import { z } from "zod";
import { ACCOUNT_TEXT as T } from "./messages";

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: T.emailInvalid }));
const newPassword = z.string().min(6, T.passwordTooShort).max(128, T.passwordTooLong);

export const signInSchema = z.object({
  email,
  password: z.string().min(1, T.passwordRequired),
});

export const signUpSchema = z.object({
  name: z.string().trim().min(1, T.fullNameRequired).max(120),
  email,
  password: newPassword,
});

export const emailOnlySchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string().trim().min(1, T.resetLinkInvalid),
    password: newPassword,
    confirmation: z.string().min(1, T.confirmationRequired),
  })
  .refine((v) => v.password === v.confirmation, { message: T.passwordsDiffer, path: ["confirmation"] });

export function formValues(form: FormData | Record<string, unknown>): Record<string, unknown> {
  return form instanceof FormData ? Object.fromEntries(form) : form;
}
