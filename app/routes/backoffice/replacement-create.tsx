import { PackageCheck } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { refusalOf } from "~/domain/errors";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import { RESTOCK_TEXT } from "~/domain/restock/messages";
import { listMissingProducts, type MissingProduct } from "~/domain/restock/missing-products.server";
import { flashCookie } from "~/lib/flash";
import { database } from "~/platform/db/database.server";
import { env } from "~/platform/env.server";
import { Button, buttonClasses } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageFrame } from "~/ui/page-frame";
import { useHydrated } from "~/ui/use-hydrated";
import { statusOf } from "../refusal.server";
import type { Route } from "./+types/replacement-create";
import { backofficeContext } from "./guard.server";
import { requireCan } from "./require-can.server";

export function meta() {
  return [{ title: "Iniciar uma reposição" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "replacement.manage", { title: "Iniciar uma reposição", what: "criar reposições" });
  const { db } = await database();
  return { missing: await listMissingProducts(db, actor) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const form = await request.formData();
  const ticked = form.getAll("line").map((value) => {
    const [propertyId, productId] = String(value).split(":");
    return { propertyId, productId };
  });
  try {
    const { db } = await database();
    const run = await createReplacement(db, actor, ticked);
    return redirect(`/replacements/${run.id}`, {
      headers: { "Set-Cookie": flashCookie("replacement-created", env().secureCookies) },
    });
  } catch (err) {
    const refusal = refusalOf(err);
    const message =
      refusal.message === RESTOCK_TEXT.pickOne ? refusal.message : RESTOCK_TEXT.createFailed(refusal.message);
    return data({ message }, { status: statusOf(refusal) });
  }
}

type Grouping = "none" | "product" | "property";
const GROUPINGS: [Grouping, string][] = [
  ["none", "Sem agrupar"],
  ["product", "Por produto"],
  ["property", "Por imóvel"],
];

const keyOf = (m: MissingProduct) => `${m.propertyId}:${m.productId}`;

function groups(missing: MissingProduct[], by: Grouping): [string, MissingProduct[]][] {
  if (by === "none") return [["", missing]];
  const map = new Map<string, MissingProduct[]>();
  for (const m of missing) {
    const name = by === "product" ? m.productName : m.propertyName;
    map.set(name, [...(map.get(name) ?? []), m]);
  }
  return [...map.entries()].sort(([a], [b]) => a.localeCompare(b, "pt-BR"));
}

/** Part 2 §2 'Create replacement': what is missing, ticked, grouped, and one button to start the run. */
export default function CreateReplacement({ loaderData, actionData }: Route.ComponentProps) {
  return <Missing missing={loaderData.missing} message={actionData?.message} />;
}

function Missing({ missing, message }: { missing: MissingProduct[]; message: string | undefined }) {
  const [params] = useSearchParams();
  const by = (GROUPINGS.find(([g]) => g === params.get("agrupar"))?.[0] ?? "none") as Grouping;
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const busy = useNavigation().state === "submitting";
  // Part 2 §2: the button floats in once something is ticked (always there before the script runs).
  const showButton = !useHydrated() || ticked.size > 0;
  const toggle = (keys: string[], on: boolean) =>
    setTicked((now) => {
      const next = new Set(now);
      for (const k of keys) {
        if (on) next.add(k);
        else next.delete(k);
      }
      return next;
    });

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
      <nav aria-label="Agrupar" className="flex flex-wrap gap-2">
        {GROUPINGS.map(([g, label]) => (
          <Link
            key={g}
            to={g === "none" ? "?" : `?agrupar=${g}`}
            aria-current={by === g ? "true" : undefined}
            className={buttonClasses({ variant: by === g ? "secondary" : "ghost", size: "sm" })}
          >
            {label}
          </Link>
        ))}
      </nav>
      <Form method="post" className="grid gap-6 sm:pb-20">
        {message ? (
          <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger">
            {message}
          </p>
        ) : null}
        {groups(missing, by).map(([title, items]) => {
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
