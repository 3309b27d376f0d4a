import { ChevronDown } from "lucide-react";
import type { ComponentPropsWithRef } from "react";
import { cn } from "~/lib/cn";
import { controlClasses } from "~/ui/input";

// Native <select> on purpose: posts without JavaScript and phones show their own picker.
export function NativeSelect({ className, children, ...props }: ComponentPropsWithRef<"select">) {
  return (
    <div className="relative w-full">
      <select className={cn(controlClasses, "h-10 appearance-none py-2 pr-9", className)} {...props}>
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted"
        aria-hidden="true"
      />
    </div>
  );
}
