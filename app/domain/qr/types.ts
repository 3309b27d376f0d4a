import type { StoredImage } from "~/domain/images/image-input.server";
import type { Db } from "~/platform/db/database-handle.server";

/** A QR template as the back office shows and edits it. */
export type QrTemplate = {
  id: string;
  /** The stored background (`/media/…`) and its card thumbnail. */
  image: string;
  imageThumb: string;
  imageWidth: number;
  imageHeight: number;
  positionX: number;
  positionY: number;
  size: number;
  createdAt: Date;
  updatedAt: Date;
};

export type QrTemplateInput = {
  positionX?: unknown;
  positionY?: unknown;
  size?: unknown;
  /** A new background, stored already (required to create; undefined keeps the current one). */
  image?: StoredImage;
};

/** The database or an open transaction: reads work on both. */
export type Queryable = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];
