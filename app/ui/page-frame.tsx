import type { LucideIcon } from "lucide-react";
import { Menu, X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { type ElementType, type ReactNode, useState } from "react";
import { cn } from "~/lib/cn";

export interface PageFrameProps {
  /** The page's single <h1>. */
  title: ReactNode;
  description?: ReactNode;
  /** Buttons/links shown next to the title (below it on phones). */
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** Content frame for a back-office page; goes inside AppShell's <main>. */
export function PageFrame({ title, description, actions, className, children }: PageFrameProps) {
  return (
    <div className={cn("mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:px-6 lg:px-8", className)}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
          {description ? <p className="text-sm text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

export interface NavItem {
  to: string;
  label: string;
  icon?: LucideIcon;
}

export interface AppShellProps {
  nav: NavItem[];
  currentPath: string;
  /** Right side of the top bar (e.g. the account menu). */
  header?: ReactNode;
  brand?: ReactNode;
  /**
   * Link element for nav entries. A tag name ("a", the default) gets `href`; a component gets
   * `to`, so React Router's Link can be passed as is.
   */
  linkComponent?: ElementType;
  children?: ReactNode;
}

function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? "";
  return bare.length > 1 ? bare.replace(/\/+$/, "") : bare;
}

/** The entry whose path equals or is the longest prefix of the current path (sub-pages keep their section lit). */
function findCurrentNavPath(nav: NavItem[], currentPath: string): string | undefined {
  const current = normalizePath(currentPath);
  let best: string | undefined;
  for (const item of nav) {
    const to = normalizePath(item.to);
    const matches = current === to || current.startsWith(to === "/" ? "/" : `${to}/`);
    if (matches && (best === undefined || to.length > normalizePath(best).length)) best = item.to;
  }
  return best;
}

interface NavListProps {
  nav: NavItem[];
  currentTo: string | undefined;
  linkComponent: ElementType;
  onNavigate?: () => void;
}

function NavList({ nav, currentTo, linkComponent: Link, onNavigate }: NavListProps) {
  return (
    <ul className="grid gap-1">
      {nav.map(({ to, label, icon: Icon }) => {
        const current = to === currentTo;
        const target = typeof Link === "string" ? { href: to } : { to };
        return (
          <li key={to}>
            <Link
              {...target}
              aria-current={current ? "page" : undefined}
              onClick={onNavigate}
              className={cn(
                "flex min-h-10 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                current ? "bg-brand-soft text-brand" : "text-ink hover:bg-black/5",
              )}
            >
              {Icon ? <Icon className="size-5 shrink-0" aria-hidden="true" /> : null}
              <span>{label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

const iconButtonClasses =
  "inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-ink hover:bg-black/5";

/**
 * Back-office layout: top bar, a full-height side column with sticky navigation from md up, and a drawer (Radix Dialog:
 * focus trap, Escape) on phones. Renders the page's <main id="conteudo">.
 */
export function AppShell({
  nav,
  currentPath,
  header,
  brand = "Estadia",
  linkComponent = "a",
  children,
}: AppShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const currentTo = findCurrentNavPath(nav, currentPath);

  return (
    <div className="min-h-dvh bg-surface-alt">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg"
      >
        Pular para o conteúdo
      </a>

      <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b border-border bg-surface px-2 sm:px-4">
        <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <DialogPrimitive.Trigger aria-label="Abrir menu" className={cn(iconButtonClasses, "md:hidden")}>
            <Menu className="size-5" aria-hidden="true" />
          </DialogPrimitive.Trigger>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 motion-safe:animate-fade-in md:hidden" />
            <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-2 overflow-y-auto bg-surface p-3 shadow-xl motion-safe:animate-drawer-in md:hidden">
              <div className="flex items-center justify-between pl-3">
                <DialogPrimitive.Title className="text-base font-semibold">Menu</DialogPrimitive.Title>
                <DialogPrimitive.Close aria-label="Fechar menu" className={iconButtonClasses}>
                  <X className="size-5" aria-hidden="true" />
                </DialogPrimitive.Close>
              </div>
              <nav aria-label="Principal">
                <NavList
                  nav={nav}
                  currentTo={currentTo}
                  linkComponent={linkComponent}
                  onNavigate={() => setDrawerOpen(false)}
                />
              </nav>
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>
        <div className="min-w-0 truncate px-2 text-lg font-semibold text-brand">{brand}</div>
        {header ? <div className="ml-auto flex items-center gap-2">{header}</div> : null}
      </header>

      {/* From md up the side column runs the page's whole height (its white background too, in a full-page
          screenshot or on paper), and the navigation inside it stays in view while the page scrolls. */}
      <div className="md:flex md:min-h-[calc(100dvh-3.5rem)]">
        <div className="hidden w-60 shrink-0 border-r border-border bg-surface md:block">
          <nav
            aria-label="Principal"
            className="sticky top-14 max-h-[calc(100dvh-3.5rem)] overflow-y-auto p-3"
          >
            <NavList nav={nav} currentTo={currentTo} linkComponent={linkComponent} />
          </nav>
        </div>

        {/* tabIndex lets the skip link move focus here; it is not a control, so no ring. */}
        <main id="conteudo" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
