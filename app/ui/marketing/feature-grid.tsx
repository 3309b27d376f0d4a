import type { Item } from "./landing-types";
import { LandingSection } from "./section";

/** Benefits or features: icon, title and a sentence each. */
export function FeatureGrid({
  id,
  title,
  intro,
  items,
  tone,
}: {
  id: string;
  title: string;
  intro: string;
  items: Item[];
  tone: "plain" | "tinted";
}) {
  return (
    <LandingSection
      id={id}
      title={title}
      intro={intro}
      className={tone === "tinted" ? "bg-surface-alt" : "bg-surface"}
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {items.map(({ icon: Icon, title: itemTitle, text }) => (
          <li key={itemTitle} className="rounded-xl border border-border bg-surface p-6 shadow-xs">
            <span className="inline-flex size-11 items-center justify-center rounded-lg bg-brand-soft text-brand">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-ink">{itemTitle}</h3>
            <p className="mt-2 text-muted">{text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
