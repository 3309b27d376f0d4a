import { useState } from "react";
import { Form, useSubmit } from "react-router";
import { roleLabel } from "~/domain/team/roles";
import { formatDateTime } from "~/lib/dates";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { NativeSelect } from "~/ui/select";
import { RoleOptions, RowAction } from "./team-controls";

export type TeamMember = {
  id: string;
  name: string;
  email: string;
  role: string;
  since: string;
  isSelf: boolean;
};

/** 'Membros': each member's role, changed in place, and their removal (asked again once JavaScript runs). */
export function TeamMembers({ members, busy }: { members: TeamMember[]; busy: boolean }) {
  const submit = useSubmit();
  // Before JavaScript runs the plain form posts straight away.
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  return (
    <section aria-labelledby="members-heading" className="grid gap-3">
      <h2 id="members-heading" className="text-lg font-semibold">
        Membros
      </h2>
      <ul aria-label="Membros" className="grid gap-3">
        {members.map((m) => (
          <li
            key={m.id}
            className="grid gap-3 rounded-xl border border-border bg-surface p-4 md:grid-cols-[1fr_auto]"
          >
            <div className="grid min-w-0 gap-0.5">
              <p className="truncate font-semibold">
                {m.name} {m.isSelf ? <span className="font-normal text-muted">(você)</span> : null}
              </p>
              <p className="truncate text-sm text-muted">{m.email}</p>
              <p className="text-sm">
                <Badge tone={m.role === "owner" ? "blue" : "gray"}>{roleLabel(m.role)}</Badge>{" "}
                <span className="text-muted">desde {formatDateTime(m.since)}</span>
              </p>
            </div>
            <div className="flex flex-wrap items-end gap-2">
              <Form method="post" className="flex items-end gap-2">
                <input type="hidden" name="intent" value="role" />
                <input type="hidden" name="id" value={m.id} />
                <label className="sr-only" htmlFor={`role-${m.id}`}>
                  Papel de {m.name}
                </label>
                <NativeSelect id={`role-${m.id}`} name="role" defaultValue={m.role} className="w-48">
                  <RoleOptions />
                </NativeSelect>
                <Button
                  type="submit"
                  variant="outline"
                  disabled={busy}
                  aria-label={`Alterar papel de ${m.name}`}
                >
                  Alterar
                </Button>
              </Form>
              <RowAction
                intent="remove"
                id={m.id}
                variant="danger"
                disabled={busy}
                label={`Remover ${m.name}`}
                onClick={(event) => {
                  event.preventDefault();
                  setRemoving({ id: m.id, name: m.name });
                }}
              >
                Remover
              </RowAction>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remover da equipe"
        description={`${removing?.name ?? ""} deixa de acessar esta organização na hora, e as sessões abertas nela terminam.`}
        confirmLabel="Remover"
        onConfirm={() => {
          if (removing) submit({ intent: "remove", id: removing.id }, { method: "post" });
          setRemoving(null);
        }}
      />
    </section>
  );
}
