import { describe, expect, it } from "vitest";
import { parseInput } from "~/domain/parse-input";
import { describeActivity } from "~/domain/team/activity-text";
import { TEAM_TEXT as T } from "~/domain/team/messages";
import { ROLES } from "~/domain/team/permissions";
import { ROLE_LABELS, roleLabel } from "~/domain/team/roles";
import { inviteSchema, joinSchema, roleChangeSchema } from "~/domain/team/schemas";
import { formatCents } from "~/lib/money";

/** The pt-BR messages a form would show for `input`, per field. */
function fieldErrors(schema: Parameters<typeof parseInput>[0], input: unknown): Record<string, string> {
  try {
    parseInput(schema, input);
  } catch (err) {
    return (err as { fieldErrors: Record<string, string> }).fieldErrors;
  }
  return {};
}

describe("role labels", () => {
  it("names each role in pt-BR", () => {
    expect(ROLE_LABELS).toEqual({ owner: "Proprietário", manager: "Gerente", staff: "Equipe de limpeza" });
    expect(ROLES.map(roleLabel)).toEqual(["Proprietário", "Gerente", "Equipe de limpeza"]);
  });

  it("shows an unknown stored role as it is", () => {
    expect(roleLabel("auditor")).toBe("auditor");
  });
});

describe("invitation and role forms", () => {
  it("takes an email in any case and a known role", () => {
    expect(parseInput(inviteSchema, { email: "  Lia@Example.COM ", role: "staff" })).toEqual({
      email: "lia@example.com",
      role: "staff",
    });
  });

  it("refuses a bad email or an unknown role with pt-BR messages", () => {
    expect(fieldErrors(inviteSchema, { email: "lia@", role: "admin" })).toEqual({
      email: T.emailInvalid,
      role: T.roleInvalid,
    });
    expect(fieldErrors(roleChangeSchema, { role: "" })).toEqual({ role: T.roleInvalid });
  });

  it("asks a person joining for a name and one password of 6 to 128 characters, as sign-up does", () => {
    expect(fieldErrors(joinSchema, { name: " ", password: "123" })).toEqual({
      name: "Informe seu nome completo.",
      password: "A senha deve ter pelo menos 6 caracteres.",
    });
    // No confirmation to type (issue 49): a password alone is enough.
    expect(joinSchema.safeParse({ name: "Lia", password: "segredo-1" }).success).toBe(true);
    expect(fieldErrors(joinSchema, { name: "Lia", password: "x".repeat(129) })).toEqual({
      password: "A senha deve ter no máximo 128 caracteres.",
    });
  });
});

describe("activity lines", () => {
  it("reads as the owner would say it", () => {
    expect(
      describeActivity({
        kind: "product.price_changed",
        subject: "Água",
        details: { fromCents: 500, toCents: 650 },
      }),
    ).toBe(`Preço de Água alterado de ${formatCents(500)} para ${formatCents(650)}`);
    expect(
      describeActivity({ kind: "member.invited", subject: "lia@example.com", details: { role: "staff" } }),
    ).toBe("lia@example.com convidado(a) como Equipe de limpeza");
    expect(
      describeActivity({
        kind: "member.role_changed",
        subject: "gil@example.com",
        details: { from: "manager", to: "owner" },
      }),
    ).toBe("Papel de gil@example.com alterado de Gerente para Proprietário");
    expect(describeActivity({ kind: "member.removed", subject: "gil@example.com", details: {} })).toBe(
      "gil@example.com removido(a) da equipe",
    );
  });

  it("says the tooManyInvitations wait in minutes", () => {
    expect(T.tooManyInvitations(1)).toContain("1 minuto.");
    expect(T.tooManyInvitations(12)).toContain("12 minutos.");
  });
});
