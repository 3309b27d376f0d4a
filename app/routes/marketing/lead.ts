import { data, redirect } from "react-router";
import { refusalOf } from "~/domain/errors";
import { formLanguage, type LeadValues, leadValues } from "~/domain/leads/lead-values";
import { type LeadLanguage, leadLanguage } from "~/domain/leads/messages";
import { recordLead } from "~/domain/leads/record-lead.server";
import { database } from "~/platform/db/database.server";
import { requestContext } from "~/platform/request-context";
import { refusalHeaders, refusalRouteHeaders, statusOf } from "../refusal.server";
import type { Route } from "./+types/lead";

/** What the form gets back when the lead was refused (a success is a redirect). */
export type LeadActionData = {
  ok: false;
  language: LeadLanguage;
  message: string;
  fieldErrors: Partial<Record<keyof LeadValues, string>>;
  /** What was typed, to fill the form in again. */
  values: LeadValues;
};

/** GET shows the sign-up form on its own page (?lang=en|es); it is also where a post without JS lands. */
export function loader({ request }: Route.LoaderArgs) {
  return { language: leadLanguage(new URL(request.url).searchParams.get("lang")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { log, clientIp } = context.get(requestContext);
  const form = await request.formData();
  const { db } = await database();
  try {
    const lead = await recordLead(db, { ip: clientIp }, form);
    log.info({ language: lead.language, honeypot: !lead.stored }, "landing lead");
    // 303: the browser follows with a GET whatever the method was.
    return redirect(lead.registrationUrl, 303);
  } catch (err) {
    const refusal = refusalOf(err);
    const body: LeadActionData = {
      ok: false,
      language: formLanguage(form),
      message: refusal.message,
      fieldErrors: refusal.fieldErrors ?? {},
      values: leadValues(form),
    };
    return data(body, { status: statusOf(refusal), headers: refusalHeaders(refusal) });
  }
}

export const headers = refusalRouteHeaders;

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
