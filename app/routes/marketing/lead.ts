import { data, redirect } from "react-router";
import { type LeadLanguage, leadLanguage } from "~/domain/leads/messages";
import { type RecordLeadResult, recordLead } from "~/domain/leads/record-lead.server";
import { database } from "~/platform/db/database.server";
import { requestContext } from "~/platform/request-context";
import type { Route } from "./+types/lead";

/** What the form gets back when the lead was refused (a success is a redirect). */
export type LeadActionData = Extract<RecordLeadResult, { ok: false }>;

/** GET shows the sign-up form on its own page (?lang=en|es); it is also where a post without JS lands. */
export function loader({ request }: Route.LoaderArgs) {
  return { language: leadLanguage(new URL(request.url).searchParams.get("lang")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { log, clientIp } = context.get(requestContext);
  const form = await request.formData();
  const { db } = await database();
  const result = await recordLead(db, { ip: clientIp }, form);
  if (!result.ok) return data(result, { status: result.status });
  log.info({ language: result.language, honeypot: !result.stored }, "landing lead");
  // 303: the browser follows with a GET whatever the method was.
  return redirect(result.registrationUrl, 303);
}

const TITLES: Record<LeadLanguage, string> = {
  "pt-BR": "Comece grátis | Estadia",
  en: "Start free | Estadia",
  es: "Empieza gratis | Estadia",
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: TITLES[loaderData?.language ?? "pt-BR"] },
  { name: "robots", content: "noindex" },
];

export { default } from "./lead-screen";
