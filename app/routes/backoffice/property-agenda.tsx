import { ArrowLeft } from "lucide-react";
import { AGENDA_TEXT as T } from "~/domain/stays/agenda-messages";
import { buttonClasses } from "~/ui/button";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import type { Route } from "./+types/property-agenda";
import { loadAgenda } from "./agenda-load.server";
import { AgendaMonthView } from "./agenda-month";
import { backofficeContext } from "./guard.server";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: data?.agenda.property ? `${T.title}: ${data.agenda.property.name}` : T.title }];
}

/** Issue 23: one property's month; another organization's property is the 404 page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "stays.read", { title: T.title, what: "ver a agenda" });
  return loadAgenda(
    context.get(servicesContext).db,
    actor,
    new URL(request.url).searchParams,
    params.propertyId,
  );
}

export default function PropertyAgenda({ loaderData }: Route.ComponentProps) {
  const { agenda, today } = loaderData;
  const property = agenda.property;
  const calendars = property ? `/properties/${property.id}/calendarios` : "/properties";
  return (
    <PageFrame
      title={T.title}
      description={property?.name}
      actions={
        <>
          <Link to="/agenda" className={buttonClasses({ variant: "ghost" })}>
            <ArrowLeft aria-hidden="true" />
            Todos os imóveis
          </Link>
          <Link to={calendars} className={buttonClasses({ variant: "outline" })}>
            {T.calendars}
          </Link>
        </>
      }
    >
      {agenda.badMonth ? (
        <p role="status" className="text-sm text-warning-ink">
          {T.badMonth}
        </p>
      ) : null}
      <AgendaMonthView
        agenda={agenda}
        today={today}
        monthHref={(month) => `?mes=${month}`}
        emptyAction={
          <Link to={calendars} className={buttonClasses({ variant: "outline" })}>
            {T.calendars}
          </Link>
        }
      />
    </PageFrame>
  );
}
