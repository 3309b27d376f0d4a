import {
  Boxes,
  CalendarDays,
  Camera,
  House,
  Landmark,
  LayoutDashboard,
  ListChecks,
  LoaderCircle,
  Package,
  RefreshCw,
  ShoppingBag,
  UserRoundSearch,
  Users,
  Wallet,
} from "lucide-react";
import { Outlet, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { AvatarMenu } from "~/ui/avatar-menu";
import { Link } from "~/ui/link";
import { AppShell, type NavItem } from "~/ui/page-frame";
import type { Route } from "./+types/layout";
import { BackofficeErrorPage } from "./error-page";
import { backofficeContext, backofficeGuard } from "./guard.server";
import { RECEIVING_PATH } from "./receiving-result";
import { openSections } from "./sections";

// Every back-office route sits under this layout, so the guard runs before any of their loaders.
export const middleware = [backofficeGuard];

export function loader({ context }: Route.LoaderArgs) {
  const { actor, user, organizationName, organizations } = context.get(backofficeContext);
  return {
    user,
    organizationName,
    organizations,
    activeOrganizationId: actor.organizationId,
    // 'Dados de hóspedes' (issue 24) is the owners' only.
    sections: openSections(actor),
  };
}

const nav: NavItem[] = [
  { to: "/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/hoje", label: "Hoje", icon: ListChecks },
  { to: "/properties", label: "Imóveis", icon: House },
  { to: "/agenda", label: "Agenda", icon: CalendarDays },
  { to: "/inventory", label: "Estoque", icon: Boxes },
  { to: "/replacements", label: "Reposições", icon: RefreshCw },
  { to: "/avarias", label: "Avarias", icon: Camera },
  { to: "/products", label: "Produtos", icon: Package },
  { to: "/sales", label: "Vendas", icon: ShoppingBag },
  { to: "/withdrawals", label: "Saques", icon: Wallet },
  { to: RECEIVING_PATH, label: "Recebimentos", icon: Landmark },
  { to: "/hospedes", label: "Dados de hóspedes", icon: UserRoundSearch },
  { to: "/team", label: "Equipe", icon: Users },
];

/** Polite live region that stays mounted, so screen readers hear the text when it appears. */
function NavigationStatus() {
  const loading = useNavigation().state === "loading";
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-2 text-sm text-muted">
      {loading ? (
        <>
          <LoaderCircle className="size-4 shrink-0 motion-safe:animate-spin" aria-hidden="true" />
          <span className="max-sm:sr-only">Carregando...</span>
        </>
      ) : null}
    </div>
  );
}

type ShellData = Route.ComponentProps["loaderData"];

function Shell({ data, children }: { data: ShellData; children: React.ReactNode }) {
  const { pathname } = useLocation();
  const { user, sections, organizations, activeOrganizationId } = data;
  return (
    <AppShell
      nav={nav.filter((item) => sections.includes(item.to))}
      currentPath={pathname}
      brand="Estadia"
      linkComponent={Link}
      header={
        <>
          <NavigationStatus />
          <AvatarMenu
            name={user.name}
            email={user.email}
            signOutAction="/sign-out"
            organizations={organizations}
            activeOrganizationId={activeOrganizationId}
            switchAction="/organizacao/ativa"
            notificationsHref="/notificacoes"
          />
        </>
      }
    >
      {children}
    </AppShell>
  );
}

export default function BackofficeLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell data={loaderData}>
      <Outlet />
    </Shell>
  );
}

/**
 * A back-office page that did not load, inside the side navigation: the 403 of `requireCan`, the 404 page,
 * or the generic failure. Pages with a spec'd load-failure message of their own render `LoadFailed`.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = useRouteLoaderData<typeof loader>("routes/backoffice/layout");
  const page = <BackofficeErrorPage error={error} />;
  return shell ? <Shell data={shell}>{page}</Shell> : page;
}
