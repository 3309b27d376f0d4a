import { PackageCheck } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { RESTOCK_TEXT } from "~/domain/restock/messages";
import type { MissingForCheckIn } from "~/domain/restock/missing-products.server";
import { AGENDA_TEXT } from "~/domain/stays/agenda-messages";
import { Button, buttonClasses } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Input } from "~/ui/input";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import { useHydrated } from "~/ui/use-hydrated";

// 'Criar reposição': what is missing, ticked, grouped (by product or property) and narrowed to the next
// check-ins; the route module (replacement-create.tsx) reads it and starts the run.

/** The default of 'Só imóveis com check-in nos próximos N dias'. */
const CHECKIN_DAYS = 7;

type Grouping = "none" | "product" | "property";
const GROUPINGS: [Grouping, string][] = [
  ["none", "Sem agrupar"],
  ["product", "Por produto"],
  ["property", "Por imóvel"],
];

type MissingProduct = MissingForCheckIn;

const keyOf = (m: MissingProduct) => `${m.propertyId}:${m.productId}`;

/** `byCheckIn`: the list came ordered by next check-in; properties keep that order. */
function groups(missing: MissingProduct[], by: Grouping, byCheckIn: boolean): [string, MissingProduct[]][] {
  if (by === "none") return [["", missing]];
  const map = new Map<string, MissingProduct[]>();
  for (const m of missing) {
    const name = by === "product" ? m.productName : m.propertyName;
    map.set(name, [...(map.get(name) ?? []), m]);
  }
  const entries = [...map.entries()];
  return by === "property" && byCheckIn ? entries : entries.sort(([a], [b]) => a.localeCompare(b, "pt-BR"));
}

/** The current address with one parameter changed (null: removed). */
function withParam(params: URLSearchParams, name: string, value: string | null): string {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(name);
  else next.set(name, value);
  const query = next.toString();
  return query ? `?${query}` : "?";
}

/** Issue 23: narrow the list to the properties whose next guest arrives soon, the soonest first. */
function CheckInFilter({ checkin, error }: { checkin: number | null; error: string | undefined }) {
  const [params] = useSearchParams();
  const agrupar = params.get("agrupar");
  return (
    <div className="grid gap-2">
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      {checkin === null ? (
        <Link
          to={withParam(params, "checkin", String(CHECKIN_DAYS))}
          className={buttonClasses({ variant: "outline", size: "sm", className: "justify-self-start" })}
        >
          {AGENDA_TEXT.checkinFilter(CHECKIN_DAYS)}
        </Link>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-semibold text-ink">{AGENDA_TEXT.checkinFilter(checkin)}</p>
          <Form method="get" className="flex items-center gap-2">
            {agrupar ? <input type="hidden" name="agrupar" value={agrupar} /> : null}
            <Input
              type="number"
              name="checkin"
              min={1}
              max={60}
              defaultValue={checkin}
              aria-label={AGENDA_TEXT.checkinFilterDays}
              className="w-20"
            />
            <Button type="submit" variant="secondary" size="sm">
              {AGENDA_TEXT.checkinFilterApply}
            </Button>
          </Form>
          <Link to={withParam(params, "checkin", null)} className="text-sm text-brand underline">
            {AGENDA_TEXT.checkinFilterOff}
          </Link>
        </div>
      )}
    </div>
  );
}

