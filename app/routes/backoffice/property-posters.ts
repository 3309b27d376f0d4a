import { allPropertyPosters } from "~/domain/qr/posters.server";
import { env } from "~/platform/env.server";
import type { Route } from "./+types/property-posters";
import { downloadResponse, posterOptions, refusedDownload } from "./download.server";
import { backofficeContext } from "./guard.server";
import { servicesContext } from "./services.server";

/** GET /properties/posters?template=&paper=a4|a5 ('Imprimir todos'): one PDF, a page per property. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  try {
    const { db } = context.get(servicesContext);
    const { templateId, paper } = posterOptions(request.url);
    return downloadResponse(await allPropertyPosters(db, actor, { templateId, paper, appUrl: env().appUrl }));
  } catch (err) {
    return refusedDownload(err);
  }
}
