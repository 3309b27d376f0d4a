import { type Action, type Actor, can } from "~/domain/team/permissions";
import { RECEIVING_PATH } from "./receiving-result";

/**
 * The permission each back-office section needs to be opened. The navigation and the dashboard show only
 * what the role may open; each page checks the same permission itself (and answers 403).
 */
export const SECTION_PERMISSIONS: Record<string, Action | null> = {
  "/dashboard": null,
  "/hoje": "stays.read",
  "/properties": "catalog.read",
  "/agenda": "stays.read",
  "/inventory": "catalog.read",
  "/replacements": "replacement.read",
  "/avarias": "damage.report",
  "/products": "catalog.read",
  "/qr-templates": "catalog.read",
  "/sales": "sales.read",
  "/withdrawals": "wallet.read",
  [RECEIVING_PATH]: "payments.read",
  "/hospedes": "guests.data",
  "/team": "team.manage",
};

/** The sections this member may open. */
export function openSections(actor: Actor): string[] {
  return Object.entries(SECTION_PERMISSIONS)
    .filter(([, action]) => action === null || can(actor, action))
    .map(([path]) => path);
}
