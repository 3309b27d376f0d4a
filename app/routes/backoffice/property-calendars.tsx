import { ArrowLeft } from "lucide-react";
import { getProperty } from "~/domain/properties/read-properties.server";
import {
  addCalendarFeed,
  listCalendarFeeds,
  MAX_FEEDS_PER_PROPERTY,
  removeCalendarFeed,
} from "~/domain/stays/calendar-feeds.server";
import { addDirectStay, cancelDirectStay, updateDirectStay } from "~/domain/stays/direct-stays.server";
import { STAYS_TEXT } from "~/domain/stays/messages";
import { syncFeedNow } from "~/domain/stays/sync-feed.server";
import { listUpcomingStays } from "~/domain/stays/upcoming-stays.server";
import { can } from "~/domain/team/permissions";
import { formText } from "~/lib/form-text";
import { buttonClasses } from "~/ui/button";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import { answerIntent, notDone } from "../intents.server";
import type { Route } from "./+types/property-calendars";
import { backofficeContext } from "./guard.server";
import { notFoundUnlessFound } from "./not-found.server";
import { CalendarFeeds } from "./property-calendars-feeds";
import { PropertyStays } from "./property-calendars-stays";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";

const TITLE = "Calendários";

export function meta() {
  return [{ title: TITLE }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "stays.read", { title: TITLE, what: "ver os calendários dos imóveis" });
  const { db } = context.get(servicesContext);
  // Another organization's property is the 404 page, exactly like one that never existed.
  const property = notFoundUnlessFound(await getProperty(db, actor, params.propertyId));
  const [feeds, stays] = await Promise.all([
    listCalendarFeeds(db, actor, property.id),
    listUpcomingStays(db, actor, property.id),
  ]);
  return {
    property: { id: property.id, name: property.name },
    feeds: feeds.map((f) => ({
      id: f.id,
      sourceLabel: f.sourceLabel,
      addressHint: f.addressHint,
      lastSuccessAt: f.lastSuccessAt?.toISOString() ?? null,
      lastError: f.lastError,
    })),
    stays,
    canManage: can(actor, "stays.manage"),
    maxFeeds: MAX_FEEDS_PER_PROPERTY,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  const propertyId = params.propertyId;
  const dates = () => ({ checkIn: formText(form, "checkIn"), checkOut: formText(form, "checkOut") });
  return answerIntent(form, {
    "add-feed": async () => {
      const feed = await addCalendarFeed(db, actor, { propertyId, address: formText(form, "address") });
      // The first sync at once (issue 49): the stays, or why there are none, without 'Sincronizar agora'.
      const result = await syncFeedNow(db, actor, feed.id);
      return "error" in result
        ? notDone(`${STAYS_TEXT.feedAdded} ${result.error}`)
        : `${STAYS_TEXT.feedAdded} ${STAYS_TEXT.synced(result.added, result.updated, result.cancelled)}`;
    },
    sync: async () => {
      const result = await syncFeedNow(db, actor, formText(form, "feedId"));
      return "error" in result
        ? notDone(result.error)
        : STAYS_TEXT.synced(result.added, result.updated, result.cancelled);
    },
    "remove-feed": async () => {
      await removeCalendarFeed(db, actor, formText(form, "feedId"));
      return STAYS_TEXT.feedRemoved;
    },
    "add-stay": async () => {
      const block = form.get("block") === "on";
      await addDirectStay(db, actor, { propertyId, ...dates(), block });
      return block ? STAYS_TEXT.blockAdded : STAYS_TEXT.directAdded;
    },
    "edit-stay": async () => {
      await updateDirectStay(db, actor, { stayId: formText(form, "stayId"), ...dates() });
      return STAYS_TEXT.directUpdated;
    },
    "cancel-stay": async () => {
      await cancelDirectStay(db, actor, formText(form, "stayId"));
      return STAYS_TEXT.directCancelled;
    },
  });
}

/** Issue 23: a property's calendars (platforms' iCal addresses), its upcoming stays and those typed by hand. */
export default function PropertyCalendars({ loaderData, actionData }: Route.ComponentProps) {
  const { property, feeds, stays, canManage, maxFeeds } = loaderData;
  return (
    <PageFrame
      title={TITLE}
      description={<span className="font-medium text-ink">{property.name}</span>}
      actions={
        <Link to="/properties" className={buttonClasses({ variant: "outline" })}>
          <ArrowLeft aria-hidden="true" />
          Imóveis
        </Link>
      }
      className="max-w-3xl"
    >
      {actionData ? (
        // A post made before the page's script ran: its answer, here (the forms toast it otherwise).
        <p
          role={actionData.ok ? "status" : "alert"}
          className={actionData.ok ? "text-success" : "text-danger"}
        >
          {actionData.message}
        </p>
      ) : null}
      <CalendarFeeds feeds={feeds} canManage={canManage} canAdd={feeds.length < maxFeeds} />
      <PropertyStays stays={stays} canManage={canManage} />
    </PageFrame>
  );
}
