import type { ServerBuild } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";

/** The build with React Router's route-pattern matcher on the server. */
export function withPatternMatching(build: ServerBuild): ServerBuild {
  unstable_preloadRoutePattern();
  const future = { ...build.future, unstable_routePatternMatching: true };
  // The browser's router keeps its own matcher: the flag stays out of the hand-off written into the page.
  Object.defineProperty(future, "toJSON", { value: () => build.future, enumerable: false });
  return { ...build, future } as unknown as ServerBuild;
}
