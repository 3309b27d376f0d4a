import { Label as LabelPrimitive } from "radix-ui";
import type { ComponentPropsWithRef } from "react";
import { cn } from "~/lib/cn";

export function Label({ className, ...props }: ComponentPropsWithRef<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root className={cn("text-sm font-medium text-ink", className)} {...props} />;
}
