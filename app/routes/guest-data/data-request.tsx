import { data } from "react-router";
import { refusalOf } from "~/domain/errors";
import { orderIdOfDataRequestToken } from "~/domain/guests/data-request-link.server";
import { dataRequestOrder, recordGuestRequest } from "~/domain/guests/guest-request.server";
import type { GuestLocale } from "~/lib/i18n/locale";
import { guestMessages, translateFromPortuguese } from "~/lib/i18n/messages";
import { database } from "~/platform/db/database.server";
import { env } from "~/platform/env.server";
import { mailer } from "~/platform/mail/mailer.server";
import { requestContext } from "~/platform/request-context";
import { refusalHeaders, refusalRouteHeaders, statusOf } from "../refusal.server";
import type { Route } from "./+types/data-request";
import { dataRequestLocale } from "./data-request-locale";
import { DataRequestScreen } from "./data-request-screen";

// The token in the address is the guest's key: the request log writes the route's pattern instead.
export const handle = { guestPage: true, secretPath: true };

export const headers = refusalRouteHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  const t = guestMessages(loaderData?.locale ?? "pt-BR").guestData;
  return [{ title: t.title }, { name: "robots", content: "noindex" }];
}

async function orderOf(token: string) {
  const orderId = orderIdOfDataRequestToken(token);
  if (!orderId) return null;
  const { db } = await database();
  return dataRequestOrder(db, orderId);
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const order = await orderOf(params.token);
  const locale = dataRequestLocale(request.headers, order?.locale);
  if (!order) return data({ locale, order: null }, { status: 404 });
  return {
    locale,
    order: { shortId: order.shortId, propertyName: order.propertyName, anonymized: order.anonymized },
  };
}

export type DataRequestAnswer =
  | { ok: true; kind: "export" | "erasure" | null; erased: boolean }
  | {
      ok: false;
      message: string;
      fieldErrors: Record<string, string>;
      values: { email: string; kind: string };
    };

export async function action({ params, request, context }: Route.ActionArgs) {
  const order = await orderOf(params.token);
  const locale: GuestLocale = dataRequestLocale(request.headers, order?.locale);
  if (!order) {
    return data<DataRequestAnswer>(
      { ok: false, message: "", fieldErrors: {}, values: { email: "", kind: "" } },
      { status: 404 },
    );
  }
  const form = await request.formData();
  const values = {
    email: String(form.get("email") ?? "").slice(0, 254),
    kind: String(form.get("kind") ?? ""),
  };
  const { log, clientIp } = context.get(requestContext);
  const config = env();
  try {
    const recorded = await recordGuestRequest(
      { db: (await database()).db, mail: mailer(config), appUrl: config.appUrl, log, now: () => new Date() },
      { orderId: order.id, email: values.email, kind: values.kind, ip: clientIp, locale },
    );
    if ("erased" in recorded) return { ok: true, kind: null, erased: true } satisfies DataRequestAnswer;
    log.info({ kind: recorded.kind, created: recorded.created }, "guest data request");
    return { ok: true, kind: recorded.kind, erased: false } satisfies DataRequestAnswer;
  } catch (err) {
    const refusal = refusalOf(err);
    const t = guestMessages(locale).guestData;
    const wait = refusal.detail.retryAfterSeconds;
    const message =
      refusal.kind === "rate_limited" && wait !== undefined
        ? t.tooMany(Math.max(1, Math.ceil(wait / 60)))
        : translateFromPortuguese(locale, refusal.message);
    const fieldErrors = Object.fromEntries(
      Object.entries(refusal.fieldErrors ?? {}).map(([k, v]) => [k, translateFromPortuguese(locale, v)]),
    );
    return data<DataRequestAnswer>(
      { ok: false, message, fieldErrors, values },
      { status: statusOf(refusal), headers: refusalHeaders(refusal) },
    );
  }
}

/** Issue 24: the guest asks, from their receipt's link, for a copy or the erasure of their data. */
export default function DataRequest({ loaderData, actionData }: Route.ComponentProps) {
  return <DataRequestScreen locale={loaderData.locale} order={loaderData.order} answer={actionData} />;
}
