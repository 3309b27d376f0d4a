import { CalendarCheck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import type { RateSource } from "~/domain/restock/forecast-math";
import { PLAN_TEXT } from "~/domain/restock/plan-messages";
import type { PlannedProperty, RestockPlan } from "~/domain/restock/plan-restock.server";
import { formatDay } from "~/lib/dates";
import { formatForecastUnits } from "~/lib/forecast-units";
import { Button } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Input } from "~/ui/input";
import { PageFrame } from "~/ui/page-frame";

// 'Planejar reposições' (issue 48): the plan in visit order, the next 14 days' forecast and how the forecast
// did over the last 30 days; the route module (replacement-plan.tsx) reads it and creates the runs.

/** Where a line's rate comes from, when it is not the property's own history. */
function SourceNote({ source }: { source: RateSource }) {
  if (source === "property") return null;
  return (
    <span className="ml-1 text-xs text-muted">
      ({source === "organization" ? PLAN_TEXT.orgAverage : PLAN_TEXT.noHistory})
    </span>
  );
}

function PropertyPlan({
  place,
  position,
  cover,
}: {
  place: PlannedProperty;
  position: number;
  cover: boolean;
}) {
  return (
    <section
      aria-label={place.propertyName}
      className="grid gap-2 rounded-xl border border-border bg-surface p-4"
    >
      <h2 className="text-lg font-semibold">
        {position}. {place.propertyName}
      </h2>
      <p className="text-sm text-muted">
        {place.publicLocation ? `${place.publicLocation} · ` : ""}Prazo: check-in em{" "}
        {formatDay(place.deadline)}
        {place.ongoingCheckOut ? ` · hóspede atual sai em ${formatDay(place.ongoingCheckOut)}` : ""}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="text-left text-muted">
            <tr>
              <th className="p-2 font-medium">Produto</th>
              <th className="p-2 font-medium">Nível de reposição (quantidade esperada)</th>
              <th className="p-2 font-medium">Estoque previsto no check-in</th>
              <th className="p-2 font-medium">Consumo previsto da estadia</th>
              <th className="p-2 font-medium">Levar</th>
            </tr>
          </thead>
          <tbody>
            {place.lines.map((l) => (
              <tr key={l.productId} className="border-t border-border">
                <td className="p-2">
                  {l.productName}
                  <SourceNote source={l.rateSource} />
                </td>
                <td className="p-2">{l.par}</td>
                <td className="p-2">{l.expectedAtCheckIn}</td>
                <td className="p-2">
                  {l.comingStayUse}
                  {cover ? "" : " (não incluído)"}
                </td>
                <td className="p-2 font-semibold">{l.toBring}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function RestockPlanView({
  plan,
  cover,
  daysError,
  message,
}: {
  plan: RestockPlan;
  cover: boolean;
  daysError: string | undefined;
  message: string | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const anything = plan.properties.some((p) => p.lines.some((l) => l.toBring > 0));
  return (
    <PageFrame
      title={PLAN_TEXT.title}
      description={`O que levar a cada imóvel até o ${PLAN_TEXT.parLabel}, antes do próximo check-in.`}
    >
      <Form method="get" className="flex flex-wrap items-center gap-3">
        <label htmlFor="plan-days" className="text-sm font-medium">
          Check-ins nos próximos (dias)
        </label>
        <Input
          id="plan-days"
          type="number"
          name="dias"
          min={1}
          max={30}
          defaultValue={plan.days}
          className="w-20"
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="cobrir" value="1" defaultChecked={cover} className="size-4" />
          {PLAN_TEXT.cover}
        </label>
        <Button type="submit" variant="secondary" size="sm">
          Atualizar
        </Button>
      </Form>
      {daysError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {daysError}
        </p>
      ) : null}
      <p className="text-sm text-muted">
        {PLAN_TEXT.guestsEstimated(plan.guestsPerStay)} O consumo por hóspede-noite vem das vendas pagas e do
        'Consumido sem pagar' das conferências dos últimos 90 dias.
      </p>
      {/* Above the plan: a refusal (nothing left to plan) may come with an empty one. */}
      {message ? (
        <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger">
          {message}
        </p>
      ) : null}
      {plan.properties.length === 0 ? (
        <EmptyState icon={CalendarCheck} title={PLAN_TEXT.noCheckIns(plan.days)} />
      ) : (
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="dias" value={plan.days} />
          {cover ? <input type="hidden" name="cobrir" value="1" /> : null}
          <h2 className="text-base font-semibold">
            {PLAN_TEXT.days(plan.days)}, na ordem de visita (prazo, bairro, nome)
          </h2>
          {plan.properties.map((p, i) => (
            <PropertyPlan key={p.propertyId} place={p} position={i + 1} cover={cover} />
          ))}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={busy || !anything}>
              {PLAN_TEXT.create}
            </Button>
            <p className="text-sm text-muted">{PLAN_TEXT.oneRunPerDay}</p>
          </div>
        </Form>
      )}
      <section aria-label="Próximas estadias" className="grid gap-2">
        <h2 className="text-base font-semibold">Consumo previsto das próximas estadias (14 dias)</h2>
        {plan.upcoming.length === 0 ? (
          <p className="text-sm text-muted">Nenhuma estadia com check-in nos próximos 14 dias.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {plan.upcoming.map((s) => (
              <li key={s.stayId}>
                <span className="font-medium">{s.propertyName}</span>: {formatDay(s.checkIn)} a{" "}
                {formatDay(s.checkOut)} ({s.nights === 1 ? "1 noite" : `${s.nights} noites`}) —{" "}
                {s.uses.length === 0
                  ? "nenhum consumo previsto"
                  : s.uses.map((u, i) => (
                      <span key={u.productName}>
                        {i > 0 ? ", " : ""}
                        {formatForecastUnits(u.units)} {u.productName}
                        <SourceNote source={u.rateSource} />
                      </span>
                    ))}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Confiança na previsão" className="grid gap-2">
        <h2 className="text-base font-semibold">Previsão × consumo real (últimos 30 dias)</h2>
        <div className="overflow-x-auto rounded-xl border border-border bg-surface">
          <table className="w-full text-sm">
            <thead className="text-left text-muted">
              <tr>
                <th className="p-2 font-medium">Imóvel</th>
                <th className="p-2 font-medium">Previsto (unidades)</th>
                <th className="p-2 font-medium">Usado de fato (vendas pagas + faltas nas conferências)</th>
              </tr>
            </thead>
            <tbody>
              {plan.trust.map((t) => (
                <tr key={t.propertyId} className="border-t border-border">
                  <td className="p-2">{t.propertyName}</td>
                  <td className="p-2">{formatForecastUnits(t.forecast)}</td>
                  <td className="p-2">{t.used}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </PageFrame>
  );
}
