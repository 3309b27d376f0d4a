import { CalendarDays, CalendarPlus, Pencil, X } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { daysRange, nightsText } from "~/domain/stays/stay-dates-text";
import type { PropertyStay } from "~/domain/stays/upcoming-stays.server";
import { formatDay } from "~/lib/dates";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import type { Answer } from "../answer";
import { useAnswerToast } from "./property-calendars-answer";

/** The property's stays and blocks not over yet, and 'Adicionar reserva direta'. */
export function PropertyStays({ stays, canManage }: { stays: PropertyStay[]; canManage: boolean }) {
  return (
    <section aria-labelledby="proximas-reservas" className="grid gap-3">
      <h2 id="proximas-reservas" className="text-lg font-semibold text-ink">
        Próximas reservas e bloqueios
      </h2>
      {stays.length === 0 ? (
        <EmptyState
          icon={CalendarDays}
          titleAs="p"
          title="Nenhuma reserva por vir."
          description="As reservas dos calendários e as reservas diretas aparecem aqui."
        />
      ) : (
        <ul className="grid divide-y divide-border rounded-xl border border-border bg-surface">
          {stays.map((stay) => (
            <li key={stay.id} className="p-3">
              <StayRow stay={stay} canManage={canManage} />
            </li>
          ))}
        </ul>
      )}
      {canManage ? <AddDirectStayForm /> : null}
    </section>
  );
}

function StayRow({ stay, canManage }: { stay: PropertyStay; canManage: boolean }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const cancel = useFetcher<Answer>();
  useAnswerToast(cancel, () => setConfirming(false));
  const cancelled = stay.status === "cancelled";
  const editable = canManage && stay.direct && !cancelled;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <p className={`font-medium text-ink ${cancelled ? "line-through" : ""}`}>
          {formatDay(stay.checkIn)} → {formatDay(stay.checkOut)}
        </p>
        <span className="text-muted">{nightsText(stay.nights)}</span>
        <span className="text-muted">{stay.sourceLabel}</span>
        {stay.kind === "block" ? <Badge tone="gray">Bloqueio</Badge> : null}
        {cancelled ? <Badge tone="red">Cancelada</Badge> : null}
        {stay.reservationCode ? (
          <span className="font-mono text-xs text-muted">{stay.reservationCode}</span>
        ) : null}
      </div>
      {editable ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" size="sm" onClick={() => setEditing((on) => !on)} aria-expanded={editing}>
            <Pencil aria-hidden="true" />
            Editar datas
          </Button>
          <Button variant="ghost" size="sm" className="text-danger" onClick={() => setConfirming(true)}>
            <X aria-hidden="true" />
            {stay.kind === "block" ? "Cancelar bloqueio" : "Cancelar reserva"}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={stay.kind === "block" ? "Cancelar este bloqueio?" : "Cancelar esta reserva?"}
            description={`${daysRange(stay.checkIn, stay.checkOut)}. Ela continua na lista, marcada como cancelada.`}
            confirmLabel="Confirmar cancelamento"
            cancelLabel="Voltar"
            busy={cancel.state !== "idle"}
            busyLabel="Cancelando..."
            onConfirm={() => cancel.submit({ intent: "cancel-stay", stayId: stay.id }, { method: "post" })}
          />
        </div>
      ) : null}
      {editable && editing ? <EditDatesForm stay={stay} onDone={() => setEditing(false)} /> : null}
    </div>
  );
}

function EditDatesForm({ stay, onDone }: { stay: PropertyStay; onDone: () => void }) {
  const fetcher = useFetcher<Answer>();
  useAnswerToast(fetcher, onDone, { inlineErrors: true });
  const refusal = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return (
    <fetcher.Form
      method="post"
      className="grid gap-3 rounded-lg bg-surface-alt p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <input type="hidden" name="intent" value="edit-stay" />
      <input type="hidden" name="stayId" value={stay.id} />
      <Field label="Novo check-in" error={refusal?.fieldErrors?.checkIn}>
        {(control) => <Input {...control} type="date" name="checkIn" defaultValue={stay.checkIn} required />}
      </Field>
      <Field label="Novo check-out" error={refusal?.fieldErrors?.checkOut}>
        {(control) => (
          <Input {...control} type="date" name="checkOut" defaultValue={stay.checkOut} required />
        )}
      </Field>
      <Button type="submit" busy={fetcher.state !== "idle"} busyLabel="Salvando...">
        Salvar datas
      </Button>
      {refusal && !refusal.fieldErrors ? (
        <p role="alert" className="text-sm font-medium text-danger sm:col-span-3">
          {refusal.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function AddDirectStayForm() {
  const fetcher = useFetcher<Answer>();
  const form = useRef<HTMLFormElement>(null);
  useAnswerToast(fetcher, () => form.current?.reset(), { inlineErrors: true });
  const refusal = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Adicionar reserva direta</CardTitle>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" ref={form} className="grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="add-stay" />
          <Field label="Check-in" error={refusal?.fieldErrors?.checkIn}>
            {(control) => <Input {...control} type="date" name="checkIn" required />}
          </Field>
          <Field label="Check-out" error={refusal?.fieldErrors?.checkOut}>
            {(control) => <Input {...control} type="date" name="checkOut" required />}
          </Field>
          <div className="flex items-center gap-2 sm:col-span-2">
            <input id="reserva-bloqueio" type="checkbox" name="block" className="size-4 accent-brand" />
            <label htmlFor="reserva-bloqueio" className="text-sm text-ink">
              Bloqueio (o imóvel fica fechado, sem hóspede)
            </label>
          </div>
          {refusal && !refusal.fieldErrors ? (
            <p role="alert" className="text-sm font-medium text-danger sm:col-span-2">
              {refusal.message}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" busy={fetcher.state !== "idle"} busyLabel="Adicionando...">
              <CalendarPlus aria-hidden="true" />
              Adicionar reserva direta
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
