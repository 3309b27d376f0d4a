import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import { AGENDA_TEXT as T } from "~/domain/stays/agenda-messages";
import { isStaySource, SOURCE_LABEL } from "~/domain/stays/feed-source";
import type { AgendaEntry, AgendaMonth } from "~/domain/stays/read-agenda.server";
import { addDays, formatDay } from "~/lib/dates";
import { Badge, type BadgeTone } from "~/ui/badge";
import { buttonClasses } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Link } from "~/ui/link";
import { CopyStayShopLink } from "./stay-shop-link";
import { STOCK_COUNT_TEXT as COUNT_TEXT } from "./stock-count-text";
import { turnoverCountPath } from "./turnover-count-link";

// Calendar names only: every date here is a YYYY-MM-DD day, formatted at noon UTC so no zone moves it.
const monthName = new Intl.DateTimeFormat("pt-BR", { month: "long", year: "numeric", timeZone: "UTC" });
const weekdayName = new Intl.DateTimeFormat("pt-BR", { weekday: "short", timeZone: "UTC" });
const WEEKDAYS = ["dom", "seg", "ter", "qua", "qui", "sex", "sáb"];
// The 1st sits under its weekday on wide screens (static class names, so Tailwind keeps them).
const COLUMN_START = [
  "lg:col-start-1",
  "lg:col-start-2",
  "lg:col-start-3",
  "lg:col-start-4",
  "lg:col-start-5",
  "lg:col-start-6",
  "lg:col-start-7",
];
const noon = (day: string) => new Date(`${day}T12:00:00Z`);
/** 'Novembro de 2026' (CSS capitalize would also raise the 'de'). */
const monthTitle = (day: string) => {
  const name = monthName.format(noon(day));
  return name.charAt(0).toUpperCase() + name.slice(1);
};

type View = Pick<AgendaMonth, "month" | "previous" | "next" | "days">;

/**
 * A month of check-ins, check-outs, turnovers and blocks. Phones: the days that have something, as a list;
 * wide screens: the same day cells laid out as a 7-column calendar (one DOM, so no text appears twice).
 */
export function AgendaMonthView({
  agenda,
  today,
  monthHref,
  emptyAction,
}: {
  agenda: View;
  today: string;
  monthHref(month: string): string;
  emptyAction: React.ReactNode;
}) {
  const first = `${agenda.month}-01`;
  const last = addDays(`${agenda.next}-01`, -1);
  const byDay = new Map(agenda.days.map((d) => [d.day, d.entries]));
  const allDays: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) allDays.push(day);
  const offset = noon(first).getUTCDay();
  return (
    <section aria-label={monthTitle(first)} className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <Link
          to={monthHref(agenda.previous)}
          className={buttonClasses({ variant: "ghost", size: "sm" })}
          aria-label={T.previousMonth}
        >
          <ChevronLeft aria-hidden="true" />
          <span className="hidden sm:inline">{T.previousMonth}</span>
        </Link>
        <h2 className="text-lg font-semibold text-ink">{monthTitle(first)}</h2>
        <Link
          to={monthHref(agenda.next)}
          className={buttonClasses({ variant: "ghost", size: "sm" })}
          aria-label={T.nextMonth}
        >
          <span className="hidden sm:inline">{T.nextMonth}</span>
          <ChevronRight aria-hidden="true" />
        </Link>
      </div>
      {agenda.days.length === 0 ? (
        <EmptyState icon={CalendarDays} title={T.emptyMonth} description={T.howToAdd} action={emptyAction} />
      ) : (
        <ol className="grid grid-cols-1 gap-2 lg:grid-cols-7 lg:gap-1">
          {WEEKDAYS.map((name) => (
            <li
              key={name}
              aria-hidden="true"
              className="hidden text-center text-xs font-medium text-muted lg:block"
            >
              {name}
            </li>
          ))}
          {allDays.map((day) => (
            <DayCell
              key={day}
              day={day}
              today={today}
              entries={byDay.get(day) ?? []}
              column={day === first ? COLUMN_START[offset] : undefined}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function DayCell({
  day,
  today,
  entries,
  column,
}: {
  day: string;
  today: string;
  entries: AgendaEntry[];
  column: string | undefined;
}) {
  const empty = entries.length === 0;
  return (
    <li
      aria-label={empty ? undefined : formatDay(day)}
      className={`rounded-lg border bg-surface p-2 lg:min-h-24 ${day === today ? "border-brand" : "border-border"} ${empty ? "hidden lg:block" : ""} ${column ?? ""}`}
    >
      <p className="mb-1 text-sm font-semibold text-ink">
        <span className="lg:hidden">
          {weekdayName.format(noon(day))}, {formatDay(day)}
        </span>
        <span className="hidden lg:inline">{Number(day.slice(8))}</span>
      </p>
      {empty ? null : (
        <ul className="grid gap-1.5">
          {entries.map((entry) => (
            <li key={`${entry.type}-${entry.stayId}`}>
              <Entry entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

const LABEL: Record<AgendaEntry["type"], { text: string; tone: BadgeTone }> = {
  checkin: { text: T.checkIn, tone: "green" },
  checkout: { text: T.checkOut, tone: "gray" },
  turnover: { text: T.turnover, tone: "blue" },
  block: { text: T.block, tone: "gray" },
};

function Entry({ entry }: { entry: AgendaEntry }) {
  const sameDay = entry.type === "turnover" && entry.sameDay;
  const label = sameDay ? { text: T.sameDayTurnover, tone: "red" as const } : LABEL[entry.type];
  const name =
    entry.type === "block" ? (
      <span className="font-medium text-ink">{entry.propertyName}</span>
    ) : (
      <Link to={`/estadias/${entry.stayId}`} className="font-medium text-brand underline">
        {entry.propertyName}
      </Link>
    );
  return (
    <div className="grid gap-0.5 text-xs">
      <Badge tone={label.tone} className="justify-self-start whitespace-normal!">
        {label.text}
      </Badge>
      {name}
      {entry.type === "checkin" ? (
        <span className="text-muted">{isStaySource(entry.source) ? SOURCE_LABEL[entry.source] : null}</span>
      ) : null}
      {entry.type === "checkin" ? <CopyStayShopLink path={entry.shopPath} /> : null}
      {entry.type === "turnover" && !entry.sameDay ? (
        <span className="text-muted">{entry.until ? T.turnoverUntil(entry.until) : T.turnoverOpen}</span>
      ) : null}
      {entry.type === "turnover" ? (
        <Link
          to={turnoverCountPath(entry.propertyId, entry.stayId)}
          className="justify-self-start font-medium text-brand underline"
        >
          {COUNT_TEXT.turnoverTitle}
        </Link>
      ) : null}
      {entry.type === "block" ? (
        <span className="text-muted">{T.blockRange(entry.checkIn, entry.checkOut)}</span>
      ) : null}
    </div>
  );
}
