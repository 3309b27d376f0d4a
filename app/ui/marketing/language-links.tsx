import type { ReactElement } from "react";
import { cn } from "~/lib/cn";
import type { LandingLang } from "./landing-types";

// Small SVG flags: emoji flags do not render on Windows.
function BrazilFlag() {
  return (
    <svg viewBox="0 0 28 20" className="h-4 w-6 shrink-0 rounded-sm" aria-hidden="true">
      <rect width="28" height="20" fill="#009c3b" />
      <path d="M14 2.5 25.5 10 14 17.5 2.5 10z" fill="#ffdf00" />
      <circle cx="14" cy="10" r="4.6" fill="#002776" />
    </svg>
  );
}

function UsaFlag() {
  return (
    <svg viewBox="0 0 28 20" className="h-4 w-6 shrink-0 rounded-sm" aria-hidden="true">
      <rect width="28" height="20" fill="#b22234" />
      <path d="M0 3h28M0 7h28M0 11h28M0 15h28M0 19h28" stroke="#fff" strokeWidth="1.6" />
      <rect width="12" height="11" fill="#3c3b6e" />
    </svg>
  );
}

function SpainFlag() {
  return (
    <svg viewBox="0 0 28 20" className="h-4 w-6 shrink-0 rounded-sm" aria-hidden="true">
      <rect width="28" height="20" fill="#aa151b" />
      <rect y="5" width="28" height="10" fill="#f1bf00" />
    </svg>
  );
}

const LANGUAGES: { lang: LandingLang; href: string; name: string; Flag: () => ReactElement }[] = [
  { lang: "pt-BR", href: "/", name: "Português", Flag: BrazilFlag },
  { lang: "en", href: "/en", name: "English", Flag: UsaFlag },
  { lang: "es", href: "/es", name: "Español", Flag: SpainFlag },
];

/** Flag links to each language's page; each name is written in its own language. */
export function LanguageLinks({ current, className }: { current: LandingLang; className?: string }) {
  return (
    <ul className={cn("flex flex-wrap gap-2", className)}>
      {LANGUAGES.map(({ lang, href, name, Flag }) => (
        <li key={lang}>
          <a
            href={href}
            hrefLang={lang}
            lang={lang}
            aria-current={lang === current ? "page" : undefined}
            className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-border px-3 text-sm font-medium text-ink hover:bg-surface-alt aria-[current=page]:border-brand aria-[current=page]:text-brand"
          >
            <Flag />
            {name}
          </a>
        </li>
      ))}
    </ul>
  );
}
