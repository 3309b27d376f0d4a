import { listProperties } from "~/domain/properties/read-properties.server";
import type { Db } from "~/platform/db/database-handle.server";
import { type QrTile, qrTile } from "~/platform/qr/qr-matrix.server";
import type { Actor } from "../team/permissions";
import { shopUrl } from "./posters.server";

/** Stands in for a hash before the host has a property: as long as a real one, so the code is as dense. */
const SAMPLE_HASH = "exemplo-link-da-loja00";

/**
 * The QR code the template form previews: the newest property's real shop link (a sample of the same
 * length before there is one), drawn by the same code as the posters.
 */
export async function previewTile(db: Db, actor: Actor, appUrl: string): Promise<QrTile> {
  const [newest] = await listProperties(db, actor);
  return qrTile(shopUrl(appUrl, newest?.hash ?? SAMPLE_HASH));
}
