import { ArrowLeft } from "lucide-react";
import { chosenPeriod } from "~/domain/profit/profit-period";
import { profitOf } from "~/domain/profit/read-profit.server";
import { getProperty } from "~/domain/properties/read-properties.server";
import { saoPauloDay } from "~/lib/dates";
import { buttonClasses } from "~/ui/button";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import type { Route } from "./+types/property-profit";
import { backofficeContext } from "./guard.server";
import { notFoundUnlessFound } from "./not-found.server";
import { ProfitPanel, profitView } from "./profit-panel";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";

const TITLE = "Resultado do imóvel";

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: data ? `${TITLE}: ${data.property.name}` : TITLE }];
}

/** A property's page of the dashboard: the same figures, chart and products, for that property only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "sales.read", { title: TITLE, what: "ver o resultado dos imóveis" });
  const { db } = context.get(servicesContext);
  // Another organization's property is the 404 page, exactly like one that never existed.
  const property = notFoundUnlessFound(await getProperty(db, actor, params.propertyId));
  const period = chosenPeriod(new URL(request.url).searchParams, saoPauloDay(new Date()));
  const report = profitView(await profitOf(db, actor, { ...period, propertyId: property.id }));
  return { property: { id: property.id, name: property.name }, period, report };
}

export default function PropertyProfit({ loaderData }: Route.ComponentProps) {
  const { property, period, report } = loaderData;
  return (
    <PageFrame
      title={`${TITLE}: ${property.name}`}
      actions={
        <Link to="/dashboard" className={buttonClasses({ variant: "ghost" })}>
          <ArrowLeft aria-hidden="true" />
          Dashboard
        </Link>
      }
    >
      <ProfitPanel
        report={report}
        period={period}
        basePath={`/properties/${property.id}/resultado`}
        propertyId={property.id}
      />
    </PageFrame>
  );
}
