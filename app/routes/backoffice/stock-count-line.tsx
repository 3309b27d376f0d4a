import { Package } from "lucide-react";
import { useId, useState } from "react";
import { LOSS_REASON_OPTIONS } from "~/domain/stock/loss-reasons";
import type { CountLine } from "~/domain/stock/stock-count.server";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/select";
import { STOCK_COUNT_TEXT as T } from "./stock-count-text";

/** One product of a count: its photo, name, the system's number, and the number counted (pre-filled). */
export function StockCountLine({ line, error }: { line: CountLine; error?: string }) {
  const id = useId();
  const [brokenImage, setBrokenImage] = useState(false);
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)_6.5rem] items-center gap-3 px-4 py-3">
      <span className="flex size-12 items-center justify-center overflow-hidden rounded-lg bg-surface-alt">
        {line.imageThumb && !brokenImage ? (
          <img
            src={line.imageThumb}
            alt=""
            loading="lazy"
            referrerPolicy="no-referrer"
            onError={() => setBrokenImage(true)}
            className="size-full object-cover"
          />
        ) : (
          <Package className="size-5 text-muted" aria-hidden="true" />
        )}
      </span>
      <div className="grid min-w-0 gap-0.5">
        <Label htmlFor={id} className="font-medium break-words">
          {line.name}
          <span className="sr-only">: {T.counted}</span>
        </Label>
        <p className="text-sm text-muted">{T.inSystem(line.current)}</p>
        {/* Its own reason when it is short for another one than the count's (issue 49). */}
        <NativeSelect
          name={`lossReason.${line.productId}`}
          defaultValue=""
          aria-label={T.lineLossReason(line.name)}
          className="mt-1 h-9 max-w-56 text-sm"
        >
          <option value="">{T.lineLossReasonDefault}</option>
          {LOSS_REASON_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
        {error ? (
          <p id={`${id}-error`} className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <Input
        id={id}
        name={`counted.${line.productId}`}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        defaultValue={line.current}
        className="h-12 text-center text-lg"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </li>
  );
}
