import { LoaderCircle } from "lucide-react";
import type { ComponentPropsWithRef } from "react";
import { cn } from "~/lib/cn";

/** Polite live region, so screen readers hear the loading message without losing focus. */
export function LoadingText({ className, children = "Carregando...", ...props }: ComponentPropsWithRef<"p">) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={cn("inline-flex items-center gap-2 text-sm text-muted", className)}
      {...props}
    >
      <LoaderCircle className="size-4 shrink-0 motion-safe:animate-spin" aria-hidden="true" />
      {children}
    </p>
  );
}
