import { data } from "react-router";
import { env } from "~/platform/env.server";
import { requestContext } from "~/platform/request-context";
import { answerDevFake } from "~/platform/whatsapp/dev-fake.server";
import type { Route } from "./+types/dev-whatsapp";

/**
 * /dev/whatsapp/{phone-number-id}/messages: the WhatsApp Cloud API fake (ADR 0054), for a developer who
 * points WHATSAPP_API_URL here. Never in production, nor without the WhatsApp variables.
 */
function devConfig() {
  const config = env();
  if (config.isProduction || !config.whatsapp) throw data(null, { status: 404 });
  return { whatsapp: config.whatsapp, appUrl: config.appUrl };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { whatsapp, appUrl } = devConfig();
  const answer = answerDevFake(
    whatsapp,
    appUrl,
    {
      method: request.method,
      path: `/${params["*"] ?? ""}`,
      authorization: request.headers.get("authorization"),
      body: await request.text(),
    },
    context.get(requestContext).log,
  );
  return Response.json(answer.body, { status: answer.status });
}

export function loader() {
  devConfig();
  return Response.json(
    { error: { message: "Unsupported get request.", type: "GraphMethodException", code: 100 } },
    { status: 400 },
  );
}
