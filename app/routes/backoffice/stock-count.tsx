import { ArrowLeft, ClipboardCheck } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { getProperty } from "~/domain/properties/read-properties.server";
import { daysRange } from "~/domain/stays/stay-dates-text";
import { LOSS_REASON_OPTIONS, type LossReason } from "~/domain/stock/loss-reasons";
import { tellUnpaidConsumption } from "~/domain/stock/stay-count-account.server";
import { listCountLines, readCountStay, saveStockCount } from "~/domain/stock/stock-count.server";
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
import { clearDraft, draftFields, draftKey, readDraft, writeDraft } from "./count-draft";
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

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.stay ? T.turnoverTitle : T.title }];
}

/** `?estadia=<id>`: the count of the stay that just ended ('Conferir saída'); another's stay is the 404 page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = context.get(backofficeContext);
  requireCan(actor, "stock.count", { title: T.title, what: T.forbidden });
  const { db } = context.get(servicesContext);
  // Another organization's property is the 404 page, exactly like one that never existed.
  const property = notFoundUnlessFound(await getProperty(db, actor, params.propertyId));
  const asked = new URL(request.url).searchParams.get("estadia");
  const stay = asked ? notFoundUnlessFound(await readCountStay(db, actor, property.id, asked)) : null;
  const lines = await listCountLines(db, actor, property.id);
  // The phone's id of this count: the same page sent twice (a lost answer, a retry) is one count.
  return { property: { id: property.id, name: property.name }, stay, lines, clientId: crypto.randomUUID() };
}

/**
 * The form posts `counted.<productId>` with the number typed for each line, its own `lossReason.<productId>`
 * when one differs, the count's `lossReason`, and the count's `stayId`, `clientId` and `takenAt` (the phone's
 * clock when 'Concluir' was pressed; without script, now).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = context.get(backofficeContext);
  const services = context.get(servicesContext);
  const { db } = services;
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
      stayId: formText(form, "stayId"),
      clientId: formText(form, "clientId"),
      takenAt: formText(form, "takenAt"),
    });
    if (!summary.replayed) await tellUnpaidConsumption(services, actor.organizationId, summary.countId);
    // Validated by the count: the stay of this property it was recorded on, or none.
    return { message: T.done, summary, stayId: formText(form, "stayId") || null };
  });
}

export default function StockCount({ loaderData, actionData }: Route.ComponentProps) {
  const { property, stay, lines, clientId } = loaderData;
  const navigation = useNavigation();
  const refusal = actionData && !actionData.ok ? actionData : null;
  const draft = useCountDraft(draftKey(property.id, stay?.id ?? null), actionData?.ok === true);

  return (
    <PageFrame
      title={stay ? T.turnoverTitle : T.title}
      description={
        <span className="font-medium text-ink">
          {property.name}
          {stay ? ` · ${T.turnoverOf(daysRange(stay.checkIn, stay.checkOut))}` : null}
        </span>
      }
      actions={
        <Link to={`/properties/${property.id}/products`} className={buttonClasses({ variant: "outline" })}>
          <ArrowLeft aria-hidden="true" />
          {T.back}
        </Link>
      }
      className="max-w-2xl"
    >
      {actionData?.ok ? (
        <div className="grid gap-3">
          <StockCountSummary propertyId={property.id} summary={actionData.summary} />
          {actionData.stayId ? (
            <Link
              to={`/estadias/${actionData.stayId}#conta`}
              className={buttonClasses({ variant: "outline" })}
            >
              {T.seeAccount}
            </Link>
          ) : null}
        </div>
      ) : lines.length === 0 ? (
        <EmptyState icon={ClipboardCheck} title={T.empty} description={T.emptyHint} />
      ) : (
        <Form
          ref={draft.formRef}
          method="post"
          className="grid gap-4"
          onChange={draft.keep}
          onSubmit={draft.onSubmit}
        >
          <input type="hidden" name="clientId" defaultValue={clientId} />
          <input type="hidden" name="takenAt" defaultValue="" />
          {stay ? <input type="hidden" name="stayId" value={stay.id} /> : null}
          <p className="text-sm text-muted">{T.intro}</p>
          {draft.waiting ? (
            <p role="status" className="rounded-lg bg-warning-soft p-3 text-sm text-ink">
              {T.savedOffline}
            </p>
          ) : null}
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

/**
 * Keeps the count in the page's own storage as it is typed (count-draft.ts). 'Concluir' without a connection
 * stores it with its moment and sends it when the connection is back; a stored count is restored, and sent if
 * it was concluded, when the page opens again. The server records it once, by its client id.
 */
function useCountDraft(key: string, saved: boolean) {
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const [waiting, setWaiting] = useState(false);

  const field = useCallback((name: string) => {
    const el = formRef.current?.elements.namedItem(name);
    return el instanceof HTMLInputElement || el instanceof HTMLSelectElement ? el : null;
  }, []);

  const keep = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    writeDraft(localStorage, key, {
      clientId: field("clientId")?.value ?? "",
      fields: draftFields(form),
      takenAt: field("takenAt")?.value || null,
    });
  }, [key, field]);

  const send = useCallback(() => {
    const form = formRef.current;
    if (!form || !navigator.onLine) return;
    setWaiting(false);
    submit(form, { method: "post" });
  }, [submit]);

  // Restore what this phone kept of this count, and send it if it was concluded.
  useEffect(() => {
    const form = formRef.current;
    const kept = form ? readDraft(localStorage, key) : null;
    if (!form || !kept) return;
    const id = field("clientId");
    if (id && kept.clientId) id.value = kept.clientId;
    for (const [name, value] of Object.entries(kept.fields)) {
      const el = field(name);
      if (el) el.value = value;
    }
    if (kept.takenAt) {
      const takenAt = field("takenAt");
      if (takenAt) takenAt.value = kept.takenAt;
      setWaiting(true);
      send();
    }
  }, [key, field, send]);

  useEffect(() => {
    if (!waiting) return;
    window.addEventListener("online", send);
    return () => window.removeEventListener("online", send);
  }, [waiting, send]);

  // The server has it: nothing left to keep.
  useEffect(() => {
    if (saved) clearDraft(localStorage, key);
  }, [saved, key]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const takenAt = field("takenAt");
    // The moment 'Concluir' was pressed, kept if it is sent again later.
    if (takenAt && !takenAt.value) takenAt.value = new Date().toISOString();
    keep();
    if (!navigator.onLine) {
      event.preventDefault();
      setWaiting(true);
    }
  };

  return { formRef, keep, onSubmit, waiting };
}
