import { useActionData, useLoaderData } from "react-router";
import type { LeadLanguage } from "~/domain/leads/messages";
import type { SignupText } from "~/ui/marketing/landing-types";
import { CONTENT_EN } from "./content-en";
import { CONTENT_ES } from "./content-es";
import { PT_SIGNUP } from "./content-pt";
import type { action, loader } from "./lead";
import { LeadForm } from "./lead-form";

const PAGES: Record<LeadLanguage, { home: string; signup: SignupText }> = {
  "pt-BR": { home: "/", signup: PT_SIGNUP },
  en: { home: "/en", signup: CONTENT_EN.signup },
  es: { home: "/es", signup: CONTENT_ES.signup },
};

/** The sign-up form alone: where a post without JavaScript shows what to fix, in the visitor's language. */
// Hooks, not props: lead.ts re-exports this component, and only a default export written in the route
// module itself gets React Router's props.
export default function LeadScreen() {
  const loaderData = useLoaderData<typeof loader>() as Awaited<ReturnType<typeof loader>> | undefined;
  const actionData = useActionData<typeof action>();
  // After a refused post (4xx) React Router skips the loader, so the answer carries the language.
  const language = actionData?.language ?? loaderData?.language ?? "pt-BR";
  const page = PAGES[language];
  return (
    <main lang={language} className="min-h-dvh bg-brand-soft px-4 py-10 sm:py-16">
      <div className="mx-auto grid max-w-lg gap-6">
        <a href={page.home} className="justify-self-start text-xl font-bold text-brand">
          Estadia
        </a>
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">{page.signup.title}</h1>
          <p className="mt-2 text-muted">{page.signup.intro}</p>
        </div>
        <div className="rounded-2xl bg-surface p-6 shadow-xl sm:p-8">
          <LeadForm text={page.signup} language={language} initial={actionData} />
        </div>
      </div>
    </main>
  );
}
