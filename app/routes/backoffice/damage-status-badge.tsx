import { DAMAGE_STATUS_LABEL, type DamageStatus } from "~/domain/damages/damage-status";
import { Badge, type BadgeTone } from "~/ui/badge";

const TONE: Record<DamageStatus, BadgeTone> = {
  open: "yellow",
  submitted: "blue",
  reimbursed: "green",
  refused: "red",
  archived: "gray",
};

export function DamageStatusBadge({ status }: { status: DamageStatus }) {
  return <Badge tone={TONE[status]}>{DAMAGE_STATUS_LABEL[status]}</Badge>;
}
