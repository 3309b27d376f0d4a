import { Form } from "react-router";
import { Button, buttonClasses } from "~/ui/button";
import { Link } from "~/ui/link";

type Open = {
  id: string;
  kind: string;
  kindLabel: string;
  sourceLabel: string;
  order: string | null;
  who: string | null;
  requested: string;
  deadline: { text: string; late: boolean };
  canSend: boolean;
};
type Answered = {
  id: string;
  kindLabel: string;
  sourceLabel: string;
  order: string | null;
  answered: string;
  by: string;
  answer: string;
};

/** The organization's data requests: open ones with their 15-day deadline and answer, then answered ones. */
export function GuestRequests({
  open,
  answered,
  confirmRequest,
  q,
}: {
  open: Open[];
  answered: Answered[];
  confirmRequest: string | null;
  q: string;
}) {
  const here = (more: Record<string, string>) =>
    `/hospedes?${new URLSearchParams({ ...(q ? { q } : {}), ...more })}`;
  return (
    <>
      <section aria-labelledby="open-requests" className="grid gap-3">
        <h2 id="open-requests" className="text-lg font-semibold">
          Pedidos em aberto
        </h2>
        {open.length === 0 ? (
          <p className="text-sm text-muted">Nenhum pedido de hóspede esperando resposta.</p>
        ) : (
          <ul className="grid gap-3">
            {open.map((r) => (
              <li
                key={r.id}
                data-request={r.id}
                className="grid gap-2 rounded-xl border border-border bg-surface p-4 text-sm"
              >
                <p className="font-medium">
                  {r.kindLabel} · {r.sourceLabel}
                </p>
                <p className="text-muted">
                  {r.order ? `Pedido ${r.order} · ` : ""}
                  {r.who ? `${r.who} · ` : ""}
                  feito em {r.requested}
                </p>
                <p className={r.deadline.late ? "font-medium text-danger" : undefined}>{r.deadline.text}</p>
                <div className="flex flex-wrap gap-2">
                  {r.kind === "export" && r.canSend ? (
                    <Form method="post" action={here({})}>
                      <input type="hidden" name="intent" value="send-copy" />
                      <input type="hidden" name="requestId" value={r.id} />
                      <Button type="submit" variant="secondary">
                        Enviar cópia ao hóspede
                      </Button>
                    </Form>
                  ) : null}
                  {r.kind === "erasure" && confirmRequest !== r.id ? (
                    <Link to={here({ pedido: r.id })} className={buttonClasses({ variant: "danger" })}>
                      Anonimizar
                    </Link>
                  ) : null}
                </div>
                {r.kind === "erasure" && confirmRequest === r.id ? (
                  <Form
                    method="post"
                    action={here({})}
                    role="alertdialog"
                    aria-label="Confirmar anonimização"
                    className="grid gap-2 rounded-lg border border-danger p-3"
                  >
                    <p>
                      Anonimizar os dados deste hóspede em todos os pedidos dele? Valores, itens e o extrato
                      ficam. Não dá para desfazer.
                    </p>
                    <input type="hidden" name="intent" value="anonymize-request" />
                    <input type="hidden" name="requestId" value={r.id} />
                    <div className="flex flex-wrap gap-2">
                      <Button type="submit" variant="danger">
                        Sim, anonimizar
                      </Button>
                      <Link to={here({})} className={buttonClasses({ variant: "ghost" })}>
                        Cancelar
                      </Link>
                    </div>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="answered-requests" className="grid gap-3">
        <h2 id="answered-requests" className="text-lg font-semibold">
          Pedidos respondidos
        </h2>
        {answered.length === 0 ? (
          <p className="text-sm text-muted">Nenhum pedido respondido ainda.</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-border bg-surface">
            <table className="w-full text-sm">
              <thead className="text-left text-muted">
                <tr>
                  <th className="p-3 font-medium">Pedido de dados</th>
                  <th className="p-3 font-medium">Pedido</th>
                  <th className="p-3 font-medium">Respondido em</th>
                  <th className="p-3 font-medium">Por</th>
                  <th className="p-3 font-medium">Resposta</th>
                </tr>
              </thead>
              <tbody>
                {answered.map((r) => (
                  <tr key={r.id} className="border-t border-border" data-answered={r.id}>
                    <td className="p-3">
                      {r.kindLabel} · {r.sourceLabel}
                    </td>
                    <td className="p-3 font-mono">{r.order ?? "-"}</td>
                    <td className="p-3 whitespace-nowrap">{r.answered}</td>
                    <td className="p-3">{r.by}</td>
                    <td className="p-3">{r.answer}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
