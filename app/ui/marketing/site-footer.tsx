import { ArrowUp, Mail, MessageCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { cn } from "~/lib/cn";
import { FacebookIcon, InstagramIcon, LinkedinIcon } from "./brand-icons";
import { fill, type LandingContent, type OutboundLinks } from "./landing-types";
import { LanguageLinks } from "./language-links";
import { containerClasses } from "./section";

const headingClasses = "text-sm font-semibold tracking-wide text-ink uppercase";
const linkClasses = "inline-flex min-h-8 items-center gap-2 text-muted hover:text-brand";

/** The year is rendered by the server (or the build) and corrected in the browser, so it is never stale. */
function useCurrentYear(): number {
  const [year, setYear] = useState(() => new Date().getFullYear());
  useEffect(() => setYear(new Date().getFullYear()), []);
  return year;
}

export function SiteFooter({ content, links }: { content: LandingContent; links: OutboundLinks }) {
  const { footer } = content;
  const year = useCurrentYear();
  const social = [
    { name: "Instagram", href: links.instagram, Icon: InstagramIcon },
    { name: "Facebook", href: links.facebook, Icon: FacebookIcon },
    { name: "LinkedIn", href: links.linkedin, Icon: LinkedinIcon },
  ];
  return (
    <footer className="border-t border-border bg-surface">
      <div className={cn(containerClasses, "grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4")}>
        <div className="grid content-start gap-3">
          <p className="text-xl font-bold text-brand">Estadia</p>
          <p className="text-muted">{footer.tagline}</p>
        </div>
        <nav aria-label={footer.quickLinks} className="grid content-start gap-3">
          <h2 className={headingClasses}>{footer.quickLinks}</h2>
          <ul className="grid gap-1">
            {content.nav.map((item) => (
              <li key={item.href}>
                <a href={item.href} className={linkClasses}>
                  {item.label}
                </a>
              </li>
            ))}
            <li>
              <a href="/auth" className={linkClasses}>
                {footer.signIn}
              </a>
            </li>
          </ul>
        </nav>
        <div className="grid content-start gap-3">
          <h2 className={headingClasses}>{footer.contact}</h2>
          <ul className="grid gap-1">
            <li>
              <a href={links.supportChat} target="_blank" rel="noopener noreferrer" className={linkClasses}>
                <MessageCircle className="size-4" aria-hidden="true" />
                {footer.supportChat}
              </a>
            </li>
            <li>
              <a href={`mailto:${links.contactEmail}`} className={linkClasses}>
                <Mail className="size-4" aria-hidden="true" />
                {links.contactEmail}
              </a>
            </li>
          </ul>
          <h2 className={cn(headingClasses, "mt-4")}>{footer.social}</h2>
          <ul className="flex gap-2">
            {social.map(({ name, href, Icon }) => (
              <li key={name}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={fill(footer.socialLabel, { network: name })}
                  className="inline-flex size-11 items-center justify-center rounded-full border border-border text-ink hover:border-brand hover:text-brand"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid content-start gap-3">
          <h2 className={headingClasses}>{footer.legal}</h2>
          <ul className="grid gap-1">
            <li>
              <a href="/legal/termos.html" className={linkClasses}>
                {footer.terms}
              </a>
            </li>
            <li>
              <a href="/legal/privacidade.html" className={linkClasses}>
                {footer.privacy}
              </a>
            </li>
          </ul>
          <h2 className={cn(headingClasses, "mt-4")}>{footer.languages}</h2>
          <LanguageLinks current={content.lang} />
        </div>
      </div>
      <div className="border-t border-border">
        <div className={cn(containerClasses, "flex flex-wrap items-center justify-between gap-4 py-6")}>
          <p className="text-sm text-muted">
            © {year} Estadia. {footer.rights}
          </p>
          {/* A link, so it works before JavaScript loads and moves keyboard focus to the top too. */}
          <a
            href="#topo"
            className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-border px-3 text-sm font-medium text-ink hover:bg-surface-alt"
          >
            <ArrowUp className="size-4" aria-hidden="true" />
            {footer.toTop}
          </a>
        </div>
      </div>
    </footer>
  );
}
