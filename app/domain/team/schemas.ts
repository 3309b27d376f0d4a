import { z } from "zod";
import { TEAM_TEXT as T } from "./messages";
import { ROLES } from "./permissions";

const role = z.enum(ROLES, { message: T.roleInvalid });

export const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: T.emailInvalid })),
  role,
});

export const roleChangeSchema = z.object({ role });

/**
 * A person without an account registering from an invitation: the email is the invitation's. One password,
 * as sign-up asks it (issue 49; the field can be shown to check it).
 */
export const joinSchema = z.object({
  name: z.string().trim().min(1, T.fullNameRequired).max(120),
  password: z.string().min(6, T.passwordTooShort).max(128, T.passwordTooLong),
});
