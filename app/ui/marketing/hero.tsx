import { cn } from "~/lib/cn";
import { buttonClasses } from "~/ui/button";
import type { LandingContent } from "./landing-types";
import { CheckMark, containerClasses } from "./section";

export function Hero({ content }: { content: LandingContent }) {
  const { hero } = content;
  return (
    <section aria-labelledby="hero-titulo" className="bg-brand-soft pt-28 pb-16 sm:pt-32 sm:pb-24">
      <div className={cn(containerClasses, "grid items-center gap-12 md:grid-cols-2")}>
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand uppercase">{hero.eyebrow}</p>
          <h1
            id="hero-titulo"
            className="mt-3 text-4xl font-bold tracking-tight text-balance text-ink sm:text-5xl"
          >
            {hero.title}
          </h1>
          <p className="mt-5 text-lg text-muted">{hero.subtitle}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href={`#${content.signup.id}`} className={buttonClasses({ size: "lg" })}>
              {content.cta}
            </a>
            <a href={`#${content.steps.id}`} className={buttonClasses({ variant: "outline", size: "lg" })}>
              {hero.secondary}
            </a>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-ink">
            {hero.highlights.map((text) => (
              <li key={text} className="flex items-center gap-1.5">
                <CheckMark className="mx-1 text-brand" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        {/* Above the fold: fetched early, never lazy. Width and height reserve its box (no layout shift). */}
        <img
          src={hero.image.src}
          alt={hero.image.alt}
          width={hero.image.width}
          height={hero.image.height}
          fetchPriority="high"
          decoding="async"
          className="mx-auto h-auto w-full max-w-sm"
        />
      </div>
    </section>
  );
}
