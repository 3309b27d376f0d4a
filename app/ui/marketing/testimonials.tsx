import { cn } from "~/lib/cn";
import type { LandingContent } from "./landing-types";
import { LandingSection } from "./section";

export function Testimonials({ content }: { content: LandingContent }) {
  const { testimonials } = content;
  const columns = testimonials.items.length === 2 ? "md:grid-cols-2" : "md:grid-cols-3";
  return (
    <LandingSection
      id={testimonials.id}
      title={testimonials.title}
      intro={testimonials.intro}
      className="bg-surface-alt"
    >
      <ul className={cn("mx-auto grid max-w-5xl gap-6", columns)}>
        {testimonials.items.map((t) => (
          <li key={t.name}>
            <figure className="flex h-full flex-col rounded-xl border border-border bg-surface p-6 shadow-xs">
              <span aria-hidden="true" className="h-8 font-serif text-6xl leading-none text-brand">
                “
              </span>
              <blockquote className="mt-4 flex-1 text-ink">
                <p>{t.quote}</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span
                  className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-semibold text-white"
                  aria-hidden="true"
                >
                  {t.initials}
                </span>
                <span className="grid">
                  <span className="font-semibold text-ink">{t.name}</span>
                  <span className="text-sm text-muted">{t.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
