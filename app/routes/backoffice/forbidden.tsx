import { Lock } from "lucide-react";
import { EmptyState } from "~/ui/empty-state";
import { PageFrame } from "~/ui/page-frame";

/** A back-office page the member's role may not open (answered with 403). */
export function Forbidden({ title, what }: { title: string; what: string }) {
  return (
    <PageFrame title={title}>
      <EmptyState
        icon={Lock}
        title="Você não tem permissão para ver esta página"
        description={`Seu papel nesta organização não dá acesso a ${what}. Peça ao proprietário, se precisar.`}
      />
    </PageFrame>
  );
}
