import { type ReactNode, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "~/ui/dialog";
import { toast } from "~/ui/toaster";
import type { Answer } from "../answer";

interface Props {
  open: boolean;
  /** Changes on every opening (useFormEditor): a fresh form and a fresh fetcher. */
  session: number;
  /** Names the fetcher, with the session. */
  name: string;
  title: string;
  width: number;
  /** The id being edited; null = create. Posted as `intent=update&id=` or `intent=create`. */
  editingId: string | null;
  /** For forms with a file. */
  multipart?: boolean;
  /** The toast of a refused save, from the server's message. */
  failed(message: string): string;
  onOpenChange(open: boolean): void;
  /** The fields, given the server's errors by field name. */
  children(errors: Partial<Record<string, string>>): ReactNode;
}

/**
 * The back office's create / edit modal: posts its fields to the screen's action, shows a success as a
 * toast and closes, shows a refusal beside its fields (as a toast only when it names none), and stays open
 * while a save is in flight.
 */
export function SaveFormDialog(props: Props) {
  const { open, session, editingId, onOpenChange } = props;
  const fetcher = useFetcher<Answer>({ key: `${props.name}-${session}` });
  const busy = fetcher.state === "submitting";
  const result = fetcher.data;

  // The latest callbacks, so a re-render with new functions does not replay the same answer.
  const latest = useRef(props);
  latest.current = props;
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      toast.success(result.message);
      latest.current.onOpenChange(false);
    } else if (!result.fieldErrors || Object.keys(result.fieldErrors).length === 0) {
      // A refusal that names its fields is shown beside them; a toast would say it twice.
      toast.error(latest.current.failed(result.message));
    }
  }, [result]);

  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // A save in flight finishes with the modal open, so its answer is shown where it was asked.
        if (!busy) onOpenChange(next);
      }}
    >
      <DialogContent title={props.title} width={props.width}>
        <fetcher.Form
          key={session}
          method="post"
          encType={props.multipart ? "multipart/form-data" : undefined}
          className="grid gap-4"
          noValidate
        >
          <input type="hidden" name="intent" value={editingId ? "update" : "create"} />
          {editingId ? <input type="hidden" name="id" value={editingId} /> : null}
          {props.children(errors)}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                Cancelar
              </Button>
            </DialogClose>
            <Button type="submit" busy={busy} busyLabel="Salvando...">
              Salvar
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
