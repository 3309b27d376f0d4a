import { propertyPoster } from "~/domain/qr/posters.server";
import { env } from "~/platform/env.server";
import type { Route } from "./+types/property-poster";
import { downloadResponse, posterOptions, refusedDownload } from "./download.server";
import { backofficeContext } from "./guard.server";
import { servicesContext } from "./services.server";

/** GET /properties/{id}/poster?template=&paper=a4|a5&format=pdf|png: one property's poster. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  try {
    const { db } = context.get(servicesContext);
    const options = { ...posterOptions(request.url), propertyId: params.propertyId, appUrl: env().appUrl };
    return downloadResponse(await propertyPoster(db, actor, options));
  } catch (err) {
    return refusedDownload(err);
  }
}
