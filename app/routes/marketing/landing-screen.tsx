import { LandingPage } from "~/ui/marketing/landing-page";
import type { LandingContent, OutboundLinks } from "~/ui/marketing/landing-types";
import { type LandingFees, withFees } from "./landing-fees";
import { LeadForm } from "./lead-form";

/** A landing variant: the shared page fed with its content, and the sign-up form that posts to /leads. */
export function LandingScreen({
  content,
  links,
  fees,
}: {
  content: LandingContent;
  links: OutboundLinks;
  fees: LandingFees;
}) {
  return (
    <LandingPage
      content={withFees(content, fees)}
      links={links}
      signupForm={<LeadForm text={content.signup} language={content.lang} />}
    />
  );
}
