import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import type { ComponentPropsWithRef, ReactNode } from "react";
import { cn } from "~/lib/cn";
import { Button } from "~/ui/button";
import { DialogFooter, overlayClasses } from "~/ui/dialog";

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;
export const AlertDialogCancel = AlertDialogPrimitive.Cancel;
export const AlertDialogAction = AlertDialogPrimitive.Action;
export const AlertDialogFooter = DialogFooter;

export interface AlertDialogContentProps
  extends Omit<ComponentPropsWithRef<typeof AlertDialogPrimitive.Content>, "title"> {
  title: ReactNode;
  description: ReactNode;
  width?: number;
}

/** Panel with title and description; put the buttons in `AlertDialogFooter` as children. */
export function AlertDialogContent({
  title,
  description,
  width = 400,
  className,
  style,
  children,
  ...props
}: AlertDialogContentProps) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className={overlayClasses} />
      <AlertDialogPrimitive.Content
        {...props}
        style={{ width: `min(${width}px, 100vw - 2rem)`, ...style }}
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4",
          "overflow-y-auto rounded-xl bg-surface p-5 shadow-xl motion-safe:animate-dialog-in sm:p-6",
          className,
        )}
      >
        <div className="grid gap-1.5">
          <AlertDialogPrimitive.Title className="text-lg font-semibold text-ink">
            {title}
          </AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="text-sm text-muted">
            {description}
          </AlertDialogPrimitive.Description>
        </div>
        {children}
      </AlertDialogPrimitive.Content>
    </AlertDialogPrimitive.Portal>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Shown on the confirm button while `busy`. */
  busyLabel?: string;
  /** "danger" for destructive actions (default), "primary" otherwise. */
  tone?: "danger" | "primary";
  onConfirm: () => void;
  /** While busy the dialog stays open: confirm shows progress, cancel and Escape are disabled. */
  busy?: boolean;
}

/**
 * Controlled confirmation. Confirm does not close the dialog by itself, so an async action can
 * show progress; the caller closes it via `onOpenChange(false)` when done.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = "Excluir",
  cancelLabel = "Cancelar",
  busyLabel = "Aguarde...",
  tone = "danger",
  onConfirm,
  busy = false,
}: ConfirmDialogProps) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
    >
      <AlertDialogContent
        title={title}
        description={description}
        onEscapeKeyDown={(event) => {
          if (busy) event.preventDefault();
        }}
      >
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={busy}>
              {cancelLabel}
            </Button>
          </AlertDialogCancel>
          <Button variant={tone} busy={busy} busyLabel={busyLabel} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
