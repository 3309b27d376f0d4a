import { data } from "react-router";

/** In a loader: another organization's id, or one that never existed, is the 404 page. */
export function notFoundUnlessFound<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw data(null, { status: 404 });
  return value;
}
