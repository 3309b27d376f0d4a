import { and, desc, eq } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { Db } from "~/platform/db/database-handle.server";
import { qrTemplates } from "~/platform/db/schema";
import { type Actor, assertCan } from "../team/permissions";
import type { QrTemplate, Queryable } from "./types";

export const qrTemplateColumns = {
  id: qrTemplates.id,
  name: qrTemplates.name,
  isDefault: qrTemplates.isDefault,
  image: qrTemplates.image,
  imageThumb: qrTemplates.imageThumb,
  imageWidth: qrTemplates.imageWidth,
  imageHeight: qrTemplates.imageHeight,
  positionX: qrTemplates.positionX,
  positionY: qrTemplates.positionY,
  size: qrTemplates.size,
  createdAt: qrTemplates.createdAt,
  updatedAt: qrTemplates.updatedAt,
};

/** The organization's templates: the default first, then newest first. */
export async function listQrTemplates(db: Db, actor: Actor): Promise<QrTemplate[]> {
  assertCan(actor, "catalog.read");
  return db
    .select(qrTemplateColumns)
    .from(qrTemplates)
    .where(eq(qrTemplates.organizationId, actor.organizationId))
    .orderBy(desc(qrTemplates.isDefault), desc(qrTemplates.createdAt), desc(qrTemplates.id));
}

/** One template of the actor's organization; null when unknown or another organization's. */
export async function getQrTemplate(db: Db, actor: Actor, id: string): Promise<QrTemplate | null> {
  assertCan(actor, "catalog.read");
  return (await ownTemplate(db, actor, id)) ?? null;
}

/** The template when it is the actor's organization's; `lock` holds its row until the transaction ends. */
export async function ownTemplate(
  q: Queryable,
  actor: Actor,
  id: string,
  lock = false,
): Promise<QrTemplate | undefined> {
  // A malformed id is just an unknown one (Postgres would refuse to compare it with a uuid column).
  if (!isUuid(id)) return undefined;
  const query = q
    .select(qrTemplateColumns)
    .from(qrTemplates)
    .where(and(eq(qrTemplates.id, id), eq(qrTemplates.organizationId, actor.organizationId)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}
