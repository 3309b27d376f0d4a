import { redirect } from "react-router";
import { AppError, refusalOf } from "~/domain/errors";
import { createReplacement } from "~/domain/restock/create-replacement.server";
import { RESTOCK_TEXT } from "~/domain/restock/messages";
import { listMissingByCheckIn } from "~/domain/restock/missing-products.server";
import { saoPauloDay } from "~/lib/dates";
import { flashCookie } from "~/lib/flash";
import { env } from "~/platform/env.server";
import { answer } from "../intents.server";
import type { Route } from "./+types/replacement-create";
import { backofficeContext } from "./guard.server";
import { Missing } from "./replacement-create-missing";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";

export function meta() {
  return [{ title: "Iniciar uma reposição" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "replacement.manage", { title: "Iniciar uma reposição", what: "criar reposições" });
  const { db } = context.get(servicesContext);
  const today = saoPauloDay(new Date());
  const asked = new URL(request.url).searchParams.get("checkin");
  if (asked === null) return { missing: await listMissingByCheckIn(db, actor, { today }), checkin: null };
  try {
    const withinDays = /^\d{1,2}$/.test(asked) ? Number(asked) : Number.NaN;
    return { missing: await listMissingByCheckIn(db, actor, { today, withinDays }), checkin: withinDays };
  } catch (err) {
    // A bad N: its message, and the unfiltered list (nothing hidden by a filter that was not applied).
    const filterError = refusalOf(err).message;
    return { missing: await listMissingByCheckIn(db, actor, { today }), checkin: null, filterError };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  const ticked = form.getAll("line").map((value) => {
    const [propertyId, productId] = String(value).split(":");
    return { propertyId, productId };
  });
  return answer(
    "create",
    async () => {
      const run = await createReplacement(db, actor, ticked);
      return redirect(`/replacements/${run.id}`, {
        headers: { "Set-Cookie": flashCookie("replacement-created", env().secureCookies) },
      });
    },
    {
      reword: (refusal) =>
        refusal.message === RESTOCK_TEXT.pickOne
          ? refusal
          : new AppError(refusal.kind, RESTOCK_TEXT.createFailed(refusal.message)),
    },
  );
}

/** Part 2 §2 'Create replacement': what is missing, ticked, grouped, and one button to start the run. */
export default function CreateReplacement({ loaderData, actionData }: Route.ComponentProps) {
  const filterError = "filterError" in loaderData ? loaderData.filterError : undefined;
  return (
    <Missing
      missing={loaderData.missing}
      checkin={loaderData.checkin}
      filterError={filterError}
      message={actionData?.message}
    />
  );
}
