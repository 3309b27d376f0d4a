import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentPropsWithRef, CSSProperties, ReactNode } from "react";
import { cn } from "~/lib/cn";

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

// The overlay, panel and heading every dialog here shares, this one and the confirmation (alert-dialog.tsx).
export const overlayClasses = "fixed inset-0 z-50 bg-black/50 motion-safe:animate-fade-in";
export const titleClasses = "text-lg font-semibold text-ink";
export const descriptionClasses = "text-sm text-muted";

/** The centred panel, `width` px wide (phones get the viewport minus a margin), scrolling when tall. */
export function panelProps(width: number, className?: string, style?: CSSProperties) {
  return {
    style: { width: `min(${width}px, 100vw - 2rem)`, ...style },
    className: cn(
      "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4",
      "overflow-y-auto rounded-xl bg-surface p-5 shadow-xl motion-safe:animate-dialog-in sm:p-6",
      className,
    ),
  };
}

export interface DialogContentProps
  extends Omit<ComponentPropsWithRef<typeof DialogPrimitive.Content>, "title"> {
  title: ReactNode;
  description?: ReactNode;
  /** Panel width in px (the spec uses 500 and 400); phones get the viewport minus a margin. */
  width?: number;
  /** false: no close button, Escape and outside clicks are ignored (e.g. payment in progress). */
  dismissible?: boolean;
}

export function DialogContent({
  title,
  description,
  width = 500,
  dismissible = true,
  className,
  style,
  children,
  onEscapeKeyDown,
  onPointerDownOutside,
  onInteractOutside,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        {...props}
        {...panelProps(width, className, style)}
        onEscapeKeyDown={(event) => {
          if (!dismissible) event.preventDefault();
          onEscapeKeyDown?.(event);
        }}
        onPointerDownOutside={(event) => {
          if (!dismissible) event.preventDefault();
          onPointerDownOutside?.(event);
        }}
        onInteractOutside={(event) => {
          if (!dismissible) event.preventDefault();
          onInteractOutside?.(event);
        }}
      >
        <div className={cn("grid gap-1.5", dismissible && "pr-8")}>
          <DialogPrimitive.Title className={titleClasses}>{title}</DialogPrimitive.Title>
          {description == null ? null : (
            <DialogPrimitive.Description className={descriptionClasses}>
              {description}
            </DialogPrimitive.Description>
          )}
        </div>
        {children}
        {dismissible ? (
          <DialogPrimitive.Close
            aria-label="Fechar"
            className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-black/5 hover:text-ink"
          >
            <X className="size-5" aria-hidden="true" />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** Action row: stacked full-width on phones (primary on top), right-aligned from sm. */
export function DialogFooter({ className, ...props }: ComponentPropsWithRef<"div">) {
  return (
    <div
      className={cn(
        "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end [&>*]:w-full sm:[&>*]:w-auto",
        className,
      )}
      {...props}
    />
  );
}
