import type { ComponentPropsWithRef } from "react";
import { cn } from "~/lib/cn";

export type BadgeTone = "yellow" | "green" | "red" | "gray" | "blue";

// Each pair passes AA for small text; the label carries the meaning, colour only repeats it.
const tones: Record<BadgeTone, string> = {
  yellow: "bg-warning-soft text-warning-ink ring-warning/40",
  green: "bg-success-soft text-success ring-success/25",
  red: "bg-danger-soft text-danger ring-danger/25",
  gray: "bg-surface-alt text-muted ring-border",
  blue: "bg-blue-50 text-blue-800 ring-blue-800/20",
};

export interface BadgeProps extends ComponentPropsWithRef<"span"> {
  tone?: BadgeTone;
}

export function Badge({ tone = "gray", className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
