// Damage records' statuses: labels and the moves the server allows. Shared by the screens and the server.

export const DAMAGE_STATUSES = ["open", "submitted", "reimbursed", "refused", "archived"] as const;
export type DamageStatus = (typeof DAMAGE_STATUSES)[number];

export const DAMAGE_STATUS_LABEL: Record<DamageStatus, string> = {
  open: "Aberta",
  submitted: "Enviada à plataforma",
  reimbursed: "Reembolsada",
  refused: "Recusada",
  archived: "Arquivada",
};

export const DAMAGE_MOVES: Record<DamageStatus, readonly Exclude<DamageStatus, "open">[]> = {
  open: ["submitted", "archived"],
  submitted: ["reimbursed", "refused", "archived"],
  reimbursed: [],
  refused: ["archived"],
  archived: [],
};

/** The button that makes each move (nothing moves back to 'Aberta'). */
export const MOVE_BUTTON: Record<Exclude<DamageStatus, "open">, string> = {
  submitted: "Marcar como enviada à plataforma",
  reimbursed: "Marcar como reembolsada",
  refused: "Marcar como recusada",
  archived: "Arquivar",
};

/** While a claim is being put together or waits for an answer, photos and items may still change. */
export const EDITABLE_STATUSES: readonly DamageStatus[] = ["open", "submitted"];

export function isDamageStatus(value: unknown): value is DamageStatus {
  return typeof value === "string" && (DAMAGE_STATUSES as readonly string[]).includes(value);
}
