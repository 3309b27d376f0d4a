import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export const containerClasses = "mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8";

/** A check mark drawn with borders: a dozen of them as inline SVG would weigh on the first paint. */
export function CheckMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "mb-1 inline-block h-2.5 w-1.5 shrink-0 rotate-45 border-r-2 border-b-2 border-current",
        className,
      )}
    />
  );
}

/** A landing section: its id is the anchor target, its title names it for assistive technology. */
export function LandingSection({
  id,
  title,
  intro,
  className,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  className?: string;
  children: ReactNode;
}) {
  const titleId = `${id}-titulo`;
  return (
    // scroll-mt keeps the title clear of the fixed header when an anchor link lands here; the browser lays
    // out a section only when it nears the screen (`below-fold`), which keeps the first paint cheap.
    <section id={id} aria-labelledby={titleId} className={cn("scroll-mt-16 py-16 sm:py-20", className)}>
      <div className={containerClasses}>
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={titleId} className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg text-muted">{intro}</p> : null}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}
