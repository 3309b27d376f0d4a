import { AppError } from "../errors";

export const ROLES = ["owner", "manager", "staff"] as const;
export type Role = (typeof ROLES)[number];

/** Who acts in a domain operation: a member of one organization, with one role there. */
export type Actor = { userId: string; organizationId: string; role: Role };

/**
 * Every permission the back office checks, with the roles that hold it. docs/permissions.md shows this
 * table to people; a test keeps the two in step.
 */
export const PERMISSIONS = {
  "catalog.read": ["owner", "manager", "staff"],
  "catalog.manage": ["owner", "manager"],
  "stock.adjust": ["owner", "manager", "staff"],
  "stock.count": ["owner", "manager", "staff"],
  "replacement.read": ["owner", "manager", "staff"],
  "replacement.manage": ["owner", "manager"],
  "replacement.deliver": ["owner", "manager", "staff"],
  "stays.read": ["owner", "manager", "staff"],
  "stays.manage": ["owner", "manager"],
  "damage.report": ["owner", "manager", "staff"],
  "damage.manage": ["owner", "manager"],
  "sales.read": ["owner", "manager"],
  "wallet.read": ["owner", "manager"],
  "withdrawal.request": ["owner"],
  "sales.refund": ["owner"],
  "guests.data": ["owner"],
  "payments.read": ["owner", "manager"],
  "payments.manage": ["owner"],
  "team.manage": ["owner"],
  "organization.manage": ["owner"],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The one permission check every domain operation uses. */
export function can(actor: Actor, action: Action): boolean {
  return (PERMISSIONS[action] as readonly Role[]).includes(actor.role);
}

/** `can`, or a forbidden AppError with a message a person understands. */
export function assertCan(actor: Actor, action: Action): void {
  if (!can(actor, action)) {
    throw new AppError("forbidden", "Você não tem permissão para fazer isso nesta organização.");
  }
}
