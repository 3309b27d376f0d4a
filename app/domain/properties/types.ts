import type { Db } from "~/platform/db/database-handle.server";

/** What a guest-shop card and the back office show of a property. */
export type Property = {
  id: string;
  name: string;
  address: string;
  /** What guests see of where it is (neighbourhood and city); null = nothing. */
  publicLocation: string | null;
  /** Full image (an https URL or a /media/… path); null when there is none. */
  image: string | null;
  /** Thumbnail for cards; null when there is no image. */
  imageThumb: string | null;
  hash: string;
  createdAt: Date;
  updatedAt: Date;
};

/** A stored image as the image input gives it (same shape as ImageValue of the images area). */
export type PropertyImage = { image: string; imageThumb: string };

export type PropertyInput = {
  name?: unknown;
  address?: unknown;
  /** 'Localização para os hóspedes'; absent or empty = none. */
  publicLocation?: unknown;
  /** undefined = keep the current image, null = remove it. */
  image?: PropertyImage | null;
};

/** The database or an open transaction: reads work on both. */
export type Queryable = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];
