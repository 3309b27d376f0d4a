import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import type { LandingContent } from "./landing-types";
import { CheckMark, containerClasses } from "./section";

/** The final call to action: the pitch on one side, the form (rendered by the route) on the other. */
export function SignupSection({ content, form }: { content: LandingContent; form: ReactNode }) {
  const { signup } = content;
  const titleId = `${signup.id}-titulo`;
  return (
    <section id={signup.id} aria-labelledby={titleId} className="scroll-mt-16 bg-brand py-16 sm:py-20">
      <div className={cn(containerClasses, "grid items-start gap-10 md:grid-cols-2")}>
        <div className="text-white">
          <h2 id={titleId} className="text-3xl font-bold tracking-tight sm:text-4xl">
            {signup.title}
          </h2>
          <p className="mt-4 text-lg text-white/90">{signup.intro}</p>
          <ul className="mt-8 grid gap-3">
            {signup.perks.map((perk) => (
              <li key={perk} className="flex items-center gap-2 font-medium">
                <CheckMark className="mx-1.5" />
                {perk}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl bg-surface p-6 shadow-xl sm:p-8">{form}</div>
      </div>
    </section>
  );
}
