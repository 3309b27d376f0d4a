import { damageReportPdf } from "~/domain/damages/damage-report.server";
import { refusalOf } from "~/domain/errors";
import { can } from "~/domain/team/permissions";
import type { Route } from "./+types/damage-report-pdf";
import { backofficeContext } from "./guard.server";
import { notFoundUnlessFound } from "./not-found.server";
import { servicesContext } from "./services.server";

/**
 * GET /avarias/{id}/relatorio.pdf: the claim report to attach to the platform's claim (owners and
 * managers). Another organization's record is the 404, exactly like one that never existed.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  if (!can(actor, "damage.manage"))
    return new Response("Sem permissão para gerar o relatório da avaria.", { status: 403 });
  const { db } = context.get(servicesContext);
  const pdf = notFoundUnlessFound(
    await damageReportPdf(db, actor, params.id).catch((err: unknown) => {
      if (refusalOf(err).kind === "not_found") return null;
      throw err;
    }),
  );
  // pdf-lib types its bytes loosely (any ArrayBufferLike); they sit in a plain ArrayBuffer.
  return new Response(new Blob([pdf.bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${pdf.filename}"`,
    },
  });
}
