import { Slider } from "radix-ui";
import { useId, useState } from "react";
import { Input } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";

interface Props {
  /** Posted under this name, by the number box. */
  name: string;
  label: string;
  min: number;
  max: number;
  value: number;
  onChange(value: number): void;
  error?: string;
}

/**
 * A slider (Radix: arrows, Page Up/Down, Home/End) with a number box beside it. The box carries the form
 * value, so the form posts before the page's JavaScript runs (the slider waits for it) and a host can type
 * an exact number.
 */
export function QrTemplateSlider({ name, label, min, max, value, onChange, error }: Props) {
  const id = useId();
  const hydrated = useHydrated();
  // What the host is typing, until it is a valid value (or they leave the box).
  const [draft, setDraft] = useState<string | null>(null);
  const errorId = `${id}-error`;

  function type(text: string) {
    setDraft(text);
    const n = Number(text);
    if (text.trim() !== "" && Number.isInteger(n) && n >= min && n <= max) onChange(n);
  }

  return (
    <div className="grid gap-2">
      <span id={`${id}-label`} className="text-sm font-medium text-ink">
        {label}
      </span>
      <div className="flex items-center gap-3">
        <Slider.Root
          min={min}
          max={max}
          step={1}
          value={[value]}
          disabled={!hydrated}
          onValueChange={([next]) => {
            setDraft(null);
            if (next !== undefined) onChange(next);
          }}
          className="relative flex h-8 flex-1 touch-none items-center select-none data-disabled:opacity-60"
        >
          <Slider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-border">
            <Slider.Range className="absolute h-full bg-brand" />
          </Slider.Track>
          <Slider.Thumb
            aria-labelledby={`${id}-label`}
            aria-valuetext={`${value} px`}
            className="block size-5 rounded-full border-2 border-brand bg-surface shadow-sm"
          />
        </Slider.Root>
        <div className="flex shrink-0 items-center gap-1.5">
          <Input
            type="number"
            name={name}
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            value={draft ?? String(value)}
            onChange={(event) => type(event.currentTarget.value)}
            onBlur={() => setDraft(null)}
            aria-label={`${label} em pixels`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="w-20 tabular-nums"
          />
          <span className="text-sm text-muted" aria-hidden="true">
            px
          </span>
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
