import { postOnly } from "../post-only";
import type { Route } from "./+types/guest-data-json";
import { backofficeContext } from "./guard.server";
import { postedExport } from "./guest-data-export.server";
import { servicesContext } from "./services.server";

/** POST /hospedes/exportar.json: everything stored about the guest searched for, as a JSON file. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  return postedExport(
    request,
    context.get(servicesContext).db,
    actor,
    (exported, filename) =>
      new Response(JSON.stringify(exported, null, 2), {
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Content-Disposition": `attachment; filename="${filename}.json"`,
        },
      }),
  );
}

/** A GET is 405: this address only answers the form's POST. */
export const loader = postOnly;
