import type { Route } from "./+types/landing-v2";
import { CONTENT_V2 as content } from "./content-v2";
import { landingHeaders, landingLoader, prerenderContext } from "./landing.server";
import { landingMeta } from "./landing-meta";
import { LandingScreen } from "./landing-screen";

// Prerendered at build time (react-router.config.ts); the same module serves it at request time.
// `landingPage`: its document is lightened for the first paint (landing-page.ts).
export const handle = { lang: content.lang, landingPage: true };
export const middleware: Route.MiddlewareFunction[] = [prerenderContext];
export const loader = landingLoader;
export const headers = landingHeaders;
export const shouldRevalidate = () => false;
export const meta: Route.MetaFunction = ({ loaderData }) => landingMeta(content, loaderData?.origin);

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <LandingScreen content={content} links={loaderData.links} fees={loaderData.fees} />;
}