export function Missing({
  missing,
  checkin,
  filterError,
  message,
}: {
  missing: MissingProduct[];
  checkin: number | null;
  filterError: string | undefined;
  message: string | undefined;
}) {
  const [params] = useSearchParams();
  const by = (GROUPINGS.find(([g]) => g === params.get("agrupar"))?.[0] ?? "none") as Grouping;
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const busy = useNavigation().state === "submitting";
  // Part 2 §2: the button floats in once something is ticked (always there before the script runs).
  const hydrated = useHydrated();
  const showButton = !hydrated || ticked.size > 0;
  // 'Selecionar todos' (issue 49): every card that still has something to take.
  const everyKey = missing.filter((m) => m.toRestock > 0).map(keyOf);
  const allTicked = everyKey.length > 0 && everyKey.every((k) => ticked.has(k));
  const toggle = (keys: string[], on: boolean) =>
    setTicked((now) => {
      const next = new Set(now);
      for (const k of keys) {
        if (on) next.add(k);
        else next.delete(k);
      }
      return next;
    });

  if (missing.length === 0 && checkin !== null) {
    return (
      <PageFrame title="Iniciar uma reposição">
        <CheckInFilter checkin={checkin} error={filterError} />
        <EmptyState icon={PackageCheck} title={AGENDA_TEXT.checkinFilterEmpty(checkin)} />
      </PageFrame>
    );
  }
  if (missing.length === 0) {
    return (
      <PageFrame title="Iniciar uma reposição">
        <EmptyState
          icon={PackageCheck}
          title={RESTOCK_TEXT.nothingMissing}
          description={RESTOCK_TEXT.allStocked}
        />
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title="Iniciar uma reposição"
      description="Os produtos abaixo do esperado nos imóveis. Marque o que vai nesta reposição."
    >
      <CheckInFilter checkin={checkin} error={filterError} />
      <nav aria-label="Agrupar" className="flex flex-wrap gap-2">
        {GROUPINGS.map(([g, label]) => (
          <Link
            key={g}
            to={withParam(params, "agrupar", g === "none" ? null : g)}
            aria-current={by === g ? "true" : undefined}
            className={buttonClasses({ variant: by === g ? "secondary" : "ghost", size: "sm" })}
          >
            {label}
          </Link>
        ))}
      </nav>
      {/* A tick of the script's: before it runs, each card is ticked on its own. */}
      {hydrated && everyKey.length > 1 ? (
        <label className="flex items-center gap-2 justify-self-start text-sm font-medium">
          <input
            type="checkbox"
            checked={allTicked}
            onChange={(e) => toggle(everyKey, e.target.checked)}
            className="size-4"
          />
          Selecionar todos
        </label>
      ) : null}
      <Form method="post" className="grid gap-6 sm:pb-20">
        {message ? (
          <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger">
            {message}
          </p>
        ) : null}
        {groups(missing, by, checkin !== null).map(([title, items]) => {
          const keys = items.filter((m) => m.toRestock > 0).map(keyOf);
          const all = keys.length > 0 && keys.every((k) => ticked.has(k));
          return (
            <section key={title || "all"} aria-label={title || "Produtos em falta"} className="grid gap-3">
              {title ? (
                <div className="flex items-center justify-between gap-2">
                  <h2 className="text-lg font-semibold">{title}</h2>
                  {keys.length > 0 ? (
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={all}
                        onChange={(e) => toggle(keys, e.target.checked)}
                        className="size-4"
                      />
                      Marcar todos
                    </label>
                  ) : null}
                </div>
              ) : null}
              <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:grid-cols-3">
                {items.map((m) => (
                  <li key={keyOf(m)}>
                    <MissingCard
                      missing={m}
                      checked={ticked.has(keyOf(m))}
                      onChange={(on) => toggle([keyOf(m)], on)}
                    />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
        {/* Phones: a bar in the page's flow, stuck to the bottom, so no card ever sits under a floating button. */}
        <div
          hidden={!showButton}
          className="sticky bottom-0 z-40 -mx-4 border-t border-border bg-surface px-4 py-3 sm:fixed sm:right-8 sm:bottom-8 sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0"
        >
          <Button
            type="submit"
            size="lg"
            busy={busy}
            busyLabel="Criando..."
            className="w-full shadow-lg sm:w-auto"
          >
            Criar reposição{ticked.size > 0 ? ` (${ticked.size})` : ""}
          </Button>
        </div>
      </Form>
    </PageFrame>
  );
}

function MissingCard({
  missing: m,
  checked,
  onChange,
}: {
  missing: MissingProduct;
  checked: boolean;
  onChange(on: boolean): void;
}) {
  const full = m.toRestock === 0;
  return (
    <label
      className={`flex h-full gap-3 rounded-xl border bg-surface p-3 ${checked ? "border-brand" : "border-border"} ${full ? "opacity-70" : "cursor-pointer"}`}
    >
      <input
        type="checkbox"
        name="line"
        value={keyOf(m)}
        checked={checked}
        disabled={full}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-1 size-4"
        aria-label={`Repor ${m.productName} em ${m.propertyName}`}
      />
      <div className="size-12 shrink-0 overflow-hidden rounded-lg bg-surface-alt">
        {m.imageThumb ? (
          <img src={m.imageThumb} alt="" width={48} height={48} className="size-full object-cover" />
        ) : null}
      </div>
      <div className="grid min-w-0 gap-0.5 text-sm">
        <span className="font-semibold text-ink">{m.productName}</span>
        <span className="text-muted">{m.propertyName}</span>
        {m.nextCheckIn ? (
          <span className="font-medium text-ink">{AGENDA_TEXT.nextCheckIn(m.nextCheckIn)}</span>
        ) : null}
        <span>
          {m.current} / {m.expected} · repor <strong>{m.toRestock}</strong>
        </span>
        {m.onTheWay > 0 ? (
          <span className="text-muted">
            {m.onTheWay} já a caminho em outra reposição{full ? ": nada mais a levar" : ""}
          </span>
        ) : null}
      </div>
    </label>
  );
}
