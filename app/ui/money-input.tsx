import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { type MoneyState, moneyCents, moneyDisplay, moneyFromText, nextMoneyState } from "~/lib/money-typing";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";

export const MONEY_INVALID = "Digite o valor só com números e vírgula, como 22,90.";

export interface MoneyInputProps {
  /** The posted field's name, read by the action: the visible text itself is posted ("R$ 22,90"). */
  name: string;
  /** The field's accessible name; shown above it unless `labelHidden`. */
  label: string;
  labelHidden?: boolean;
  hint?: ReactNode;
  /** The server's message for this field. */
  error?: string;
  /** Text to start with: an amount ("12,50") or what the server refused, shown as it was posted. */
  defaultValue?: string;
  /** Said under the field when the text is not an amount (the server's message for the same field). */
  invalidMessage?: string;
  /** Above this many cents, saving first asks `confirmQuestion(amount)` and posts only when confirmed. */
  confirmAboveCents?: number;
  confirmQuestion?: (amount: string) => string;
  placeholder?: string;
  className?: string;
  inputClassName?: string;
}

/**
 * Every amount in the back office (issue 25): cents-first with live formatting (typing 2 2 9 0 shows
 * "R$ 22,90"), pastes read whole with the server's rules, and text that is not an amount kept as typed
 * with a message. Without JavaScript it is a plain text field whose text the server parses the same way.
 */
export function MoneyInput(props: MoneyInputProps) {
  const { label, labelHidden, hint, className } = props;
  const money = useMoneyState(props.defaultValue ?? "");
  const error = money.state.kind === "invalid" ? (props.invalidMessage ?? MONEY_INVALID) : props.error;
  const confirm = useConfirmAbove(money.inputRef, moneyCents(money.state), money.initialCents, props);
  const generatedId = useId();

  const control = (wiring: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }) => (
    <>
      <Input
        {...wiring}
        ref={money.inputRef}
        type="text"
        name={props.name}
        inputMode="decimal"
        autoComplete="off"
        placeholder={props.placeholder ?? "0,00"}
        aria-label={labelHidden ? label : undefined}
        value={moneyDisplay(money.state)}
        onChange={(event) => money.change(event.currentTarget.value)}
        onPaste={(event) => {
          // A paste replaces the whole amount: appended to "R$ 22,90" it would only make nonsense.
          event.preventDefault();
          money.replace(event.clipboardData.getData("text"));
        }}
        className={props.inputClassName}
      />
      {confirm.box}
    </>
  );

  if (!labelHidden)
    return (
      <Field label={label} hint={hint} error={error} className={className}>
        {control}
      </Field>
    );
  const errorId = `${generatedId}-error`;
  return (
    <span className={cn("grid gap-1", className)}>
      {control({
        id: generatedId,
        "aria-describedby": error ? errorId : undefined,
        "aria-invalid": error ? true : undefined,
      })}
      {error ? (
        <span id={errorId} role="alert" className="text-xs font-medium text-danger">
          {error}
        </span>
      ) : null}
    </span>
  );
}

function useMoneyState(initial: string) {
  const [state, setState] = useState<MoneyState>(() => moneyFromText(initial));
  const [initialCents] = useState(() => moneyCents(moneyFromText(initial)));
  const inputRef = useRef<HTMLInputElement>(null);
  return {
    state,
    initialCents,
    inputRef,
    change: (next: string) => setState((prev) => nextMoneyState(prev, next)),
    replace: (text: string) => setState(moneyFromText(text)),
  };
}

/**
 * The confirmation of a large amount (a changed one): the enclosing form's submit is held (a native listener runs before
 * React Router's handler, which leaves a prevented submit alone) until the host confirms that amount.
 */
function useConfirmAbove(
  inputRef: React.RefObject<HTMLInputElement | null>,
  cents: number | null,
  initialCents: number | null,
  { confirmAboveCents, confirmQuestion }: MoneyInputProps,
) {
  const [askingFor, setAskingFor] = useState<number | null>(null);
  // An amount saved before (an edit that keeps the price) was confirmed then.
  const confirmed = useRef<number | null>(initialCents);
  const submitter = useRef<HTMLElement | null>(null);
  const latestCents = useRef(cents);
  latestCents.current = cents;
  const confirmButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form || confirmAboveCents === undefined) return;
    const hold = (event: SubmitEvent) => {
      const amount = latestCents.current;
      if (amount === null || amount <= confirmAboveCents || confirmed.current === amount) return;
      event.preventDefault();
      submitter.current = event.submitter;
      setAskingFor(amount);
    };
    form.addEventListener("submit", hold);
    return () => form.removeEventListener("submit", hold);
  }, [inputRef, confirmAboveCents]);

  const asking = askingFor !== null && askingFor === cents;
  useEffect(() => {
    if (asking) confirmButton.current?.focus();
  }, [asking]);

  if (!asking || cents === null) return { box: null };
  const amount = moneyDisplay({ kind: "amount", cents });
  const question = confirmQuestion ? confirmQuestion(amount) : `Confirmar o valor de ${amount}?`;
  const box = (
    <div role="alert" className="grid gap-2 rounded-lg border border-warning bg-warning-soft p-3 text-sm">
      <p className="font-medium text-warning-ink">{question}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          ref={confirmButton}
          size="sm"
          onClick={() => {
            confirmed.current = cents;
            setAskingFor(null);
            const form = inputRef.current?.form;
            const by = submitter.current;
            form?.requestSubmit(by && form.contains(by) ? by : undefined);
          }}
        >
          Confirmar
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            setAskingFor(null);
            inputRef.current?.focus();
          }}
        >
          Corrigir
        </Button>
      </div>
    </div>
  );
  return { box };
}
