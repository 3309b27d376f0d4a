import { CalendarSync, RefreshCw, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/ui/card";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import type { Answer } from "../answer";
import { useAnswerToast } from "./property-calendars-answer";

export type FeedItem = {
  id: string;
  sourceLabel: string;
  addressHint: string;
  lastSuccessAt: string | null;
  lastError: string | null;
};

interface Props {
  feeds: FeedItem[];
  canManage: boolean;
  /** Below the limit of calendars per property. */
  canAdd: boolean;
}

/** The platforms' calendars of the property, their last sync, and the form to add one. */
export function CalendarFeeds({ feeds, canManage, canAdd }: Props) {
  return (
    <section aria-labelledby="calendarios-plataformas" className="grid gap-3">
      <h2 id="calendarios-plataformas" className="text-lg font-semibold text-ink">
        Calendários das plataformas
      </h2>
      {feeds.length === 0 ? (
        <EmptyState
          icon={CalendarSync}
          titleAs="p"
          title="Nenhum calendário adicionado."
          description="Adicione o endereço iCal do Airbnb, do Booking.com ou de outra plataforma: as reservas chegam sozinhas a cada 15 minutos."
        />
      ) : (
        <ul className="grid gap-3">
          {feeds.map((feed) => (
            <li key={feed.id}>
              <FeedCard feed={feed} canManage={canManage} />
            </li>
          ))}
        </ul>
      )}
      {canManage && canAdd ? <AddFeedForm /> : null}
      {canManage && !canAdd ? (
        <p className="text-sm text-muted">Este imóvel já tem 5 calendários, o máximo.</p>
      ) : null}
    </section>
  );
}

function FeedCard({ feed, canManage }: { feed: FeedItem; canManage: boolean }) {
  const sync = useFetcher<Answer>();
  const remove = useFetcher<Answer>();
  const [confirming, setConfirming] = useState(false);
  useAnswerToast(sync);
  useAnswerToast(remove, () => setConfirming(false));
  const syncing = sync.state !== "idle";
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{feed.sourceLabel}</CardTitle>
        <CardDescription className="font-mono break-all">{feed.addressHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <p className="text-ink">
          Última sincronização:{" "}
          {feed.lastSuccessAt ? formatDateTime(feed.lastSuccessAt) : "ainda não sincronizado"}
        </p>
        {feed.lastError ? (
          <div role="alert" className="grid gap-1 rounded-lg bg-danger-soft p-3 text-danger">
            <p className="font-medium">Erro na última sincronização</p>
            <p>{feed.lastError}</p>
          </div>
        ) : null}
      </CardContent>
      {canManage ? (
        <CardFooter className="flex flex-wrap gap-2">
          <sync.Form method="post">
            <input type="hidden" name="intent" value="sync" />
            <input type="hidden" name="feedId" value={feed.id} />
            <Button type="submit" size="sm" variant="secondary" busy={syncing} busyLabel="Sincronizando...">
              <RefreshCw aria-hidden="true" />
              Sincronizar agora
            </Button>
          </sync.Form>
          <Button variant="outline" size="sm" className="text-danger" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
            Remover
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Remover este calendário?"
            description="As reservas dele que ainda não começaram saem da agenda; as que já começaram ou terminaram ficam."
            confirmLabel="Remover calendário"
            busy={remove.state !== "idle"}
            busyLabel="Removendo..."
            onConfirm={() => remove.submit({ intent: "remove-feed", feedId: feed.id }, { method: "post" })}
          />
        </CardFooter>
      ) : null}
    </Card>
  );
}

function AddFeedForm() {
  const fetcher = useFetcher<Answer>();
  const form = useRef<HTMLFormElement>(null);
  useAnswerToast(fetcher, () => form.current?.reset(), { inlineErrors: true });
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.message : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Adicionar calendário</CardTitle>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" ref={form} className="grid gap-3">
          <input type="hidden" name="intent" value="add-feed" />
          <Field
            label="Endereço do calendário (iCal)"
            hint="No Airbnb: Calendário › Disponibilidade › Conectar calendários › Exportar calendário. No Booking.com: Tarifas e disponibilidade › Sincronizar calendários › Exportar. Copie o endereço (termina em .ics) e cole aqui."
            error={fetcher.state === "idle" ? error : undefined}
          >
            {(control) => (
              <Input
                {...control}
                name="address"
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://www.airbnb.com.br/calendar/ical/…"
                required
              />
            )}
          </Field>
          <div>
            <Button type="submit" busy={fetcher.state !== "idle"} busyLabel="Adicionando...">
              Adicionar calendário
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
