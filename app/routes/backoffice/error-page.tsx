import { isRouteErrorResponse, useLocation } from "react-router";
import { NotFound } from "~/ui/not-found";
import { PageFrame } from "~/ui/page-frame";
import { Forbidden, forbiddenPageOf } from "./forbidden";

/** What a back-office page shows when its loader refused or failed (the layout keeps the navigation). */
export function BackofficeErrorPage({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  const forbidden = forbiddenPageOf(error);
  if (forbidden) return <Forbidden {...forbidden} />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound path={pathname} />;
  return (
    <PageFrame title="Algo deu errado">
      <div role="alert" className="grid gap-2 rounded-lg bg-danger-soft p-3 text-sm text-danger">
        <p>Não foi possível carregar esta página. Tente novamente em instantes.</p>
        <p>
          <a href={pathname} className="font-medium underline">
            Tentar novamente
          </a>
        </p>
      </div>
    </PageFrame>
  );
}
