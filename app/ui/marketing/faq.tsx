import { useState } from "react";
import { cn } from "~/lib/cn";
import type { LandingContent } from "./landing-types";
import { LandingSection } from "./section";

/** Accordion with at most one answer open; pressing the open question closes it. */
export function Faq({ content }: { content: LandingContent }) {
  const { faq } = content;
  const [open, setOpen] = useState<number | null>(null);
  return (
    <LandingSection id={faq.id} title={faq.title} intro={faq.intro} className="bg-surface">
      <ul className="mx-auto grid max-w-3xl divide-y divide-border rounded-xl border border-border bg-surface">
        {faq.items.map((item, i) => {
          const expanded = open === i;
          const buttonId = `${faq.id}-pergunta-${i + 1}`;
          const answerId = `${faq.id}-resposta-${i + 1}`;
          return (
            <li key={item.question}>
              <h3>
                <button
                  id={buttonId}
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={answerId}
                  onClick={() => setOpen(expanded ? null : i)}
                  className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-ink hover:bg-surface-alt"
                >
                  {item.question}
                  {/* A border chevron rather than six inline SVGs. */}
                  <span
                    aria-hidden="true"
                    className={cn(
                      "mr-1 size-2.5 shrink-0 border-r-2 border-b-2 border-brand transition-transform",
                      expanded ? "mt-1 -rotate-135" : "-mt-1 rotate-45",
                    )}
                  />
                </button>
              </h3>
              <div id={answerId} hidden={!expanded} className="px-5 pb-5 text-muted">
                <p>{item.answer}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}
