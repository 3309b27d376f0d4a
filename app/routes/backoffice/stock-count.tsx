import { ArrowLeft, ClipboardCheck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { getProperty } from "~/domain/properties/read-properties.server";
import { LOSS_REASON_OPTIONS, type LossReason } from "~/domain/stock/loss-reasons";
import { listCountLines, saveStockCount } from "~/domain/stock/stock-count.server";
import { formText } from "~/lib/form-text";
import { Button, buttonClasses } from "~/ui/button";
import { Card } from "~/ui/card";
import { EmptyState } from "~/ui/empty-state";
import { Label } from "~/ui/label";
import { Link } from "~/ui/link";
import { PageFrame } from "~/ui/page-frame";
import { NativeSelect } from "~/ui/select";
import { answer } from "../intents.server";
import type { Route } from "./+types/stock-count";
import { backofficeContext } from "./guard.server";
import { notFoundUnlessFound } from "./not-found.server";
import { requireCan } from "./require-can.server";
import { servicesContext } from "./services.server";
import { StockCountLine } from "./stock-count-line";
import { StockCountSummary } from "./stock-count-summary";
import { STOCK_COUNT_TEXT as T } from "./stock-count-text";

/** Most of what a count finds missing was consumed by guests without paying. */
const DEFAULT_LOSS_REASON: LossReason = "consumed_unpaid";
const COUNTED = "counted.";

export function meta() {
  return [{ title: T.title }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "stock.count", { title: T.title, what: T.forbidden });
  const { db } = context.get(servicesContext);
  // Another organization's property is the 404 page, exactly like one that never existed.
  const property = notFoundUnlessFound(await getProperty(db, actor, params.propertyId));
  const lines = await listCountLines(db, actor, property.id);
  return { property: { id: property.id, name: property.name }, lines };
}

/**
 * The form posts `counted.<productId>` with the number typed for each line, its own
 * `lossReason.<productId>` when one differs, and the count's `lossReason`.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  return answer("count", async () => {
    const summary = await saveStockCount(db, actor, params.propertyId, {
      lines: [...form.keys()]
        .filter((name) => name.startsWith(COUNTED))
        .map((name) => {
          const productId = name.slice(COUNTED.length);
          return {
            productId,
            counted: formText(form, name),
            lossReason: formText(form, `lossReason.${productId}`),
          };
        }),
      lossReason: formText(form, "lossReason"),
    });
    return { message: T.done, summary };
  });
}

export default function StockCount({ loaderData, actionData }: Route.ComponentProps) {
  const { property, lines } = loaderData;
  const navigation = useNavigation();
  const refusal = actionData && !actionData.ok ? actionData : null;

  return (
    <PageFrame
      title={T.title}
      description={<span className="font-medium text-ink">{property.name}</span>}
      actions={
        <Link to={`/properties/${property.id}/products`} className={buttonClasses({ variant: "outline" })}>
          <ArrowLeft aria-hidden="true" />
          {T.back}
        </Link>
      }
      className="max-w-2xl"
    >
      {actionData?.ok ? (
        <StockCountSummary propertyId={property.id} summary={actionData.summary} />
      ) : lines.length === 0 ? (
        <EmptyState icon={ClipboardCheck} title={T.empty} description={T.emptyHint} />
      ) : (
        <Form method="post" className="grid gap-4">
          <p className="text-sm text-muted">{T.intro}</p>
          {refusal ? (
            <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
              {T.failed(refusal.message)}
            </p>
          ) : null}
          <Card>
            <ul aria-label="Produtos a conferir" className="divide-y divide-border">
              {lines.map((line) => (
                <StockCountLine
                  key={line.productId}
                  line={line}
                  error={
                    refusal?.fieldErrors?.[`${line.productId}.counted`] ??
                    refusal?.fieldErrors?.[`${line.productId}.lossReason`]
                  }
                />
              ))}
            </ul>
          </Card>
          <div className="grid gap-1.5">
            <Label htmlFor="motivo-faltas">{T.lossReason}</Label>
            <NativeSelect
              id="motivo-faltas"
              name="lossReason"
              defaultValue={DEFAULT_LOSS_REASON}
              aria-describedby="motivo-faltas-dica"
            >
              {LOSS_REASON_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
            <p id="motivo-faltas-dica" className="text-sm text-muted">
              {T.lossReasonHint}
            </p>
          </div>
          <div className="sticky bottom-0 -mx-4 border-t border-border bg-surface-alt/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
            <Button
              type="submit"
              className="w-full sm:w-auto"
              busy={navigation.state === "submitting"}
              busyLabel={T.submitting}
            >
              {T.submit}
            </Button>
          </div>
        </Form>
      )}
    </PageFrame>
  );
}
