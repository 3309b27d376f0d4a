import { Form } from "react-router";
import { type ChosenPeriod, PERIOD_LABEL, type PeriodChoice } from "~/domain/profit/profit-period";
import { cn } from "~/lib/cn";
import { formatDay } from "~/lib/dates";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { Link } from "~/ui/link";

const PRESETS: PeriodChoice[] = ["mes", "30d", "mes-anterior"];

/**
 * The period: three ready choices as links and a custom range as a GET form, so it works without
 * JavaScript and the URL says what is shown.
 */
export function ProfitPeriodForm({ period, basePath }: { period: ChosenPeriod; basePath: string }) {
  return (
    <section aria-label="Período" className="grid gap-3 rounded-xl border border-border bg-surface p-4">
      {period.error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {period.error}
        </p>
      ) : null}
      <p className="text-sm text-ink">
        Período: <strong>{PERIOD_LABEL[period.choice]}</strong>, de {formatDay(period.from)} a{" "}
        {formatDay(period.to)}
      </p>
      <nav aria-label="Escolher o período" className="flex flex-wrap gap-2">
        {PRESETS.map((choice) => (
          <Link
            key={choice}
            to={`${basePath}?periodo=${choice}`}
            aria-current={period.choice === choice ? "page" : undefined}
            className={cn(
              "rounded-full border px-3 py-1 text-sm",
              period.choice === choice
                ? "border-brand bg-brand-soft font-medium text-brand"
                : "border-border text-ink hover:border-brand",
            )}
          >
            {PERIOD_LABEL[choice]}
          </Link>
        ))}
      </nav>
      <Form method="get" action={basePath} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="periodo" value="personalizado" />
        <div className="grid gap-1.5">
          <Label htmlFor="periodo-de">De</Label>
          <Input id="periodo-de" type="date" name="de" required defaultValue={period.from} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="periodo-ate">Até</Label>
          <Input id="periodo-ate" type="date" name="ate" required defaultValue={period.to} />
        </div>
        <Button type="submit" variant="outline">
          Ver período
        </Button>
      </Form>
    </section>
  );
}
