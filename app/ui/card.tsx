import type { ComponentPropsWithRef } from "react";
import { cn } from "~/lib/cn";

/** 1 / 2 / 3 columns on small / md / lg screens. */
export const cardGridClasses = "grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3";

export function Card({ className, ...props }: ComponentPropsWithRef<"div">) {
  return (
    <div
      className={cn("flex flex-col rounded-xl border border-border bg-surface text-ink shadow-xs", className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentPropsWithRef<"div">) {
  return <div className={cn("grid gap-1 p-4 pb-0 sm:p-5 sm:pb-0", className)} {...props} />;
}

export interface CardTitleProps extends ComponentPropsWithRef<"h2"> {
  /** Heading level; h2 under the page's h1 by default. */
  as?: "h2" | "h3" | "h4";
}

export function CardTitle({ as: Heading = "h2", className, ...props }: CardTitleProps) {
  return <Heading className={cn("text-base font-semibold", className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentPropsWithRef<"p">) {
  return <p className={cn("text-sm text-muted", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentPropsWithRef<"div">) {
  return <div className={cn("flex-1 p-4 sm:p-5", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentPropsWithRef<"div">) {
  return (
    <div
      className={cn("flex flex-wrap items-center gap-2 border-t border-border p-4 sm:px-5", className)}
      {...props}
    />
  );
}
