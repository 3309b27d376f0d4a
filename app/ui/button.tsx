import { LoaderCircle } from "lucide-react";
import type { ComponentPropsWithRef } from "react";
import { cn } from "~/lib/cn";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

const base =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap " +
  "transition-colors select-none disabled:pointer-events-none disabled:opacity-60 " +
  "[&_svg]:pointer-events-none [&_svg]:shrink-0";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand text-white hover:bg-brand-hover",
  secondary: "bg-brand-soft text-brand hover:bg-brand-soft/70",
  outline: "border border-border bg-surface text-ink hover:bg-surface-alt",
  ghost: "text-ink hover:bg-black/5",
  danger: "bg-danger text-white hover:bg-danger-hover",
};

// Heights keep touch targets at 40px+ except the compact sm size.
const sizes: Record<ButtonSize, string> = {
  sm: "h-8 px-3 text-sm [&_svg]:size-4",
  md: "h-10 px-4 text-sm [&_svg]:size-4",
  lg: "h-12 px-6 text-base [&_svg]:size-5",
  icon: "size-10 [&_svg]:size-5",
};

export interface ButtonClassOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** Button look for other elements, e.g. `<a className={buttonClasses({ variant: "outline" })}>`. */
export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: ButtonClassOptions = {}): string {
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ComponentPropsWithRef<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Disables the button and shows `busyLabel` (or the children) next to a spinner. */
  busy?: boolean;
  busyLabel?: string;
}

export function Button({
  type = "button",
  variant,
  size,
  busy = false,
  busyLabel,
  disabled,
  className,
  children,
  ...props
}: ButtonProps) {
  const spinner = <LoaderCircle className="animate-spin" aria-hidden="true" />;
  let content = children;
  if (busy) {
    // Icon buttons have no room for text: the label goes to screen readers only.
    content =
      size === "icon" ? (
        <>
          {spinner}
          {busyLabel ? <span className="sr-only">{busyLabel}</span> : null}
        </>
      ) : (
        <>
          {spinner}
          {busyLabel ?? children}
        </>
      );
  }
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClasses({ variant, size, className })}
      {...props}
    >
      {content}
    </button>
  );
}
