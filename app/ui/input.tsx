import type { ComponentPropsWithRef } from "react";
import { cn } from "~/lib/cn";

// Shared by Input, Textarea and NativeSelect so all controls line up.
export const controlClasses =
  "w-full rounded-lg border border-border bg-surface px-3 text-base text-ink shadow-xs " +
  "placeholder:text-muted disabled:cursor-not-allowed disabled:opacity-60 " +
  "aria-invalid:border-danger aria-invalid:ring-1 aria-invalid:ring-danger sm:text-sm";

/** Native input (name/value post with plain HTML forms). */
export function Input({ className, type = "text", ...props }: ComponentPropsWithRef<"input">) {
  return <input type={type} className={cn(controlClasses, "h-10 py-2", className)} {...props} />;
}

export function Textarea({ className, rows = 4, ...props }: ComponentPropsWithRef<"textarea">) {
  return <textarea rows={rows} className={cn(controlClasses, "min-h-20 py-2", className)} {...props} />;
}
