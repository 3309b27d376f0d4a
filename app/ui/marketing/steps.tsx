import type { LandingContent } from "./landing-types";
import { LandingSection } from "./section";

export function Steps({ content }: { content: LandingContent }) {
  const { steps } = content;
  return (
    <LandingSection id={steps.id} title={steps.title} intro={steps.intro} className="bg-surface">
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.items.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="relative rounded-xl border border-border bg-surface-alt p-6">
            <span
              className="absolute -top-3 left-6 inline-flex size-7 items-center justify-center rounded-full bg-brand text-sm font-bold text-white"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <Icon className="mt-2 size-8 text-brand" aria-hidden="true" />
            <h3 className="mt-4 text-lg font-semibold text-ink">{title}</h3>
            <p className="mt-2 text-muted">{text}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
