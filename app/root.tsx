import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type UIMatch,
  useLocation,
  useMatches,
} from "react-router";
import { isLandingPage } from "~/routes/marketing/landing-page";
import { FlashToast } from "~/ui/flash-toast";
import { GuestScript } from "~/ui/guest-script";
import { NotFound } from "~/ui/not-found";
import { Toaster } from "~/ui/toaster";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

/**
 * Guest pages (`handle.guestPage`: the shop and the cart summary) run without React in the browser: the
 * server renders them whole and a small module makes them instant (docs/decisions/0014-guest-pages-without-react.md).
 */
function isGuestPage(matches: UIMatch[]): boolean {
  return matches.some((m) => (m.handle as { guestPage?: unknown } | undefined)?.guestPage === true);
}

/**
 * The page's language: the deepest route with `handle.lang` (the landing pages) or a loader's `locale` (the
 * guest pages, in the guest's language) decides; pt-BR otherwise.
 */
function pageLang(matches: UIMatch[]): string {
  for (const match of [...matches].reverse()) {
    const lang = (match.handle as { lang?: unknown } | undefined)?.lang;
    if (typeof lang === "string") return lang;
    const locale = (match.loaderData as { locale?: unknown } | undefined)?.locale;
    if (typeof locale === "string") return locale;
  }
  return "pt-BR";
}

export function Layout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  return (
    <html lang={pageLang(matches)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        {/* With a precedence React puts the stylesheet ahead of the script preloads it hoists into the head,
            so a phone on a slow link paints before the JavaScript has arrived. A landing page has it inline
            instead; a client-side navigation away from one renders this link, and React adds it then. */}
        {isLandingPage(matches.map((m) => m.handle)) ? null : (
          <link rel="stylesheet" href={stylesheet} precedence="default" />
        )}
        <Links />
      </head>
      <body>
        {children}
        <Toaster />
        {isGuestPage(matches) ? (
          <GuestScript />
        ) : (
          <>
            <FlashToast />
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta() {
  return [{ title: "Estadia" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound path={pathname} />;
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Algo deu errado</h1>
      <p className="text-muted">Não foi possível carregar esta página. Tente novamente em instantes.</p>
      <a className="text-brand underline" href="/">
        Voltar para o início
      </a>
    </main>
  );
}
