import { ClipboardCheck } from "lucide-react";
import { buttonClasses } from "~/ui/button";
import { Link } from "~/ui/link";
import { STOCK_COUNT_TEXT as T } from "./stock-count-text";

/** The property's count for the stay that just ended. */
export function turnoverCountPath(propertyId: string, stayId: string): string {
  return `/properties/${propertyId}/conferencia?estadia=${stayId}`;
}

/** 'Conferir saída': from a stay's page and the agenda's turnovers (on the cleaner's phone too). */
export function TurnoverCountLink({
  propertyId,
  stayId,
  size = "md",
}: {
  propertyId: string;
  stayId: string;
  size?: "sm" | "md";
}) {
  return (
    <Link to={turnoverCountPath(propertyId, stayId)} className={buttonClasses({ variant: "outline", size })}>
      <ClipboardCheck aria-hidden="true" />
      {T.turnoverTitle}
    </Link>
  );
}
