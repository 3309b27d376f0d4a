import { shortId } from "~/lib/short-id";
import { isUuid } from "~/lib/uuid";
import { LOSS_REASON_LABEL, type LossReason } from "./loss-reasons";
import type { MovementReason } from "./messages";

// How a stock movement reads to people (the history screen and its CSV). Shared by server and screens.

export const MOVEMENT_REASONS = [
  "sale",
  "sale_reversal",
  "restock",
  "adjustment",
  "initial",
  "removal",
  "loss",
] as const satisfies readonly MovementReason[];

export const MOVEMENT_REASON_LABEL: Record<MovementReason, string> = {
  sale: "Venda",
  sale_reversal: "Reembolso",
  restock: "Reposição",
  adjustment: "Ajuste",
  initial: "Entrada no imóvel",
  removal: "Saída do imóvel",
  loss: "Perda",
};

/** The movement as a history line names it: 'Perda · Quebrado' when a reason goes with it, else 'Perda'. */
export function movementLabel(reason: MovementReason, lossReason: LossReason | null): string {
  const label = MOVEMENT_REASON_LABEL[reason];
  return lossReason ? `${label} · ${LOSS_REASON_LABEL[lossReason]}` : label;
}

export function isMovementReason(value: unknown): value is MovementReason {
  return typeof value === "string" && (MOVEMENT_REASONS as readonly string[]).includes(value);
}

/** What caused a movement, read from its `reference` ('order:{id}', 'replacement:{id}'). */
export type MovementCause = {
  kind: "order" | "replacement";
  id: string;
  /** A restocking run's number in its organization, when the reader looked it up. */
  number?: number;
};

export function movementCause(reference: string | null): MovementCause | null {
  const [kind, id] = (reference ?? "").split(":");
  if ((kind === "order" || kind === "replacement") && isUuid(id)) return { kind, id };
  return null;
}

export const CAUSE_LABEL: Record<MovementCause["kind"], string> = {
  order: "Pedido",
  replacement: "Reposição",
};

/** 'Pedido #1a2b3c4d' or 'Reposição #12' (its number, as the runs' list shows it): the cause on screen. */
export function causeLabel(cause: MovementCause): string {
  return `${CAUSE_LABEL[cause.kind]} #${cause.number ?? shortId(cause.id)}`;
}

/** Who moved the stock: the member's name, 'Hóspede' for a guest's paid order, '—' for a removed member. */
export function moverLabel(reason: MovementReason, actorName: string | null): string {
  if (actorName) return actorName;
  return reason === "sale" ? "Hóspede" : "—";
}

/**
 * One side of old → new. A missing quantity means the product was not in the property (before it came in,
 * after it left) or, for any other change, that it was not counted ('Sem limite').
 */
export function quantityLabel(value: number | null, side: "old" | "new", reason: MovementReason): string {
  if (value !== null) return String(value);
  const absent = (side === "old" && reason === "initial") || (side === "new" && reason === "removal");
  return absent ? "—" : "Sem limite";
}
