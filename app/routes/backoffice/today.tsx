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

/** One of the day's lists, left out when it has nothing; each item a card titled by `title`. */
function Section<Item>({
  title,
  items,
  keyOf,
  heading,
  children,
}: {
  title: string;
  items: readonly Item[];
  keyOf: (item: Item) => string;
  heading: (item: Item) => React.ReactNode;
  children: (item: Item) => React.ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-label={title} className="grid gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="grid gap-3">
        {items.map((item) => (
          <li key={keyOf(item)}>
            <Card>
              <CardContent className="grid gap-2">
                <CardTitle as="h3">{heading(item)}</CardTitle>
                {children(item)}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
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
        <Section
          title={T.checkouts}
          items={t.checkouts}
          keyOf={(c) => c.stayId}
          heading={(c) => c.propertyName}
        >
          {(c) => (
            <>
              <p className="text-sm text-muted">{T.stay(formatDay(c.checkIn), formatDay(c.checkOut))}</p>
              <p className="text-sm">
                {c.nextCheckIn === null
                  ? T.nextNone
                  : c.nextCheckIn === t.day
                    ? T.nextToday
                    : T.nextOn(formatDay(c.nextCheckIn))}
              </p>
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={c.counted ? "green" : "yellow"}>{c.counted ? T.counted : T.notCounted}</Badge>
                <TurnoverCountLink propertyId={c.propertyId} stayId={c.stayId} size="sm" />
              </div>
            </>
          )}
        </Section>
        <Section
          title={T.checkins}
          items={t.checkins}
          keyOf={(c) => c.stayId}
          heading={(c) => c.propertyName}
        >
          {(c) => <p className="text-sm text-muted">{T.until(formatDay(c.checkOut))}</p>}
        </Section>
        <Section
          title={T.runs}
          items={t.runs}
          keyOf={(r) => r.id}
          heading={(r) => <Link to={`/replacements/${r.id}`}>{T.run(r.number)}</Link>}
        >
          {(r) => (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span>{T.deliverBy(formatDay(r.deliverBy))}</span>
              <Badge tone="blue">{REPLACEMENT_LABEL[r.status]}</Badge>
              {r.late ? <Badge tone="red">{T.late}</Badge> : null}
            </div>
          )}
        </Section>
        <Section
          title={T.damages}
          items={t.damages}
          keyOf={(d) => d.id}
          heading={(d) => <Link to={`/avarias/${d.id}`}>{d.title}</Link>}
        >
          {(d) => (
            <p className="text-sm text-muted">
              {d.propertyName} · {T.reportedOn(formatDay(d.reportedOn))}
            </p>
          )}
        </Section>
      </div>
    </PageFrame>
  );
}
