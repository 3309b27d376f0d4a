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
import { database } from "~/platform/db/database.server";
import { buttonClasses } from "~/ui/button";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import { refused } from "../refusal.server";
import type { Route } from "./+types/property-calendars";
import { backofficeContext } from "./guard.server";
import { notFoundUnlessFound } from "./not-found.server";
import { CalendarFeeds } from "./property-calendars-feeds";
import { PropertyStays } from "./property-calendars-stays";
import { requireCan } from "./require-can.server";

const TITLE = "Calendários";

export function meta() {
  return [{ title: TITLE }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "stays.read", { title: TITLE, what: "ver os calendários dos imóveis" });
  const { db } = await database();
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

/** What every form of the page gets back: the sentence to show, and per-field messages. */
export type CalendarAnswer = { ok: boolean; message: string; fieldErrors?: Record<string, string> };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const form = await request.formData();
  const { db } = await database();
  const propertyId = params.propertyId;
  try {
    switch (formText(form, "intent")) {
      case "add-feed":
        await addCalendarFeed(db, actor, { propertyId, address: formText(form, "address") });
        return answer(true, STAYS_TEXT.feedAdded);
      case "sync": {
        const result = await syncFeedNow(db, actor, formText(form, "feedId"));
        return "error" in result
          ? answer(false, result.error)
          : answer(true, STAYS_TEXT.synced(result.added, result.updated, result.cancelled));
      }
      case "remove-feed":
        await removeCalendarFeed(db, actor, formText(form, "feedId"));
        return answer(true, STAYS_TEXT.feedRemoved);
      case "add-stay": {
        const block = form.get("block") === "on";
        await addDirectStay(db, actor, {
          propertyId,
          checkIn: formText(form, "checkIn"),
          checkOut: formText(form, "checkOut"),
          block,
        });
        return answer(true, block ? STAYS_TEXT.blockAdded : STAYS_TEXT.directAdded);
      }
      case "edit-stay":
        await updateDirectStay(db, actor, {
          stayId: formText(form, "stayId"),
          checkIn: formText(form, "checkIn"),
          checkOut: formText(form, "checkOut"),
        });
        return answer(true, STAYS_TEXT.directUpdated);
      case "cancel-stay":
        await cancelDirectStay(db, actor, formText(form, "stayId"));
        return answer(true, STAYS_TEXT.directCancelled);
      default:
        return answer(false, "Pedido inválido.");
    }
  } catch (err) {
    return refused(err);
  }
}

function answer(ok: boolean, message: string): CalendarAnswer {
  return { ok, message };
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
