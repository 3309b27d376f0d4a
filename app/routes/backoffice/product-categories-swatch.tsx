import { cn } from "~/lib/cn";

/**
 * A category's colour as a small dot. It is named ('Cor #8E9196') because the colour is information of
 * its own; the ring keeps light colours visible on white.
 */
export function CategorySwatch({ color, className }: { color: string; className?: string }) {
  return (
    <span
      role="img"
      aria-label={`Cor ${color}`}
      title={color}
      className={cn("inline-block size-4 shrink-0 rounded-full ring-1 ring-black/15 ring-inset", className)}
      style={{ backgroundColor: color }}
    />
  );
}
