import { redirect } from "react-router";
import { refusalOf } from "~/domain/errors";
import { PLAN_TEXT } from "~/domain/restock/plan-messages";
import { createPlannedRuns, PLAN_DAYS_DEFAULT, planRestock } from "~/domain/restock/plan-restock.server";
import { saoPauloDay } from "~/lib/dates";
import { flashCookie } from "~/lib/flash";
import { formText } from "~/lib/form-text";
import { env } from "~/platform/env.server";
import { answer } from "../intents.server";
import type { Route } from "./+types/replacement-plan";
import { backofficeContext } from "./guard.server";
import { RestockPlanView } from "./replacement-plan-view";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";

export function meta() {
  return [{ title: PLAN_TEXT.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "replacement.manage", { title: PLAN_TEXT.title, what: "planejar reposições" });
  const { db } = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const today = saoPauloDay(new Date());
  const cover = params.get("cobrir") === "1";
  const asked = params.get("dias");
  try {
    return { plan: await planRestock(db, actor, { today, days: asked ?? PLAN_DAYS_DEFAULT, cover }), cover };
  } catch (err) {
    // A bad N: its message, and the plan of the default days (nothing shown for a period not asked).
    const daysError = refusalOf(err).message;
    const plan = await planRestock(db, actor, { today, days: PLAN_DAYS_DEFAULT, cover });
    return { plan, cover, daysError };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  return answer("create-runs", async () => {
    await createPlannedRuns(db, actor, {
      today: saoPauloDay(new Date()),
      days: formText(form, "dias"),
      cover: formText(form, "cobrir") === "1",
    });
    return redirect("/replacements", {
      headers: { "Set-Cookie": flashCookie("replacements-planned", env().secureCookies) },
    });
  });
}

/** Issue 48: what to bring to each property before its next check-in, from the calendars and a forecast. */
export default function PlanReplacements({ loaderData, actionData }: Route.ComponentProps) {
  const daysError = "daysError" in loaderData ? loaderData.daysError : undefined;
  return (
    <RestockPlanView
      plan={loaderData.plan}
      cover={loaderData.cover}
      daysError={daysError}
      message={actionData?.message}
    />
  );
}
