import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { cn } from "~/lib/cn";
import { fill, type LandingContent } from "./landing-types";
import { LandingSection } from "./section";

type Shots = LandingContent["screenshots"];
type Shot = Shots["items"][number];

/** Index after moving `step` slides from `index`, wrapping at both ends. */
function wrapIndex(index: number, step: number, count: number): number {
  return (((index + step) % count) + count) % count;
}

function Screenshot({ shot }: { shot: Shot }) {
  return (
    <figure className="overflow-hidden rounded-xl border border-border bg-surface shadow-sm">
      {/* Below the fold: lazy, and sized so nothing moves when it arrives. */}
      <img
        src={shot.src}
        alt={shot.alt}
        width={shot.width}
        height={shot.height}
        loading="lazy"
        decoding="async"
        className="h-auto w-full bg-surface-alt"
      />
      <figcaption className="border-t border-border px-4 py-3 text-sm text-muted">{shot.caption}</figcaption>
    </figure>
  );
}

function Carousel({ shots }: { shots: Shots }) {
  const [index, setIndex] = useState(0);
  const count = shots.items.length;
  const arrow =
    "inline-flex size-11 items-center justify-center rounded-full border border-border bg-surface text-ink shadow-xs hover:bg-surface-alt";
  return (
    <section aria-label={shots.carouselLabel} className="mx-auto max-w-3xl">
      {/* Polite: the caption of the slide shown is read after each press of a control. */}
      <div aria-live="polite">
        {shots.items.map((shot, i) => (
          // biome-ignore lint/a11y/useSemanticElements: a slide is a group (WAI carousel pattern), not a form fieldset.
          <div
            key={shot.src}
            role="group"
            aria-label={fill(shots.slideLabel, { n: i + 1, total: count })}
            hidden={i !== index}
          >
            <Screenshot shot={shot} />
          </div>
        ))}
      </div>
      <div className="mt-5 flex items-center justify-center gap-4">
        <button
          type="button"
          className={arrow}
          onClick={() => setIndex((i) => wrapIndex(i, -1, count))}
          aria-label={shots.previous}
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <ul className="flex items-center gap-1">
          {shots.items.map((shot, i) => (
            <li key={shot.src}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={fill(shots.goTo, { n: i + 1 })}
                aria-current={i === index ? "true" : undefined}
                className="group inline-flex size-8 items-center justify-center rounded-full"
              >
                <span
                  className={cn(
                    "size-3 rounded-full border-2",
                    i === index ? "border-brand bg-brand" : "border-muted bg-transparent",
                  )}
                />
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={arrow}
          onClick={() => setIndex((i) => wrapIndex(i, 1, count))}
          aria-label={shots.next}
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}

export function Screenshots({ content }: { content: LandingContent }) {
  const shots = content.screenshots;
  return (
    <LandingSection id={shots.id} title={shots.title} intro={shots.intro} className="bg-surface">
      {shots.layout === "carousel" ? (
        <Carousel shots={shots} />
      ) : (
        <ul className="grid gap-6 md:grid-cols-3">
          {shots.items.map((shot) => (
            <li key={shot.src}>
              <Screenshot shot={shot} />
            </li>
          ))}
        </ul>
      )}
    </LandingSection>
  );
}
