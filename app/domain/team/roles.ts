import type { Role } from "./permissions";

/** How each role is named on screen and in the invitation email. */
export const ROLE_LABELS: Record<Role, string> = {
  owner: "Proprietário",
  manager: "Gerente",
  staff: "Equipe de limpeza",
};

/** The label of a stored role; an unknown value is shown as it is rather than hidden. */
export function roleLabel(role: string): string {
  return (ROLE_LABELS as Record<string, string>)[role] ?? role;
}
