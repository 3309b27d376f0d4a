import { type ReactNode, useEffect } from "react";
import { Faq } from "./faq";
import { FeatureGrid } from "./feature-grid";
import { Hero } from "./hero";
import type { LandingContent, OutboundLinks } from "./landing-types";
import { Screenshots } from "./screenshots";
import { SignupSection } from "./signup-section";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { Steps } from "./steps";
import { Testimonials } from "./testimonials";

/** Smooth anchor scrolling while a landing page is shown, unless the visitor asked for less motion. */
function useSmoothScroll() {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add("motion-safe:scroll-smooth");
    return () => root.classList.remove("motion-safe:scroll-smooth");
  }, []);
}

/** One landing page, whatever the language or variant: the content object decides what it says. */
export function LandingPage({
  content,
  links,
  signupForm,
}: {
  content: LandingContent;
  links: OutboundLinks;
  signupForm: ReactNode;
}) {
  useSmoothScroll();
  return (
    <div className="bg-surface">
      {/* Target of the brand and 'back to top' links; browsers move the keyboard's starting point here. */}
      <div id="topo" />
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg"
      >
        {content.skipLink}
      </a>
      <SiteHeader content={content} />
      <main id="conteudo" tabIndex={-1} className="focus:outline-none">
        <Hero content={content} />
        <Steps content={content} />
        {content.benefits.map((section, i) => (
          <FeatureGrid key={section.id} {...section} tone={i % 2 === 0 ? "tinted" : "plain"} />
        ))}
        <Screenshots content={content} />
        <Testimonials content={content} />
        <Faq content={content} />
        <SignupSection content={content} form={signupForm} />
      </main>
      <SiteFooter content={content} links={links} />
    </div>
  );
}
