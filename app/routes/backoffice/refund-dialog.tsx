import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { formatCents } from "~/lib/money";
import { shortId } from "~/lib/short-id";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogFooter } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Textarea } from "~/ui/input";
import { toast } from "~/ui/toaster";
import { type Answer, fieldErrorsOf } from "../answer";
import type { SaleView } from "./sale-row";

/** The owner's refund of a paid sale: the whole order, with a reason, after saying what it does. */
export function RefundDialog({ sale, onClose }: { sale: SaleView | null; onClose: () => void }) {
  const fetcher = useFetcher<Answer>();
  const [reason, setReason] = useState("");
  const busy = fetcher.state !== "idle";
  // Each answer is acted on once, whatever re-renders follow.
  const handled = useRef<Answer | null>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle" || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      toast.success(answer.message);
      setReason("");
      close.current();
    } else if (!answer.fieldErrors) {
      toast.error(answer.message);
    }
  }, [fetcher.data, fetcher.state]);
  return (
    <Dialog
      open={sale !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      {sale ? (
        <DialogContent
          title={`Reembolsar o pedido #${shortId(sale.id)}`}
          description={`${formatCents(sale.totalCents)} voltam para ${sale.buyerName} pelo mesmo meio de pagamento, o valor sai do saldo da carteira do imóvel e os produtos voltam ao estoque. Não dá para desfazer.`}
          dismissible={!busy}
        >
          <fetcher.Form method="post" className="grid gap-4">
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="orderId" value={sale.id} />
            <Field label="Motivo do reembolso" error={fieldErrorsOf(fetcher.data).reason}>
              {(control) => (
                <Textarea
                  {...control}
                  name="reason"
                  required
                  maxLength={500}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
              )}
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" variant="danger" busy={busy} busyLabel="Reembolsando...">
                Reembolsar {formatCents(sale.totalCents)}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
