import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { buttonClasses } from "~/ui/button";
import type { LandingContent } from "./landing-types";
import { LanguageLinks } from "./language-links";
import { containerClasses } from "./section";

/** Past this many pixels of scroll the header gets its solid background (spec §9). */
const SOLID_HEADER_AFTER_PX = 10;

const MENU_ID = "menu-movel";

/**
 * Fixed header: anchor navigation and the call to action; on phones a toggle opens the same links in a
 * panel. Transparent over the hero, solid once the page scrolls.
 */
export function SiteHeader({ content }: { content: LandingContent }) {
  const [solid, setSolid] = useState(false);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const signupHref = `#${content.signup.id}`;

  useEffect(() => {
    const update = () => setSolid(window.scrollY > SOLID_HEADER_AFTER_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const close = () => setOpen(false);
  const linkClasses = "text-sm font-medium text-ink hover:text-brand";

  return (
    <header
      data-solid={solid || open ? "true" : "false"}
      className={cn(
        "fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-200",
        solid || open ? "bg-surface shadow-sm" : "bg-transparent",
      )}
    >
      <div className={cn(containerClasses, "flex h-16 items-center gap-6")}>
        <a href="#topo" className="text-xl font-bold tracking-tight text-brand">
          Estadia
        </a>
        <nav aria-label={content.navLabel} className="ml-auto hidden md:block">
          <ul className="flex items-center gap-6">
            {content.nav.map((item) => (
              <li key={item.href}>
                <a href={item.href} className={linkClasses}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-4 md:flex">
          <a href="/auth" className={linkClasses}>
            {content.signIn}
          </a>
          <a href={signupHref} className={buttonClasses()}>
            {content.cta}
          </a>
        </div>
        <button
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpen((v) => !v)}
          className="-mr-2 ml-auto inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-black/5 md:hidden"
        >
          {open ? (
            <X className="size-6" aria-hidden="true" />
          ) : (
            <Menu className="size-6" aria-hidden="true" />
          )}
          <span className="sr-only">{content.menu}</span>
        </button>
      </div>

      {/* The panel's links are rendered only while it is open: less markup before the first paint. */}
      <div
        id={MENU_ID}
        hidden={!open}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border bg-surface md:hidden"
      >
        {open ? (
          <nav aria-label={content.navLabel} className={cn(containerClasses, "grid gap-4 py-4")}>
            <ul className="grid">
              {content.nav.map((item) => (
                <li key={item.href}>
                  <a
                    href={item.href}
                    onClick={close}
                    className={cn(linkClasses, "flex min-h-11 items-center")}
                  >
                    {item.label}
                  </a>
                </li>
              ))}
              <li>
                <a href="/auth" className={cn(linkClasses, "flex min-h-11 items-center")}>
                  {content.signIn}
                </a>
              </li>
            </ul>
            <a href={signupHref} onClick={close} className={buttonClasses({ size: "lg" })}>
              {content.cta}
            </a>
            <LanguageLinks current={content.lang} />
          </nav>
        ) : null}
      </div>
    </header>
  );
}
