import type { StoredImage } from "~/domain/images/image-input.server";
import type { Db } from "~/platform/db/database-handle.server";

/** A QR template as the back office shows and edits it. */
export type QrTemplate = {
  id: string;
  name: string;
  /** The posters' default when none is named (at most one per organization). */
  isDefault: boolean;
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
  name?: unknown;
  /** Set by the new-template form until the host moves the code: centre it at a size that scans. */
  autoPlace?: boolean;
  positionX?: unknown;
  positionY?: unknown;
  size?: unknown;
  /** A new background, stored already (required to create; undefined keeps the current one). */
  image?: StoredImage;
};

/** The database or an open transaction: reads work on both. */
export type Queryable = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];
