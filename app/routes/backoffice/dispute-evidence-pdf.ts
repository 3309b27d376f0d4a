import { disputeEvidencePdf } from "~/domain/disputes/evidence-pack.server";
import { refusalOf } from "~/domain/errors";
import { can } from "~/domain/team/permissions";
import type { Route } from "./+types/dispute-evidence-pdf";
import { backofficeContext } from "./guard.server";
import { notFoundUnlessFound } from "./not-found.server";
import { servicesContext } from "./services.server";

/**
 * GET /sales/{id}/contestacao.pdf: a disputed sale's evidence pack to upload to the provider (who reads
 * sales). A sale with no dispute, or another organization's, is the 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  if (!can(actor, "sales.read")) return new Response("Sem permissão para ver as vendas.", { status: 403 });
  const { db } = context.get(servicesContext);
  const pdf = notFoundUnlessFound(
    await disputeEvidencePdf(db, actor, params.id).catch((err: unknown) => {
      if (refusalOf(err).kind === "not_found") return null;
      throw err;
    }),
  );
  return new Response(new Blob([pdf.bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${pdf.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
