import { REPLACEMENT_LABEL, type ReplacementStatus } from "~/lib/replacement-status";
import { Badge, type BadgeTone } from "~/ui/badge";

const TONE: Record<ReplacementStatus, BadgeTone> = {
  processing: "yellow",
  separated_for_replacement: "blue",
  in_transit: "blue",
  delivered: "green",
  cancelled: "red",
  returned: "gray",
};

export function ReplacementStatusBadge({ status }: { status: ReplacementStatus }) {
  return <Badge tone={TONE[status]}>{REPLACEMENT_LABEL[status]}</Badge>;
}
