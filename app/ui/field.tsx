import { type ReactNode, useId } from "react";
import { cn } from "~/lib/cn";
import { Label } from "~/ui/label";

/** Props to spread on the control so the label, hint and error are wired to it. */
export interface FieldControlProps {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Validation message; when set the control is marked invalid and the text is announced. */
  error?: ReactNode;
  /** Overrides the generated id (e.g. to link to the field from an error summary). */
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Render prop rather than cloneElement: the wiring is explicit, type-checked and works
 * with any control (Input, Textarea, NativeSelect, wrappers).
 *
 *   <Field label="Nome" error={errors.name}>
 *     {(control) => <Input name="name" {...control} />}
 *   </Field>
 */
export function Field({ label, hint, error, id, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasHint = hint != null && hint !== false && hint !== "";
  const hasError = error != null && error !== false && error !== "";
  const describedBy = [hasHint ? hintId : null, hasError ? errorId : null].filter(Boolean).join(" ");

  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={controlId}>{label}</Label>
      {children({
        id: controlId,
        "aria-describedby": describedBy || undefined,
        "aria-invalid": hasError ? true : undefined,
      })}
      {hasHint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
