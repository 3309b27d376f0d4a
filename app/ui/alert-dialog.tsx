import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "~/ui/button";
import { DialogFooter, descriptionClasses, overlayClasses, panelProps, titleClasses } from "~/ui/dialog";

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
    <AlertDialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
    >
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlayClasses} />
        <AlertDialogPrimitive.Content
          {...panelProps(400)}
          onEscapeKeyDown={(event) => {
            if (busy) event.preventDefault();
          }}
        >
          <div className="grid gap-1.5">
            <AlertDialogPrimitive.Title className={titleClasses}>{title}</AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description className={descriptionClasses}>
              {description}
            </AlertDialogPrimitive.Description>
          </div>
          <DialogFooter>
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="outline" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertDialogPrimitive.Cancel>
            <Button variant={tone} busy={busy} busyLabel={busyLabel} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </DialogFooter>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
