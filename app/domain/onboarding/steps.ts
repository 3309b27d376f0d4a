import type { ActivityKind } from "../team/activity.server";

/** The getting-started checklist's steps, in the order a new host takes them (issue 25). */
export const GETTING_STARTED_STEPS = [
  "property",
  "products",
  "stock",
  "receiving",
  "poster",
  "purchase",
] as const;

export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];

/** The activity line a poster or QR download leaves (app/domain/qr/posters.server.ts writes it). */
export const POSTER_DOWNLOADED = "property.poster_downloaded" satisfies ActivityKind;
