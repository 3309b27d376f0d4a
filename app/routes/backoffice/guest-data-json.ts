import type { Route } from "./+types/guest-data-json";
import { backofficeContext } from "./guard.server";
import { postedExport } from "./guest-data-export.server";

/** POST /hospedes/exportar.json: everything stored about the guest searched for, as a JSON file. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  return postedExport(
    request,
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
