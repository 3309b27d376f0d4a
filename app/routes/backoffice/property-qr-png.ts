import { propertyQrCode } from "~/domain/qr/posters.server";
import { env } from "~/platform/env.server";
import type { Route } from "./+types/property-qr-png";
import { downloadResponse, refusedDownload } from "./download.server";
import { backofficeContext } from "./guard.server";
import { servicesContext } from "./services.server";

/** GET /properties/{id}/qr.png: the property's QR code (its shop address) to print. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  try {
    const { db } = context.get(servicesContext);
    const input = { propertyId: params.propertyId, format: "png" as const, appUrl: env().appUrl };
    return downloadResponse(await propertyQrCode(db, actor, input));
  } catch (err) {
    return refusedDownload(err);
  }
}
