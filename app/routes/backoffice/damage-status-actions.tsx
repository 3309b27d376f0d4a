import { Form } from "react-router";
import { DAMAGE_MOVES, type DamageStatus, MOVE_BUTTON } from "~/domain/damages/damage-status";
import { Button } from "~/ui/button";
import { MoneyInput } from "~/ui/money-input";

/** The moves a record's status allows, one button each; 'Reembolsada' asks for the 'Valor recuperado'. */
export function DamageStatusActions({
  status,
  busy,
  recoveredError,
}: {
  status: DamageStatus;
  busy: boolean;
  recoveredError?: string;
}) {
  const moves = DAMAGE_MOVES[status];
  if (moves.length === 0) return <p className="text-sm text-muted">Esta avaria está encerrada.</p>;
  return (
    <div className="grid gap-4">
      {moves.includes("reimbursed") ? (
        <Form method="post" className="grid max-w-sm gap-2">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="from" value={status} />
          <input type="hidden" name="to" value="reimbursed" />
          <MoneyInput name="recovered" label="Valor recuperado" error={recoveredError} />
          <div>
            <Button type="submit" busy={busy} busyLabel="Atualizando...">
              {MOVE_BUTTON.reimbursed}
            </Button>
          </div>
        </Form>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {moves
          .filter((to) => to !== "reimbursed")
          .map((to) => (
            <Form method="post" key={to}>
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="from" value={status} />
              <input type="hidden" name="to" value={to} />
              <Button type="submit" variant={to === "archived" ? "outline" : "secondary"} disabled={busy}>
                {MOVE_BUTTON[to]}
              </Button>
            </Form>
          ))}
      </div>
    </div>
  );
}
