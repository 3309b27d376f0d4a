import { CheckCircle2, Circle } from "lucide-react";
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { STEP_TEXT, ONBOARDING_TEXT as T } from "~/domain/onboarding/messages";
import type { GettingStartedStep } from "~/domain/onboarding/steps";
import { cn } from "~/lib/cn";
import { buttonClasses } from "~/ui/button";
import { Link } from "~/ui/link";
import { RECEIVING_PATH } from "./receiving-result";

/** The query that opens the checklist once it is done (the 'Primeiros passos' link). */
export const GETTING_STARTED_PARAM = "primeiros-passos";
export const GETTING_STARTED_PATH = `/dashboard?${GETTING_STARTED_PARAM}=1`;
/** 'Ocultar primeiros passos' once done: remembered on this browser (a cookie). */
export const GETTING_STARTED_HIDE_PATH = `/dashboard?${GETTING_STARTED_PARAM}=0`;
/** The query that opens a list page's 'new' form at once (the checklist's links). */
export const NEW_FORM_PARAM = "novo";

export type GettingStartedView = {
  steps: { step: GettingStartedStep; done: boolean }[];
  done: boolean;
  /** Where the stock, poster and purchase steps point; null before the first property. */
  property: { id: string; name: string; hash: string } | null;
  /** Outside production: the sandbox's page approves the test purchase's payment. */
  sandbox: boolean;
};

/**
 * The owner's checklist from an empty account to a first sale (issue 25): each step done or not from real
 * data, each with the way to where it is done.
 */
export function GettingStarted({ view }: { view: GettingStartedView }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (view.done) return;
    // Back from another tab (the poster, the shop, the sandbox): the steps are read anew. A revalidation,
    // unlike a navigation, never cancels the one a click has just started.
    const again = () => {
      if (document.visibilityState === "visible" && revalidator.state === "idle")
        void revalidator.revalidate();
    };
    document.addEventListener("visibilitychange", again);
    return () => document.removeEventListener("visibilitychange", again);
  }, [view.done, revalidator]);

  const count = view.steps.filter((s) => s.done).length;
  const next = view.steps.findIndex((s) => !s.done);
  return (
    <section
      aria-labelledby="getting-started-title"
      className="grid gap-4 rounded-xl border border-brand/30 bg-brand-soft/30 p-4 sm:p-5"
    >
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 id="getting-started-title" className="text-lg font-semibold text-ink">
          {T.title}
        </h2>
        <p className="text-sm text-muted">{T.progress(count, view.steps.length)}</p>
      </div>
      {view.done ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p role="status" className="text-sm font-medium text-ink">
            {T.allDone}
          </p>
          <Link to={GETTING_STARTED_HIDE_PATH} className={buttonClasses({ variant: "outline", size: "sm" })}>
            {T.hide}
          </Link>
        </div>
      ) : (
        <p className="text-sm text-muted">{T.intro}</p>
      )}
      {/* One step at a time (issue 49): the next one in full with the one primary button; the finished ones
          folded to a line; the later ones only named. */}
      <ol className="grid gap-2">
        {view.steps.map(({ step, done }, index) => {
          const current = index === next;
          return (
            <li
              key={step}
              aria-current={current ? "step" : undefined}
              className={cn(
                "flex flex-col gap-3 rounded-lg border bg-surface sm:flex-row sm:items-center",
                current ? "border-brand p-4" : "border-border px-3 py-2",
              )}
            >
              <div className="flex min-w-0 flex-1 items-start gap-3">
                {done ? (
                  <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
                ) : (
                  <Circle className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden="true" />
                )}
                <div className="grid min-w-0 gap-0.5">
                  <h3 className={cn("text-ink", current ? "font-semibold" : "text-sm font-medium")}>
                    {index + 1}. {STEP_TEXT[step].title}
                    <span className="sr-only">: {done ? T.done : T.notDone}</span>
                  </h3>
                  {current ? <p className="text-sm text-muted">{STEP_TEXT[step].description}</p> : null}
                </div>
              </div>
              {current || done ? (
                <div className="flex shrink-0 flex-wrap gap-2">
                  <StepAction step={step} done={done} view={view} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function StepAction({
  step,
  done,
  view,
}: {
  step: GettingStartedStep;
  done: boolean;
  view: GettingStartedView;
}) {
  // A finished step keeps only a small link back to its place; the next one is the page's one button.
  const classes = done
    ? "text-sm text-brand underline underline-offset-4"
    : buttonClasses({ variant: "primary", size: "sm" });
  const label = STEP_TEXT[step].action;
  const { property } = view;
  // Steps on a property wait for one: until then they lead to where it is created.
  if (!property && (step === "stock" || step === "poster" || step === "purchase")) {
    return (
      <Link to={`/properties?${NEW_FORM_PARAM}=1`} className={classes}>
        {STEP_TEXT.property.action}
      </Link>
    );
  }
  switch (step) {
    case "property":
      // The form itself, not the list (issue 49).
      return (
        <Link to={done ? "/properties" : `/properties?${NEW_FORM_PARAM}=1`} className={classes}>
          {label}
        </Link>
      );
    case "products":
      return (
        <Link to={done ? "/products" : `/products?${NEW_FORM_PARAM}=1`} className={classes}>
          {label}
        </Link>
      );
    case "stock":
      return (
        <Link to={`/properties/${property?.id}/products`} className={classes}>
          {label}
        </Link>
      );
    case "receiving":
      return (
        <Link to={RECEIVING_PATH} className={classes}>
          {label}
        </Link>
      );
    case "poster":
      // The download itself ticks the step; a new tab keeps the checklist here.
      return (
        <a href={`/properties/${property?.id}/poster`} target="_blank" rel="noopener" className={classes}>
          {label}
          <span className="sr-only"> (abre o cartaz em nova aba)</span>
        </a>
      );
    case "purchase":
      return (
        <>
          <a href={`/i/${property?.hash}`} target="_blank" rel="noreferrer" className={classes}>
            {label}
            <span className="sr-only"> (abre a loja em nova aba)</span>
          </a>
          {view.sandbox ? (
            <a
              href="/dev/payments"
              target="_blank"
              rel="noreferrer"
              className={buttonClasses({ variant: "outline", size: "sm" })}
            >
              Aprovar o pagamento de teste
              <span className="sr-only"> (abre em nova aba)</span>
            </a>
          ) : null}
        </>
      );
  }
}
