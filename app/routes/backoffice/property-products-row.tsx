import { Package, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { LOSS_REASON_OPTIONS } from "~/domain/stock/loss-reasons";
import { parseQuantity } from "~/domain/stock/quantities";
import { formatCents } from "~/lib/money";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/select";
import { useHydrated } from "~/ui/use-hydrated";
import { STOCK_SCREEN_TEXT as T } from "./property-products-text";

export type StockRowData = {
  productId: string;
  name: string;
  priceCents: number;
  imageThumb: string | null;
  current: number | null;
  expected: number | null;
};

/** Why the last save refused this row's quantities (the domain's field errors). */
export type StockRowError = { current?: string; expected?: string; lossReason?: string };

interface Props {
  row: StockRowData;
  error?: StockRowError;
  canRemove: boolean;
  onRemove: () => void;
}

/**
 * One product of the property with its two quantity inputs (uncontrolled: they post with the form and
 * start from the saved values). 'Sem limite' is an explicit tick, so an empty field never means it.
 */
export function StockRowItem({ row, error, canRemove, onRemove }: Props) {
  const id = useId();
  const currentRef = useRef<HTMLInputElement>(null);
  const typedBeforeUnlimited = useRef(row.current === null ? "" : String(row.current));
  const [unlimited, setUnlimited] = useState(row.current === null);
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  const [typed, setTyped] = useState(typedBeforeUnlimited.current);
  const hydrated = useHydrated();
  // A lowered quantity asks why. Without JavaScript the question is always there (the server asks only
  // when the number really went down); with it, it shows as soon as the typed number is lower.
  const lowered = row.current !== null && !unlimited && isBelow(typed, row.current);
  const asksReason = row.current !== null && (!hydrated || lowered);

  function toggleUnlimited(next: boolean) {
    const input = currentRef.current;
    if (input) {
      // Emptied while not counted; the last count (or 0) comes back when the tick is removed.
      if (next) {
        typedBeforeUnlimited.current = input.value;
        input.value = "";
      } else {
        input.value = typedBeforeUnlimited.current || "0";
      }
      setTyped(input.value);
    }
    setUnlimited(next);
  }

  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-3 px-4 py-4 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-center sm:px-5">
      <input type="hidden" name="productId" value={row.productId} />
      <div className="col-start-1 row-start-1 flex min-w-0 items-center gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-surface-alt">
          {row.imageThumb && row.imageThumb !== brokenImage ? (
            <img
              src={row.imageThumb}
              alt=""
              loading="lazy"
              referrerPolicy="no-referrer"
              onError={() => setBrokenImage(row.imageThumb)}
              // A load that failed before hydration fired onError before React listened.
              ref={(img) => {
                if (img?.complete && img.naturalWidth === 0) setBrokenImage(row.imageThumb);
              }}
              className="size-full object-cover"
            />
          ) : (
            <Package className="size-5 text-muted" aria-hidden="true" />
          )}
        </span>
        <div className="grid min-w-0 gap-0.5">
          <p className="font-medium break-words">{row.name}</p>
          <p className="text-sm text-muted">{formatCents(row.priceCents)}</p>
          {error ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {T.quantityFailed}
            </p>
          ) : null}
        </div>
      </div>
      {/* Two columns under the name on phones; beside it from sm up. */}
      <div className="col-span-2 grid grid-cols-2 items-start gap-3 sm:col-span-1 sm:col-start-2 sm:row-start-1 sm:flex">
        <div className="grid gap-1.5 sm:w-40">
          <Label htmlFor={`${id}-current`} className="whitespace-nowrap">
            Quantidade atual<span className="sr-only"> de {row.name}</span>
          </Label>
          <Input
            ref={currentRef}
            id={`${id}-current`}
            name={`current.${row.productId}`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            defaultValue={row.current ?? ""}
            onChange={(event) => setTyped(event.currentTarget.value)}
            placeholder={unlimited ? T.unlimited : "0"}
            disabled={unlimited}
            aria-invalid={error?.current ? true : undefined}
            aria-describedby={error?.current ? `${id}-current-error` : undefined}
          />
          <FieldError id={`${id}-current-error`} message={error?.current} />
          <label className="flex min-h-8 items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              name={`unlimited.${row.productId}`}
              value="1"
              defaultChecked={row.current === null}
              onChange={(event) => toggleUnlimited(event.currentTarget.checked)}
              className="size-4 accent-brand"
            />
            {T.unlimited}
            <span className="sr-only"> (não contar o estoque de {row.name})</span>
          </label>
        </div>
        <div className="grid gap-1.5 sm:w-40">
          <Label htmlFor={`${id}-expected`} className="whitespace-nowrap">
            Quantidade esperada<span className="sr-only"> de {row.name}</span>
          </Label>
          <Input
            id={`${id}-expected`}
            name={`expected.${row.productId}`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            defaultValue={row.expected ?? ""}
            placeholder={T.unlimited}
            aria-invalid={error?.expected ? true : undefined}
            aria-describedby={error?.expected ? `${id}-expected-error` : undefined}
          />
          <FieldError id={`${id}-expected-error`} message={error?.expected} />
        </div>
      </div>
      {asksReason ? (
        <div className="col-span-2 grid gap-1.5 sm:col-span-3 sm:max-w-sm">
          <Label htmlFor={`${id}-loss`}>
            {T.lossReason}
            <span className="sr-only"> de {row.name}</span>
          </Label>
          <NativeSelect
            id={`${id}-loss`}
            name={`lossReason.${row.productId}`}
            defaultValue=""
            required={hydrated && lowered}
            aria-invalid={error?.lossReason ? true : undefined}
            aria-describedby={error?.lossReason ? `${id}-loss-error` : undefined}
          >
            <option value="">{T.pickLossReason}</option>
            {LOSS_REASON_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={`${id}-loss-error`} message={error?.lossReason} />
        </div>
      ) : null}
      {canRemove ? (
        <Button
          variant="ghost"
          size="icon"
          className="col-start-2 row-start-1 text-danger sm:col-start-3"
          aria-label={`Remover ${row.name}`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}

/** Whether a typed current quantity is a number below the saved one (read as the server reads it). */
function isBelow(typed: string, saved: number): boolean {
  const parsed = parseQuantity(typed, { emptyIsNull: false });
  return parsed.ok && parsed.value !== null && parsed.value < saved;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-danger">
      {message}
    </p>
  );
}
