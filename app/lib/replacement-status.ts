// Restocking runs' statuses (part 2 §4): labels, the forward path the button follows, and the guidance
// shown for each. Shared by the screens and the server.

const REPLACEMENT_STATUSES = [
  "processing",
  "separated_for_replacement",
  "in_transit",
  "delivered",
  "cancelled",
  "returned",
] as const;
export type ReplacementStatus = (typeof REPLACEMENT_STATUSES)[number];

export const REPLACEMENT_LABEL: Record<ReplacementStatus, string> = {
  processing: "Em processamento",
  separated_for_replacement: "Separado",
  in_transit: "Em trânsito",
  delivered: "Entregue",
  cancelled: "Cancelado",
  returned: "Devolvido",
};

/** The button's path: each status, the next one and the button's words ('Marcar como: …'). */
export const NEXT_STEP: Partial<Record<ReplacementStatus, { to: ReplacementStatus; button: string }>> = {
  processing: { to: "separated_for_replacement", button: "Produtos separados" },
  separated_for_replacement: { to: "in_transit", button: "Em trânsito" },
  in_transit: { to: "delivered", button: "Entregue" },
};

/** Every move the server allows (forward only): the button's path, cancelling before transit, a run coming back. */
export const ALLOWED_MOVES: Record<ReplacementStatus, readonly ReplacementStatus[]> = {
  processing: ["separated_for_replacement", "cancelled"],
  separated_for_replacement: ["in_transit", "cancelled"],
  in_transit: ["delivered", "returned"],
  delivered: [],
  cancelled: [],
  returned: [],
};

export const GUIDANCE: Record<ReplacementStatus, string> = {
  processing: "Separe os produtos e leve-os até o veículo, agrupados por produto.",
  separated_for_replacement: "Os produtos estão separados e prontos para o transporte.",
  in_transit: "Os produtos estão a caminho dos imóveis.",
  delivered: "Todos os produtos foram entregues.",
  cancelled: "Esta reposição foi cancelada.",
  returned: "Os produtos voltaram ao estoque.",
};

export type Grouping = "product" | "property";

/** Part 2 §2: by product while the products are being separated; by property once they travel. */
export function defaultGrouping(status: ReplacementStatus): Grouping {
  return status === "processing" ? "product" : "property";
}

export function isReplacementStatus(value: unknown): value is ReplacementStatus {
  return typeof value === "string" && (REPLACEMENT_STATUSES as readonly string[]).includes(value);
}

/** Runs whose products are still on their way (they count against what is missing). */
export const OPEN_REPLACEMENT_STATUSES = ["processing", "separated_for_replacement", "in_transit"] as const;
