import { Form, useSearchParams } from "react-router";
import { agendaFeedPath, agendaFeedToken, renewAgendaFeedToken } from "~/domain/stays/agenda-feed.server";
import { AGENDA_TEXT as T } from "~/domain/stays/agenda-messages";
import { can } from "~/domain/team/permissions";
import { env } from "~/platform/env.server";
import { Button, buttonClasses } from "~/ui/button";
import { Label } from "~/ui/label";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import { NativeSelect } from "~/ui/select";
import { answerIntent } from "../intents.server";
import type { Route } from "./+types/agenda";
import { AgendaFeedBox } from "./agenda-feed-box";
import { loadAgenda } from "./agenda-load.server";
import { AgendaMonthView } from "./agenda-month";
import { backofficeContext } from "./guard.server";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";

export function meta() {
  return [{ title: T.title }];
}

/** Issue 23: every property's month (?mes=2026-12, ?imovel=<id>) and the cleaning team's secret calendar. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "stays.read", { title: T.title, what: "ver a agenda" });
  const query = new URL(request.url).searchParams;
  const { agenda, today } = await loadAgenda(
    context.get(servicesContext).db,
    actor,
    query,
    query.get("imovel") || null,
  );
  const { db } = context.get(servicesContext);
  const token = await agendaFeedToken(db, actor);
  return {
    agenda,
    today,
    feedUrl: `${env().appUrl}${agendaFeedPath(token)}`,
    canRenew: can(actor, "stays.manage"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  return answerIntent(form, {
    "renew-feed": async () => {
      await renewAgendaFeedToken(db, actor);
      return T.feedRenewed;
    },
  });
}

export default function Agenda({ loaderData }: Route.ComponentProps) {
  const { agenda, today, feedUrl, canRenew } = loaderData;
  const [params] = useSearchParams();
  const monthHref = (month: string) => {
    const next = new URLSearchParams(params);
    next.set("mes", month);
    return `?${next}`;
  };
  const calendars = agenda.property ? `/properties/${agenda.property.id}/calendarios` : "/properties";
  return (
    <PageFrame
      title={T.title}
      actions={
        agenda.property ? (
          <Link to={calendars} className={buttonClasses({ variant: "outline" })}>
            {T.calendars}
          </Link>
        ) : null
      }
    >
      {agenda.badMonth ? (
        <p role="status" className="text-sm text-warning-ink">
          {T.badMonth}
        </p>
      ) : null}
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="mes" value={agenda.month} />
        <div className="grid gap-1">
          <Label htmlFor="agenda-imovel">{T.propertyFilter}</Label>
          <NativeSelect id="agenda-imovel" name="imovel" defaultValue={agenda.property?.id ?? ""}>
            <option value="">{T.allProperties}</option>
            {agenda.properties.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="secondary">
          Filtrar
        </Button>
      </Form>
      <AgendaMonthView
        agenda={agenda}
        today={today}
        monthHref={monthHref}
        emptyAction={
          <Link to={calendars} className={buttonClasses({ variant: "outline" })}>
            {agenda.property ? T.calendars : "Imóveis"}
          </Link>
        }
      />
      <AgendaFeedBox url={feedUrl} canRenew={canRenew} />
    </PageFrame>
  );
}
