import { Download, UserX } from "lucide-react";
import { Form } from "react-router";
import { formatCents } from "~/lib/money";
import type { OrderStatus } from "~/lib/order-status";
import { Button, buttonClasses } from "~/ui/button";
import { Link } from "~/ui/link";
import { OrderStatusBadge } from "./order-status-badge";

type Found = {
  stored: { names: string[]; emails: string[]; phones: string[]; cpfs: string[] };
  orders: {
    id: string;
    shortId: string;
    date: string;
    propertyName: string;
    totalCents: number;
    status: string;
  }[];
};

/** The person found: what is stored about them, their orders, and 'Exportar' and 'Anonimizar'. */
export function GuestFound({ q, found, confirming }: { q: string; found: Found; confirming: boolean }) {
  const stored: [string, string[]][] = [
    ["Nome", found.stored.names],
    ["E-mail", found.stored.emails],
    ["Telefone", found.stored.phones],
    ["CPF", found.stored.cpfs],
  ];
  return (
    <section aria-label="Hóspede encontrado" className="grid gap-4">
      <div className="grid gap-2 rounded-xl border border-border bg-surface p-4 text-sm">
        <h2 className="text-base font-semibold">Dados guardados</h2>
        <dl className="grid gap-1 sm:grid-cols-[8rem_1fr]">
          {stored.map(([label, values]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd data-stored={label}>{values.length ? values.join(", ") : "-"}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="overflow-x-auto rounded-xl border border-border bg-surface">
        <table className="w-full text-sm">
          <caption className="sr-only">Pedidos do hóspede</caption>
          <thead className="text-left text-muted">
            <tr>
              <th className="p-3 font-medium">Pedido</th>
              <th className="p-3 font-medium">Data</th>
              <th className="p-3 font-medium">Imóvel</th>
              <th className="p-3 text-right font-medium">Total</th>
              <th className="p-3 font-medium">Status</th>
            </tr>
          </thead>
          <tbody>
            {found.orders.map((o) => (
              <tr key={o.id} className="border-t border-border" data-order={o.shortId}>
                <td className="p-3 font-mono">{o.shortId}</td>
                <td className="p-3 whitespace-nowrap">{o.date}</td>
                <td className="p-3">{o.propertyName}</td>
                <td className="p-3 text-right whitespace-nowrap tabular-nums">{formatCents(o.totalCents)}</td>
                <td className="p-3">
                  <OrderStatusBadge status={o.status as OrderStatus} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap gap-2">
        {/* Plain forms: the answer is a file the browser downloads, not a page. */}
        <form method="post" action="/hospedes/exportar.json">
          <input type="hidden" name="q" value={q} />
          <button type="submit" className={buttonClasses({ variant: "outline" })}>
            <Download aria-hidden="true" />
            Exportar JSON
          </button>
        </form>
        <form method="post" action="/hospedes/exportar.csv">
          <input type="hidden" name="q" value={q} />
          <button type="submit" className={buttonClasses({ variant: "outline" })}>
            <Download aria-hidden="true" />
            Exportar CSV
          </button>
        </form>
        {confirming ? null : (
          <Link
            to={`/hospedes?${new URLSearchParams({ q, anonimizar: "1" })}`}
            className={buttonClasses({ variant: "danger" })}
          >
            <UserX aria-hidden="true" />
            Anonimizar
          </Link>
        )}
      </div>
      {confirming ? (
        <div
          role="alertdialog"
          aria-label="Confirmar anonimização"
          className="grid gap-3 rounded-xl border border-danger p-4"
        >
          <p className="font-medium">Anonimizar os dados deste hóspede?</p>
          <p className="text-sm text-muted">
            O nome, o e-mail, o telefone e o CPF saem de{" "}
            {found.orders.length === 1 ? "1 pedido" : `${found.orders.length} pedidos`}, dos pagamentos e das
            cópias de e-mail. Valores, itens e o extrato ficam. Não dá para desfazer.
          </p>
          <Form
            method="post"
            action={`/hospedes?${new URLSearchParams({ q })}`}
            className="flex flex-wrap gap-2"
          >
            <input type="hidden" name="intent" value="anonymize" />
            <input type="hidden" name="q" value={q} />
            <Button type="submit" variant="danger">
              Sim, anonimizar
            </Button>
            <Link
              to={`/hospedes?${new URLSearchParams({ q })}`}
              className={buttonClasses({ variant: "ghost" })}
            >
              Cancelar
            </Link>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
