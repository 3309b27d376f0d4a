import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** Usually a Button or a link styled with buttonClasses. */
  action?: ReactNode;
  icon?: LucideIcon;
  /** Heading level of the title; h2 under the page's h1 by default. */
  titleAs?: "h2" | "h3" | "p";
  className?: string;
}

export function EmptyState({
  title,
  description,
  action,
  icon: Icon,
  titleAs: Title = "h2",
  className,
}: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-4 py-10 text-center",
        className,
      )}
    >
      {Icon ? (
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand">
          <Icon className="size-6" aria-hidden="true" />
        </span>
      ) : null}
      <Title className="text-base font-semibold text-ink">{title}</Title>
      {description ? <p className="max-w-prose text-sm text-muted">{description}</p> : null}
      {action ? <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
