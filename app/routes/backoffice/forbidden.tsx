import { Lock } from "lucide-react";
import { isRouteErrorResponse } from "react-router";
import { EmptyState } from "~/ui/empty-state";
import { PageFrame } from "~/ui/page-frame";

/** What a refused page says: its own title, and what the role may not do there ("ver as vendas"). */
export type ForbiddenPage = { title: string; what: string };

/** The page a loader's `requireCan` refused (a 403 carrying its ForbiddenPage), or null. */
export function forbiddenPageOf(error: unknown): ForbiddenPage | null {
  if (!isRouteErrorResponse(error) || error.status !== 403) return null;
  const page = (error.data as { forbidden?: ForbiddenPage } | null)?.forbidden;
  return page && typeof page.title === "string" && typeof page.what === "string" ? page : null;
}

/** A back-office page the member's role may not open (answered with 403). */
export function Forbidden({ title, what }: ForbiddenPage) {
  return (
    <PageFrame title={title}>
      <EmptyState
        icon={Lock}
        title="Você não tem permissão para ver esta página"
        description={`Seu papel nesta organização não permite ${what}. Peça ao proprietário, se precisar.`}
      />
    </PageFrame>
  );
}
