import { readToday, type Today } from "~/domain/today/read-today.server";
import { formatDay, saoPauloDay } from "~/lib/dates";
import { REPLACEMENT_LABEL } from "~/lib/replacement-status";
import { Badge } from "~/ui/badge";
import { Card, CardContent, CardTitle } from "~/ui/card";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import type { Route } from "./+types/today";
import { backofficeContext } from "./guard.server";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";
import { TODAY_TEXT as T } from "./today-text";
import { TurnoverCountLink } from "./turnover-count-link";

export function meta() {
  return [{ title: T.title }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "stays.read", { title: T.title, what: "ver o dia" });
  const today = await readToday(context.get(servicesContext).db, actor, saoPauloDay(new Date()));
  return { today };
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="grid gap-3">{children}</ul>
    </section>
  );
}

function isEmpty(t: Today): boolean {
  return !t.checkouts.length && !t.checkins.length && !t.runs.length && !t.damages.length;
}

export default function TodayPage({ loaderData }: Route.ComponentProps) {
  const t = loaderData.today;
  return (
    <PageFrame title={T.title} description={formatDay(t.day)}>
      {/* Phone-first: one column, a phone's width even on a desktop. */}
      <div className="grid w-full max-w-xl gap-6">
        {isEmpty(t) ? <p className="text-muted">{T.nothing}</p> : null}
        {t.checkouts.length ? (
          <Section title={T.checkouts}>
            {t.checkouts.map((c) => (
              <li key={c.stayId}>
                <Card>
                  <CardContent className="grid gap-2">
                    <CardTitle as="h3">{c.propertyName}</CardTitle>
                    <p className="text-sm text-muted">
                      {T.stay(formatDay(c.checkIn), formatDay(c.checkOut))}
                    </p>
                    <p className="text-sm">
                      {c.nextCheckIn === null
                        ? T.nextNone
                        : c.nextCheckIn === t.day
                          ? T.nextToday
                          : T.nextOn(formatDay(c.nextCheckIn))}
                    </p>
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone={c.counted ? "green" : "yellow"}>
                        {c.counted ? T.counted : T.notCounted}
                      </Badge>
                      <TurnoverCountLink propertyId={c.propertyId} stayId={c.stayId} size="sm" />
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </Section>
        ) : null}
        {t.checkins.length ? (
          <Section title={T.checkins}>
            {t.checkins.map((c) => (
              <li key={c.stayId}>
                <Card>
                  <CardContent className="grid gap-1">
                    <CardTitle as="h3">{c.propertyName}</CardTitle>
                    <p className="text-sm text-muted">{T.until(formatDay(c.checkOut))}</p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </Section>
        ) : null}
        {t.runs.length ? (
          <Section title={T.runs}>
            {t.runs.map((r) => (
              <li key={r.id}>
                <Card>
                  <CardContent className="grid gap-2">
                    <CardTitle as="h3">
                      <Link to={`/replacements/${r.id}`}>{T.run(r.number)}</Link>
                    </CardTitle>
                    <div className="flex flex-wrap items-center gap-2 text-sm">
                      <span>{T.deliverBy(formatDay(r.deliverBy))}</span>
                      <Badge tone="blue">{REPLACEMENT_LABEL[r.status]}</Badge>
                      {r.late ? <Badge tone="red">{T.late}</Badge> : null}
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </Section>
        ) : null}
        {t.damages.length ? (
          <Section title={T.damages}>
            {t.damages.map((d) => (
              <li key={d.id}>
                <Card>
                  <CardContent className="grid gap-1">
                    <CardTitle as="h3">
                      <Link to={`/avarias/${d.id}`}>{d.title}</Link>
                    </CardTitle>
                    <p className="text-sm text-muted">
                      {d.propertyName} · {T.reportedOn(formatDay(d.reportedOn))}
                    </p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </Section>
        ) : null}
      </div>
    </PageFrame>
  );
}
